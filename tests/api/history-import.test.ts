/**
 * Recent history on linking: the connection setting (off by default, 0-30 days), the import of a
 * history sync's 1:1 chats as closed tickets — exactly once, quiet (no chatbot, no greeting), in the
 * background with a progress line — and the Baileys mapping of `messaging-history.set`.
 */
import { describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { ingestMessage } from "../../src/inbound/receive";
import { mapHistory } from "../../src/channels/baileys/mapping";
import type { HistoryBatch, InboundMessage } from "../../src/core/channel";
import { messages } from "../../src/modules/messages/schema";
import { tickets } from "../../src/modules/tickets/schema";
import { makeTestApp } from "../helpers/app";
import { inbound, makeConnection } from "../helpers/channel";

const t = await makeTestApp();
const a = await t.newCompany();
const b = await t.newCompany();
const { connection, fake } = await makeConnection(t, a.company.id, { greetingMessage: "Olá! Escolha uma opção:" });
const ref = { connectionId: connection.id, companyId: a.company.id };
const DAY = 86_400_000;
const now = Date.now();

let seq = 0;
const msg = (number: string, body: string, ago: number, extra: Partial<InboundMessage> = {}): InboundMessage => ({
  ...inbound(number, body),
  id: `HIST${++seq}`,
  origin: "append",
  timestamp: now - ago,
  ...extra,
});
const batch = (list: InboundMessage[], progress: number | null, isLatest = false): HistoryBatch => ({ messages: list, progress, isLatest });

/** The history of the second test, replayed by the third. */
const seen: InboundMessage[] = [];
const ticketsOf = async (companyId: number) => await t.db.select().from(tickets).where(eq(tickets.companyId, companyId));
const messagesOf = async (ticketId: number) => await t.db.select().from(messages).where(eq(messages.ticketId, ticketId)).orderBy(messages.createdAt);

describe("the setting", () => {
  test("off by default; 0-30 days; other companies cannot change it", async () => {
    const got = await t.call("GET", `/whatsapp/${connection.id}`, { token: a.admin.token });
    expect(got.json).toMatchObject({ historyDays: 0, historyImport: null });
    await t.deps.sessions.history.accept(ref, batch([msg("5511911110000", "antes de ligar", DAY)], 50, true));
    await t.deps.sessions.history.idle(connection.id);
    expect(await ticketsOf(a.company.id)).toHaveLength(0);
    expect((await t.call("PUT", `/whatsapp/${connection.id}`, { token: a.admin.token, body: { historyDays: 31 } })).json.fields.historyDays).toBe(
      "validation.invalid",
    );
    expect((await t.call("PUT", `/whatsapp/${connection.id}`, { token: b.admin.token, body: { historyDays: 7 } })).status).toBe(404);
    const ok = await t.call("PUT", `/whatsapp/${connection.id}`, { token: a.admin.token, body: { historyDays: 7 } });
    expect(ok.status).toBe(200);
    expect(ok.json.historyDays).toBe(7);
  });
});

describe("the import", () => {
  test("1:1 chats of the last N days become closed tickets with their messages; groups, broadcasts and older chats are left out; the bot stays quiet", async () => {
    t.events.length = 0;
    const first = batch(
      [
        msg("5511922220000", "Oi, vocês abrem sábado?", 3 * DAY, {
          chat: { number: "5511922220000", address: "5511922220000@s.whatsapp.net", pushName: "Rita" },
        }),
        msg("5511922220000", "Abrimos das 8 às 12.", 3 * DAY - 60_000, {
          fromMe: true,
          chat: { number: "5511922220000", address: "5511922220000@s.whatsapp.net", pushName: "Loja" },
        }),
        msg("5511922220000", "", 2 * DAY, { kind: "image" }),
        msg("5511933330000", "muito antigo", 10 * DAY),
        msg("120363000000000009", "no grupo", DAY, { isGroup: true, chat: { number: "120363000000000009", address: "120363000000000009@g.us" } }),
        msg("5511944440000", "lista", DAY, { chat: { number: null, address: "status@broadcast" } }),
        msg("5511955550000", "👍", DAY, { kind: "reaction" }),
      ],
      40,
    );
    await t.deps.sessions.history.accept(ref, first);
    const again = msg("5511922220000", "Obrigada!", DAY);
    await t.deps.sessions.history.accept(ref, batch([first.messages[0], again], 100, true));
    seen.push(...first.messages, again);
    await t.deps.sessions.history.idle(connection.id);

    const list = await ticketsOf(a.company.id);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ status: "closed", whatsappId: connection.id, lastMessage: "Obrigada!", unreadMessages: 0 });
    const stored = await messagesOf(list[0].id);
    expect(stored.map((m) => [m.body, m.fromMe])).toEqual([
      ["Oi, vocês abrem sábado?", false],
      ["Abrimos das 8 às 12.", true],
      ["[Imagem]", false],
      ["Obrigada!", false],
    ]);
    expect(stored[0].createdAt).toBe(new Date(now - 3 * DAY).toISOString());
    const contact = await t.call("GET", `/contacts/${list[0].contactId}`, { token: a.admin.token });
    expect(contact.json.name).toBe("Rita");
    // no chatbot menu, no greeting, no read receipts: nothing went out
    expect(fake.sent).toHaveLength(0);

    const conn = await t.call("GET", `/whatsapp/${connection.id}`, { token: a.admin.token });
    expect(conn.json.historyImport).toMatchObject({ status: "done", progress: 100, chats: 1, messages: 4 });
    const frames = t.events.filter((e) => e.frame.channel === "whatsapp" && e.frame.action === "update");
    expect(frames.length).toBeGreaterThan(0);
    expect(frames.at(-1)?.rooms).toEqual([`company-${a.company.id}-mainchannel`]);
  });

  test("exactly once: the same history again adds no ticket and no message", async () => {
    const before = await ticketsOf(a.company.id);
    const count = (await messagesOf(before[0].id)).length;
    await t.deps.sessions.history.accept(ref, batch(seen.slice(0, 4), 50));
    await t.deps.sessions.history.accept(ref, batch(seen, 100, true));
    await t.deps.sessions.history.idle(connection.id);
    expect(await ticketsOf(a.company.id)).toHaveLength(1);
    expect(await messagesOf(before[0].id)).toHaveLength(count);
  });

  test("a customer writing live during the import is served at once, on a live ticket of their own", async () => {
    const many: InboundMessage[] = [];
    for (let c = 0; c < 150; c++) for (let i = 0; i < 4; i++) many.push(msg(`55119700${String(c).padStart(5, "0")}`, `mensagem ${i}`, DAY + i));
    await t.deps.sessions.history.accept(ref, batch(many, 10, true));
    const started = performance.now();
    const live = await ingestMessage(t.deps, { id: connection.id, companyId: a.company.id }, inbound("5511988880000", "Estou esperando atendimento"));
    const liveMs = performance.now() - started;
    await t.deps.sessions.history.idle(connection.id);
    expect(live?.ticket.status).toBe("pending");
    expect(liveMs).toBeLessThan(2_000);
    const imported = await t.db
      .select()
      .from(tickets)
      .where(and(eq(tickets.companyId, a.company.id), eq(tickets.status, "closed")));
    expect(imported.length).toBe(151);
    // The whole import (600 messages) is awaited: past the default 5 s on PostgreSQL on a busy machine.
  }, 30_000);
});

describe("Baileys mapping", () => {
  test("messaging-history.set → a batch of append messages with WhatsApp's progress", () => {
    const out = mapHistory({
      messages: [
        {
          key: { remoteJid: "5511977770000@s.whatsapp.net", fromMe: false, id: "H1" },
          message: { conversation: "oi" },
          messageTimestamp: 1_700_000_000,
          pushName: "Zé",
        },
        { key: { remoteJid: "5511977770000@s.whatsapp.net", fromMe: true, id: "H2" }, message: { conversation: "olá" }, messageTimestamp: 1_700_000_100 },
        { key: { remoteJid: "5511977770000@s.whatsapp.net", fromMe: false, id: "H3" } },
      ],
      progress: 42,
      isLatest: false,
    });
    expect(out.progress).toBe(42);
    expect(out.isLatest).toBe(false);
    expect(out.messages.map((m) => [m.id, m.fromMe, m.body, m.origin])).toEqual([
      ["H1", false, "oi", "append"],
      ["H2", true, "olá", "append"],
    ]);
    expect(out.messages[0].timestamp).toBe(1_700_000_000_000);
  });
});
