/**
 * Group commit on the inbound path (src/bot/pipeline.ts): messages that arrive together are stored by
 * one transaction with a savepoint each. Every message is still stored exactly once, in order, with
 * one frame; a message that fails is rolled back alone; a redelivered old message changes nothing.
 */
import { describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { handleInbound, ingestMessage } from "../../src/inbound/receive";
import { storeInbound } from "../../src/inbound/pipeline";
import { contacts } from "../../src/modules/contacts/schema";
import { messages } from "../../src/modules/messages/schema";
import { tickets } from "../../src/modules/tickets/schema";
import type { ServerFrame } from "../../src/contract/frames";
import { makeTestApp } from "../helpers/app";
import { inbound, makeConnection } from "../helpers/channel";

const t = await makeTestApp();
const a = await t.newCompany();
const tok = a.admin.token;
const { connection } = await makeConnection(t, a.company.id);
const conn = { id: connection.id, companyId: a.company.id };

const stored = async (wid: string) => await t.db.select().from(messages).where(eq(messages.wid, wid));
const ticketsOf = async (number: string) =>
  await t.db
    .select({ id: tickets.id, status: tickets.status, unread: tickets.unreadMessages })
    .from(tickets)
    .where(and(eq(tickets.companyId, a.company.id), eq(tickets.contactId, await contactId(number))));
const contactsNumbered = async (number: string) => await t.db.select({ id: contacts.id }).from(contacts).where(eq(contacts.number, number));
const contactId = async (number: string) => (await contactsNumbered(number))[0]!.id;

/** Frames published to the company while `fn` runs. */
async function framesDuring(fn: () => Promise<unknown>) {
  const seen: ServerFrame[] = [];
  const publish = t.deps.hub.publish.bind(t.deps.hub);
  t.deps.hub.publish = ((room: string, frame: ServerFrame, ...rest: unknown[]) => {
    seen.push(frame);
    return (publish as (...x: unknown[]) => unknown)(room, frame, ...rest);
  }) as typeof t.deps.hub.publish;
  try {
    await fn();
  } finally {
    t.deps.hub.publish = publish;
  }
  return seen;
}

describe("group commit", () => {
  test("60 messages from 12 customers arriving at once: each stored once, one ticket per customer, counts and order right", async () => {
    const numbers = Array.from({ length: 12 }, (_, i) => `55119700${String(i).padStart(5, "0")}`);
    const sent = Array.from({ length: 60 }, (_, i) => inbound(numbers[i % 12], `pedido ${i}`));
    const frames = await framesDuring(() => Promise.all(sent.map((m) => handleInbound(t.deps, conn, m))));
    for (const m of sent) expect(await stored(m.id)).toHaveLength(1);
    for (const n of numbers) {
      const list = await ticketsOf(n);
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({ status: "pending", unread: 5 });
    }
    // Arrival order is kept: ids grow in the order the messages came.
    const ids: number[] = [];
    for (const m of sent) ids.push((await stored(m.id))[0].id);
    expect([...ids].sort((x, y) => x - y)).toEqual(ids);
    // One message frame per message, after its commit.
    const created = frames.filter((f) => f.channel === "appMessage" && f.action === "create");
    expect(created).toHaveLength(60);
    // The API shows them (the frame went out after the commit, so the list has them too).
    const r = await t.call("GET", "/tickets?status=pending&showAll=true", { token: tok });
    expect(r.status).toBe(200);
    expect(r.json.count).toBeGreaterThanOrEqual(12);
  });

  test("messages arriving while a group commit is under way: the next commit stores them once, in order, one ticket per customer", async () => {
    const numbers = Array.from({ length: 6 }, (_, i) => `55119740${String(i).padStart(5, "0")}`);
    const first = Array.from({ length: 30 }, (_, i) => inbound(numbers[i % 6], `antes ${i}`));
    const later = Array.from({ length: 30 }, (_, i) => inbound(numbers[i % 6], `depois ${i}`));
    const firstDone = Promise.all(first.map((m) => storeInbound(t.deps, conn, m, null)));
    // The first batch's commit starts on the next turn; the second wave (and a redelivery of the first
    // wave's first message) arrives while it runs.
    await new Promise((r) => setImmediate(r));
    const laterDone = Promise.all([...later, { ...first[0] }].map((m) => storeInbound(t.deps, conn, m, null)));
    const [a1, a2] = await Promise.all([firstDone, laterDone]);
    expect(a2.at(-1)).toMatchObject({ duplicate: true, messageId: a1[0].messageId });
    for (const m of [...first, ...later]) expect(await stored(m.id)).toHaveLength(1);
    const ids: number[] = [];
    for (const m of [...first, ...later]) ids.push((await stored(m.id))[0].id);
    expect([...ids].sort((x, y) => x - y)).toEqual(ids);
    for (const n of numbers) expect(await ticketsOf(n)).toEqual([expect.objectContaining({ status: "pending", unread: 10 })]);
  });

  test("a message that fails is rolled back alone: the others of its batch are stored", async () => {
    const good1 = inbound("5511971111111", "primeira");
    const good2 = inbound("5511971111112", "terceira");
    // A bug while writing this one (its raw payload cannot be serialised).
    const bad = inbound("5511971111113", "segunda", {
      raw: {
        toJSON: () => {
          throw new Error("bug");
        },
      },
    });
    const results = await Promise.allSettled([
      storeInbound(t.deps, conn, good1, null),
      storeInbound(t.deps, conn, bad, null),
      storeInbound(t.deps, conn, good2, null),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(await stored(good1.id)).toHaveLength(1);
    expect(await stored(good2.id)).toHaveLength(1);
    expect(await stored(bad.id)).toHaveLength(0);
    // Nothing of the failed message stayed: not even its new contact.
    expect(await contactsNumbered("5511971111113")).toHaveLength(0);
  });

  test("known customers' messages (one statement on PostgreSQL): one that fails is rolled back alone, a redelivered one changes nothing", async () => {
    const numbers = ["5511974444441", "5511974444442", "5511974444443", "5511974444444"];
    const firsts = numbers.map((n) => inbound(n, "oi"));
    for (const m of firsts) await handleInbound(t.deps, conn, m);
    const bad = inbound(numbers[1], "segunda", {
      raw: {
        toJSON: () => {
          throw new Error("bug");
        },
      },
    });
    // The database refuses this one (a NUL character) on PostgreSQL; SQLite stores it.
    const refused = inbound(numbers[2], "com \u0000 no meio");
    const good = inbound(numbers[3], "quarta");
    const batch = [inbound(numbers[0], "primeira"), bad, refused, { ...firsts[3] }, good];
    const results = await Promise.allSettled(batch.map((m) => storeInbound(t.deps, conn, m, null)));
    expect(results[0].status).toBe("fulfilled");
    expect(results[1].status).toBe("rejected");
    expect(results[4].status).toBe("fulfilled");
    expect(await stored(batch[0].id)).toHaveLength(1);
    expect(await stored(bad.id)).toHaveLength(0);
    expect((await stored(refused.id)).length).toBeLessThanOrEqual(1);
    expect(await stored(good.id)).toHaveLength(1);
    // The redelivery is the stored message: stored once, its ticket not counted again.
    expect(results[3]).toMatchObject({ status: "fulfilled", value: { duplicate: true } });
    expect(await stored(firsts[3].id)).toHaveLength(1);
    expect(await ticketsOf(numbers[3])).toEqual([expect.objectContaining({ status: "pending", unread: 2 })]);
    expect(await ticketsOf(numbers[0])).toEqual([expect.objectContaining({ status: "pending", unread: 2 })]);
    expect(await ticketsOf(numbers[1])).toEqual([expect.objectContaining({ status: "pending", unread: 1 })]);
  });

  test("several messages of each known customer in one batch: stored in order, each counted once, the card shows the last", async () => {
    const numbers = ["5511975555551", "5511975555552"];
    for (const n of numbers) await handleInbound(t.deps, conn, inbound(n, "oi"));
    const batch = [inbound(numbers[0], "um"), inbound(numbers[1], "A"), inbound(numbers[0], "dois"), inbound(numbers[0], "três"), inbound(numbers[1], "B")];
    const results = await Promise.all(batch.map((m) => storeInbound(t.deps, conn, m, null)));
    expect(results.map((r) => r?.duplicate)).toEqual([false, false, false, false, false]);
    // each answer carries its ticket as that message left it
    expect(results.map((r) => r?.ticket.unreadMessages)).toEqual([2, 2, 3, 4, 3]);
    for (const [i, n] of numbers.entries()) {
      const [ticket] = await ticketsOf(n);
      expect(ticket).toMatchObject({ status: "pending", unread: i === 0 ? 4 : 3 });
      const rows = await t.db.select({ body: messages.body, id: messages.id }).from(messages).where(eq(messages.ticketId, ticket.id)).orderBy(messages.id);
      expect(rows.map((r) => r.body)).toEqual(i === 0 ? ["oi", "um", "dois", "três"] : ["oi", "A", "B"]);
    }
    const [card] = await t.db.select({ lastMessage: tickets.lastMessage }).from(tickets).where(eq(tickets.id, results[3]!.ticket.id));
    expect(card.lastMessage).toBe("três");
  });

  test("the same message twice in one batch is stored once; both callers get the stored one", async () => {
    const m = inbound("5511972222222", "duplicada");
    const [x, y] = await Promise.all([ingestMessage(t.deps, conn, m), ingestMessage(t.deps, conn, { ...m })]);
    expect(await stored(m.id)).toHaveLength(1);
    expect(x!.messageId).toBe(y!.messageId);
    expect([x!.duplicate, y!.duplicate].sort()).toEqual([false, true]);
  });

  test("a redelivered old message does not reopen the customer's closed ticket", async () => {
    const first = inbound("5511973333333", "oi");
    const res = await handleInbound(t.deps, conn, first);
    const id = res!.ticket.id;
    expect((await t.call("PUT", `/tickets/${id}`, { token: tok, body: { status: "closed" } })).status).toBe(200);
    const again = await ingestMessage(t.deps, conn, { ...first });
    expect(again!.duplicate).toBe(true);
    expect(await ticketsOf("5511973333333")).toEqual([expect.objectContaining({ id, status: "closed" })]);
    // A new message does reopen it.
    await handleInbound(t.deps, conn, inbound("5511973333333", "voltei"));
    expect((await ticketsOf("5511973333333"))[0].status).toBe("pending");
  });
});
