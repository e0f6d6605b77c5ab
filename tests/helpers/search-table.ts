import { describe, expect, test } from "bun:test";
import { LIMITS } from "../../src/contract/limits";
import { contacts } from "../../src/modules/contacts/schema";
import { messages } from "../../src/modules/messages/schema";
import { tickets } from "../../src/modules/tickets/schema";

/**
 * THE table of ticket searches and what they find, run on each engine (R-TKT-13: contact
 * name or number, or every word of the text as the beginning of a word of one message; no case, no
 * accents; within the company; the caller's visibility; newest activity first, then id). SQLite runs
 * it through GET /tickets (tests/api/ticket-search-table.test.ts), PostgreSQL through its search
 * functions (tests/unit/ticket-search-pg.test.ts): each passes an engine that seeds and searches.
 */

/** Who searches: company A's admin (showing all), A's agent (queue `sales` only), company B's admin. */
export type Who = "adminA" | "agentA" | "adminB";

/** The rows the table needs before its own: two companies, A's admin and agent, two queues of A. */
export interface TableIds {
  companyA: number;
  companyB: number;
  adminA: number;
  agentA: number;
  sales: number;
  billing: number;
}

/** What an engine offers the table. */
export interface SearchTableEngine {
  ids: TableIds;
  /**
   * The database the rows are written to: a drizzle instance of either engine (the same table objects
   * run on both; its builders are awaited).
   */
  // biome-ignore lint/suspicious/noExplicitAny: bun-sqlite's and postgres-js' drizzle share these builders but not a type
  db: any;
  /** One page of a search as `who` (status: a tab filter, which is a condition on ticket columns). */
  search(who: Who, text: string, opts?: { page?: number; status?: string }): Promise<{ ids: number[]; count: number }>;
}

type Seed = { name: string; number: string; company: "A" | "B"; status: string; queue?: "sales" | "billing"; user?: "adminA" | "agentA"; bodies: string[] };

/** In order of activity: each one newer than the one before. */
const SEED: Seed[] = [
  { name: "Mariana Souza", number: "5511911112222", company: "A", status: "pending", bodies: ["quero trocar o produto com defeito"] },
  { name: "Pedro Lima", number: "5511933334444", company: "A", status: "pending", queue: "sales", bodies: ["meu boleto veio atrasado"] },
  { name: "João Ávila", number: "5511944440001", company: "A", status: "pending", queue: "sales", bodies: ["Atenção: cobrança em DUPLICIDADE"] },
  { name: "Loja 2024", number: "5511944440000", company: "A", status: "closed", bodies: ["bom dia"] },
  { name: "Joana 1_0", number: "5511944440002", company: "A", status: "pending", queue: "billing", bodies: ["oi"] },
  {
    name: "Rita Alves",
    number: "5511922220001",
    company: "A",
    status: "open",
    queue: "sales",
    user: "adminA",
    bodies: ["pedido 4471-9 chegou", "meu email é rita@exemplo.com"],
  },
  { name: "Ursula Neves", number: "5511922220005", company: "A", status: "pending", queue: "sales", bodies: ["carimbo azul"] },
  { name: "Vera Luz", number: "5511922220006", company: "A", status: "open", queue: "sales", user: "adminA", bodies: ["carimbo verde"] },
  { name: "Érica Müller", number: "5511922220007", company: "A", status: "pending", queue: "billing", bodies: ["Ação RÁPIDA, não é?"] },
  { name: "Otávio Reis", number: "5511922220008", company: "A", status: "open", queue: "billing", user: "agentA", bodies: ["carimbo do cartório"] },
  { name: "Sônia Prado", number: "5511922220009", company: "A", status: "pending", queue: "sales", bodies: ["cobranca", "duplicidade"] },
  { name: "Dmitri Ivanov", number: "5511922220010", company: "A", status: "pending", bodies: ["Привет, заказ №77 готов?"] },
  { name: "Mariana Outra", number: "5511955556666", company: "B", status: "pending", bodies: ["outro defeito aqui, cobrança"] },
  { name: "Pedro Externo", number: "5511933334444", company: "B", status: "pending", bodies: ["carimbo azul"] },
];

