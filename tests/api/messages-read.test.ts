import { describe, expect, test } from "bun:test";
import { eq, sql } from "drizzle-orm";
import { rawAll } from "../../src/db/query";
import { ingestMessage } from "../../src/inbound/receive";
import { LIMITS } from "../../src/contract/limits";
import { messages } from "../../src/modules/messages/schema";
import { tickets } from "../../src/modules/tickets/schema";
import { makeTestApp } from "../helpers/app";
import { inbound, makeConnection } from "../helpers/channel";

// GET /messages/{ticketId} reads the ticket (R-MSG-5) and writes nothing when nothing is unread.
const t = await makeTestApp();
const a = await t.newCompany();
const { connection, fake } = await makeConnection(t, a.company.id);
const conn = { id: connection.id, companyId: a.company.id };

const first = await ingestMessage(t.deps, conn, inbound("5511977770001", "primeira"));
const ticketId = first!.ticket.id;
for (let i = 0; i < LIMITS.messagesPageSize + 3; i++) await ingestMessage(t.deps, conn, inbound("5511977770001", `mensagem ${i}`));
const unreadRows = async () => (await t.db.select().from(messages).where(eq(messages.ticketId, ticketId))).filter((m) => !m.read && !m.fromMe).length;
/**
 * What moves with every row written: SQLite's total_changes(); on PostgreSQL the row versions (`xmin`) of the ticket
 * and of its messages, which any update of them changes (the transaction ids themselves are the whole cluster's,
 * moved by every other test process on it).
 */
const changes = async () =>
  t.db.engine === "pg"
    ? (
        await rawAll<{ v: string }>(
          t.db,
          sql`select (select xmin::text from tickets where id = ${ticketId}) || ':' || (select string_agg(xmin::text, ',' order by id) from messages where ticket_id = ${ticketId}) as v`,
        )
      )[0]!.v
    : (t.db.sqlite.query("select total_changes() as n").get() as { n: number }).n;

describe("opening a ticket's messages", () => {
  test("the newest page, the count, and the ticket read with one receipt for the newest message", async () => {
    expect(await unreadRows()).toBe(LIMITS.messagesPageSize + 4);
    const r = await t.call("GET", `/messages/${ticketId}`, { token: a.admin.token });
    expect(r.status).toBe(200);
    expect(r.json.count).toBe(LIMITS.messagesPageSize + 4);
    expect(r.json.hasMore).toBe(true);
    expect(r.json.messages.at(-1).body).toBe(`mensagem ${LIMITS.messagesPageSize + 2}`);
    expect(await unreadRows()).toBe(0);
    expect((await t.db.select().from(tickets).where(eq(tickets.id, ticketId)).limit(1))[0]?.unreadMessages).toBe(0);
    expect(fake.read.map((x) => x.id)).toEqual([r.json.messages.at(-1).wid]);
  });

  test("opened again with nothing unread: no write, no receipt", async () => {
    fake.read.length = 0;
    const before = await changes();
    const r = await t.call("GET", `/messages/${ticketId}`, { token: a.admin.token });
    expect(r.status).toBe(200);
    expect(await changes()).toBe(before);
    expect(fake.read).toEqual([]);
    const older = await t.call("GET", `/messages/${ticketId}?pageNumber=2`, { token: a.admin.token });
    expect(older.json.messages.map((m: { body: string }) => m.body).slice(0, 2)).toEqual(["primeira", "mensagem 0"]);
  });

  test("unread rows behind a zero counter are still read, with their receipt", async () => {
    await ingestMessage(t.deps, conn, inbound("5511977770001", "mais uma"));
    await t.db.update(tickets).set({ unreadMessages: 0 }).where(eq(tickets.id, ticketId));
    fake.read.length = 0;
    await t.call("GET", `/messages/${ticketId}`, { token: a.admin.token });
    expect(await unreadRows()).toBe(0);
    expect(fake.read.length).toBe(1);
  });

  test("another company's ticket is not found", async () => {
    const b = await t.newCompany();
    expect((await t.call("GET", `/messages/${ticketId}`, { token: b.admin.token })).status).toBe(404);
  });
});
