/**
 * The seeded data set of the scale benchmarks: 3 companies, contacts, tickets and messages written
 * straight to a database file (prepared inserts in one transaction; the FTS index built once at the
 * end instead of by the per-row trigger). Same seed and scale, same data.
 *
 * Company 1 (the platform company, super admin `bench@balcao.local`) holds half of everything; the
 * newest-activity ticket of company 1 holds `bigTicket` messages (the message-page figure); user
 * `agent@balcao.local` is an agent of company 1 serving 2 of its 4 queues.
 */
import { existsSync, rmSync } from "node:fs";
import { loadConfig } from "../../src/config";
import { openDatabase } from "../../src/db/client";
import { migrate } from "../../src/db/migrate";
import { seed } from "../../src/ops/seed";
import { setLogLevel } from "../../src/lib/logger";
import { hashPassword } from "../../src/lib/password";
import { seedCompanySettings } from "../../src/modules/settings/service";

export interface Scale {
  tickets: number;
  contacts: number;
  messages: number;
  /** Messages of the one big ticket (part of `messages`). */
  bigTicket: number;
}

export const FULL: Scale = { tickets: 100_000, contacts: 20_000, messages: 1_000_000, bigTicket: 5_000 };
export const SMOKE: Scale = { tickets: 1_000, contacts: 200, messages: 10_000, bigTicket: 500 };

export const ADMIN = { email: "bench@balcao.local", password: "bench-password-1" };
export const AGENT = { email: "agent@balcao.local", password: "agent-password-1" };

/** Share of each company (company 1 is the one measured). */
const SHARES = [0.5, 0.25, 0.25];
const QUEUES_PER_COMPANY = 4;
const USERS_PER_COMPANY = 6;
/** Customer-service vocabulary, drawn with Zipf-like weights (a few words are common, most are rare). */
const WORDS = (
  "olá bom dia boa tarde obrigado por favor pedido entrega boleto atraso troca garantia pix nota fiscal cancelar endereço produto " +
  "orçamento frete cartão devolução cobrança prazo valor desconto parcela loja site aplicativo senha cadastro conta email telefone " +
  "rastreio transportadora correios embalagem defeito tamanho cor modelo estoque reembolso estorno fatura vencimento juros contrato " +
  "assinatura plano suporte técnico instalação visita agendamento horário atendente reclamação elogio sugestão dúvida urgente " +
  "amanhã hoje semana mês recebi chegou quebrado faltando errado certo pagamento aprovado recusado pendente confirmado enviado"
).split(" ");
const WEIGHTS = WORDS.map((_, i) => 1 / (i + 1));
const WEIGHT_SUM = WEIGHTS.reduce((a, b) => a + b, 0);
/** The word the search figures look for: a mid-frequency one (about 1 message in 50). */
export const SEARCH_WORD = "defeito";
const NAMES = [
  "Ana",
  "Bruno",
  "Carla",
  "Diego",
  "Élida",
  "Fábio",
  "Gisele",
  "Hugo",
  "Íris",
  "João",
  "Karina",
  "Luís",
  "Márcia",
  "Nélson",
  "Otávio",
  "Paula",
  "Quésia",
  "Rafael",
  "Sônia",
  "Tiago",
];
const SURNAMES = ["Silva", "Souza", "Oliveira", "Santos", "Pereira", "Lima", "Carvalho", "Gomes", "Araújo", "Conceição", "Ribeiro", "Martins"];