/** [who, text, names found in list order]; the count is the number of names (all on one page). */
export const SEARCH_CASES: [Who, string, string[]][] = [
  ["adminA", "mariana", ["Mariana Souza"]],
  ["adminA", "MARIANA souza", ["Mariana Souza"]],
  ["adminA", "3333", ["Pedro Lima"]],
  ["adminA", "2024", ["Loja 2024"]],
  ["adminA", "44440", ["Joana 1_0", "Loja 2024", "João Ávila"]],
  ["adminA", "defeito", ["Mariana Souza"]],
  ["adminA", "DEFEITO", ["Mariana Souza"]],
  ["adminA", "bolet", ["Pedro Lima"]],
  ["adminA", "feito", []],
  ["adminA", "atencao", ["João Ávila"]],
  ["adminA", "ATENÇÃO", ["João Ávila"]],
  ["adminA", "cobrança", ["Sônia Prado", "João Ávila"]],
  // Every word in one message: Sônia's two words are in two messages.
  ["adminA", "Cobr dupl", ["João Ávila"]],
  ["adminA", "cobrança inexistente", []],
  ["adminA", "joao avila", ["João Ávila"]],
  ["adminA", "JOÃO ÁVILA", ["João Ávila"]],
  ["adminA", "muller", ["Érica Müller"]],
  ["adminA", "acao rapida", ["Érica Müller"]],
  ["adminA", "nao", ["Érica Müller"]],
  ["adminA", "1_0", ["Joana 1_0"]],
  ["adminA", "jo_o", []],
  ["adminA", "%", []],
  ["adminA", '"defeito" OR *', []],
  // Words are split at every character that is not a letter or a digit.
  ["adminA", "4471", ["Rita Alves"]],
  ["adminA", "exemplo", ["Rita Alves"]],
  ["adminA", "rita exemplo", ["Rita Alves"]],
  ["adminA", "carimbo", ["Otávio Reis", "Vera Luz", "Ursula Neves"]],
  // Letters beyond Latin: case folded too.
  ["adminA", "ПРИВЕТ", ["Dmitri Ivanov"]],
  ["adminA", "зак 77", ["Dmitri Ivanov"]],
  ["adminA", "oi", ["Joana 1_0"]],
  ["adminA", "outro", []],
  // The agent: pending tickets of their queue or of none, and their own in any queue.
  ["agentA", "carimbo", ["Otávio Reis", "Ursula Neves"]],
  ["agentA", "cobranca", ["Sônia Prado", "João Ávila"]],
  ["agentA", "oi", []],
  ["agentA", "rita", []],
  ["agentA", "acao", []],
  ["agentA", "mariana", ["Mariana Souza"]],
  ["adminB", "defeito", ["Mariana Outra"]],
  ["adminB", "cobranca", ["Mariana Outra"]],
  ["adminB", "carimbo", ["Pedro Externo"]],
  ["adminB", "3333", ["Pedro Externo"]],
  ["adminB", "souza", []],
];

/** How many tickets of company A carry the word of the paging cases (past the walk's threshold). */
const BULK = 1200;
const T0 = Date.UTC(2026, 0, 1);
const iso = (ms: number) => new Date(ms).toISOString();