/** mulberry32: a small seeded generator (same seed, same data). */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Writes the data set to `path` (replacing any file there); answers the seconds it took. */
export async function generate(path: string, scale: Scale, seedValue = 42): Promise<number> {
  const t0 = performance.now();
  setLogLevel("silent");
  for (const suffix of ["", "-wal", "-shm"]) if (existsSync(path + suffix)) rmSync(path + suffix);
  const dataDir = path.replace(/\/[^/]+$/, "");
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: "silent" });
  const db = openDatabase(path);
  migrate(db);
  await seed(db, config);
  const s = db.sqlite;
  const random = rng(seedValue);
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
  const word = () => {
    let r = random() * WEIGHT_SUM;
    for (let i = 0; i < WORDS.length; i++) {
      r -= WEIGHTS[i];
      if (r <= 0) return WORDS[i];
    }
    return WORDS[WORDS.length - 1];
  };
  const agentHash = await hashPassword(AGENT.password);
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const trigger = (s.query("select sql from sqlite_master where name = 'messages_fts_ai'").get() as { sql: string }).sql;

  s.exec("PRAGMA synchronous = OFF");
  s.exec("DROP TRIGGER messages_fts_ai");
  s.transaction(() => {
    const planId = (s.query("select plan_id from companies where id = 1").get() as { plan_id: number }).plan_id;
    const company = s.prepare(
      "insert into companies (name, email, plan_id, status, due_date, schedules, created_at, updated_at) values (?, ?, ?, 1, '2099-12-31', '[]', ?, ?)",
    );
    for (const n of [2, 3]) {
      company.run(`Empresa ${n}`, `empresa${n}@bench.local`, planId, iso(now), iso(now));
    }
    const queue = s.prepare("insert into queues (company_id, name, color, created_at, updated_at) values (?, ?, ?, ?, ?) returning id");
    const user = s.prepare(
      "insert into users (company_id, name, email, password_hash, profile, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?) returning id",
    );
    const userQueue = s.prepare("insert into user_queues (user_id, queue_id) values (?, ?)");
    const conn = s.prepare(
      "insert into whatsapps (company_id, name, channel, status, is_default, created_at, updated_at) values (?, ?, 'sandbox', 'DISCONNECTED', ?, ?, ?) returning id",
    );
    const contact = s.prepare("insert into contacts (company_id, name, number, email, uuid, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?) returning id");
    const ticket = s.prepare(
      "insert into tickets (uuid, company_id, status, contact_id, user_id, queue_id, whatsapp_id, last_message, unread_messages, from_me, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id",
    );
    const message = s.prepare(
      "insert into messages (company_id, ticket_id, whatsapp_id, wid, contact_id, user_id, body, from_me, read, ack, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    );
    let wid = 0;
    for (const [c, share] of SHARES.entries()) {
      const companyId = c + 1;
      const queueIds = Array.from(
        { length: QUEUES_PER_COMPANY },
        (_, q) => (queue.get(companyId, `Fila ${q + 1}`, `#${(q * 40 + c).toString(16).padStart(6, "0")}`, iso(now), iso(now)) as { id: number }).id,
      );
      const userIds = Array.from({ length: USERS_PER_COMPANY }, (_, u) => {
        const first = companyId === 1 && u === 0;
        const id = (
          user.get(
            companyId,
            first ? "Agente Bench" : `Atendente ${companyId}-${u}`,
            first ? AGENT.email : `u${companyId}-${u}@bench.local`,
            agentHash,
            "user",
            iso(now),
            iso(now),
          ) as { id: number }
        ).id;
        userQueue.run(id, queueIds[u % QUEUES_PER_COMPANY]);
        userQueue.run(id, queueIds[(u + 1) % QUEUES_PER_COMPANY]);
        return id;
      });
      const connIds = [0, 1].map((k) => (conn.get(companyId, `Conexão ${k + 1}`, k === 0 ? 1 : 0, iso(now), iso(now)) as { id: number }).id);
      const nContacts = Math.round(scale.contacts * share);
      const contactIds: number[] = [];
      for (let i = 0; i < nContacts; i++) {
        const name = `${pick(NAMES)} ${pick(SURNAMES)} ${i}`;
        const number = `55${11 + (i % 80)}9${String(10_000_000 + ((i * 7919 + companyId) % 90_000_000)).padStart(8, "0")}`;
        contactIds.push(
          (contact.get(companyId, name, number, i % 3 === 0 ? `cliente${i}@mail.local` : "", crypto.randomUUID(), iso(now), iso(now)) as { id: number }).id,
        );
      }
      const nTickets = Math.round(scale.tickets * share);
      let messagesLeft = Math.round(scale.messages * share) - (companyId === 1 ? scale.bigTicket : 0);
      for (let i = 0; i < nTickets; i++) {
        // The first 30% are active (half open, half pending): one per contact and connection.
        const status = i < nTickets * 0.3 ? (i % 2 ? "pending" : "open") : "closed";
        const whatsappId = connIds[Math.floor(i / nContacts) % 2];
        const contactId = contactIds[i % nContacts];
        const big = companyId === 1 && i === 0;
        const updated = big ? now : now - Math.floor(random() * 365 * 86_400_000);
        const created = updated - Math.floor(random() * 7 * 86_400_000);
        const queueId = random() < 0.1 ? null : pick(queueIds);
        const userId = status === "pending" ? null : pick(userIds);
        const count = big ? scale.bigTicket : Math.max(1, Math.round((messagesLeft / (nTickets - i)) * (0.5 + random())));
        messagesLeft -= big ? 0 : count;
        const unread = status === "closed" ? 0 : Math.floor(random() * 3);
        const last = `${word()} ${word()}`;
        const tid = (
          ticket.get(crypto.randomUUID(), companyId, status, contactId, userId, queueId, whatsappId, last, unread, 0, iso(created), iso(updated)) as {
            id: number;
          }
        ).id;
        const step = Math.max(1, Math.floor((updated - created) / count));
        for (let m = 0; m < count; m++) {
          const fromMe = m % 2 === 1;
          const body = `${word()} ${word()} ${word()} ${word()} número ${tid * 10 + m}`;
          const at = iso(created + m * step);
          const unreadMsg = !fromMe && m >= count - unread;
          message.run(
            companyId,
            tid,
            whatsappId,
            `W${++wid}`,
            fromMe ? null : contactId,
            fromMe ? userId : null,
            body,
            fromMe ? 1 : 0,
            unreadMsg ? 0 : 1,
            fromMe ? 3 : 0,
            at,
            at,
          );
        }
      }
    }
  })();
  // Their settings through the settings module (drizzle, awaited: outside the synchronous bulk transaction).
  for (const n of [2, 3]) await seedCompanySettings(db, n);
  // The search index in one pass, keyed as its trigger keys it (migration 0030: company << 44 | id).
  s.exec("INSERT INTO messages_fts(rowid, body) SELECT (company_id << 44) | id, body FROM messages");
  s.exec(trigger);
  s.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  s.close();
  return (performance.now() - t0) / 1000;
}