/** Writes the table's contacts, tickets and messages; answers each ticket's contact name by ticket id. */
async function seed(e: SearchTableEngine) {
  const { ids, db } = e;
  const names = new Map<number, string>();
  const bulk: { id: number; at: string; status: string }[] = [];
  for (const [i, s] of SEED.entries()) {
    const at = iso(T0 + 3_600_000 * 24 + i * 60_000);
    const companyId = s.company === "A" ? ids.companyA : ids.companyB;
    const [c] = await db
      .insert(contacts)
      .values({ companyId, name: s.name, number: s.number, uuid: crypto.randomUUID(), createdAt: at, updatedAt: at })
      .returning({ id: contacts.id });
    const row = { uuid: crypto.randomUUID(), companyId, status: s.status, contactId: c.id, createdAt: at, updatedAt: at };
    const [t] = await db
      .insert(tickets)
      .values({ ...row, queueId: s.queue ? ids[s.queue] : null, userId: s.user ? ids[s.user] : null })
      .returning({ id: tickets.id });
    names.set(t.id, s.name);
    await db.insert(messages).values(s.bodies.map((body, j) => ({ companyId, ticketId: t.id, wid: `TABLE${i}-${j}`, body, createdAt: at, updatedAt: at })));
  }
  // Many tickets sharing a few instants (the id breaks ties), with the word once or twice.
  const people = await db
    .insert(contacts)
    .values(
      Array.from({ length: BULK }, (_, i) => ({
        companyId: ids.companyA,
        name: `Massa ${i}`,
        number: `55119600${String(i).padStart(5, "0")}`,
        uuid: crypto.randomUUID(),
        createdAt: iso(T0),
        updatedAt: iso(T0),
      })),
    )
    .returning({ id: contacts.id });
  const rows = people.map((p: { id: number }, i: number) => {
    const at = iso(T0 + (i % 400) * 60_000);
    return { uuid: crypto.randomUUID(), companyId: ids.companyA, status: ["open", "pending", "closed"][i % 3], contactId: p.id, createdAt: at, updatedAt: at };
  });
  const made: { id: number; status: string; updatedAt: string }[] = await db
    .insert(tickets)
    .values(rows)
    .returning({ id: tickets.id, status: tickets.status, updatedAt: tickets.updatedAt });
  const texts = made.flatMap((t, i) =>
    Array.from({ length: i % 5 === 0 ? 2 : 1 }, (_, j) => ({
      companyId: ids.companyA,
      ticketId: t.id,
      wid: `BULK${i}-${j}`,
      body: "vazamento na torneira",
      createdAt: t.updatedAt,
      updatedAt: t.updatedAt,
    })),
  );
  for (let i = 0; i < texts.length; i += 500) await db.insert(messages).values(texts.slice(i, i + 500));
  for (const t of made) bulk.push({ id: t.id, at: t.updatedAt, status: t.status });
  bulk.sort((x, y) => (x.at === y.at ? y.id - x.id : x.at < y.at ? 1 : -1));
  return { names, bulk };
}

/** Seeds the table's rows through `engine`, then registers its tests (await it at the top of the file). */
export async function searchTableTests(engineName: string, engine: SearchTableEngine) {
  const seeded = await seed(engine);
  describe(`ticket search table (${engineName})`, () => {
    for (const [who, text, names] of SEARCH_CASES)
      test(`${who} searching ${JSON.stringify(text)} finds ${names.length ? names.join(", ") : "nothing"}`, async () => {
        const r = await engine.search(who, text);
        expect({ names: r.ids.map((id) => seeded.names.get(id) ?? `another ticket (${id})`), count: r.count }).toEqual({ names, count: names.length });
      });

    test(`a word in ${BULK} tickets: pages in list order (ties by id) and the full count, near the top and at the end`, async () => {
      const size = LIMITS.ticketsPageSize;
      for (const page of [1, 2, 4, 15, 30]) {
        const want = seeded.bulk.slice((page - 1) * size, page * size).map((x) => x.id);
        expect(await engine.search("adminA", "vazamento", { page })).toEqual({ ids: want, count: BULK });
      }
    });

    test("with a condition on the tickets (a status) the same order, and the count of that status", async () => {
      const closed = seeded.bulk.filter((x) => x.status === "closed").map((x) => x.id);
      expect(await engine.search("adminA", "vazamento", { status: "closed" })).toEqual({ ids: closed.slice(0, LIMITS.ticketsPageSize), count: closed.length });
    });
  });
}
