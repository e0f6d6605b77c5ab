import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { handleInbound } from "../../src/inbound/receive";
import { retryQueuedMessages } from "../../src/modules/messages/jobs";
import { autoTransferTickets, closeUnratedTickets, expireInactiveTickets } from "../../src/modules/tickets/jobs";
import { sweepOfflineUsers } from "../../src/modules/users/jobs";
import { messages } from "../../src/modules/messages/schema";
import { tickets } from "../../src/modules/tickets/schema";
import { users } from "../../src/modules/users/schema";
import { makeTestApp } from "../helpers/app";
import { inbound, makeConnection } from "../helpers/channel";

const t = await makeTestApp();
const a = await t.newCompany();
const tok = a.admin.token;
const later = (minutes: number) => Date.now() + minutes * 60_000;
const ticketOf = async (id: number) => (await t.db.select().from(tickets).where(eq(tickets.id, id)).limit(1))[0]!;

describe("jobs", () => {
  test("tickets.expire closes an idle open ticket whose last message was ours, with the inactivity text", async () => {
    const { connection, fake } = await makeConnection(t, a.company.id, { expiresTicket: 30, expiresInactiveMessage: "Encerramos por inatividade, {{name}}." });
    const res = await handleInbound(t.deps, { id: connection.id, companyId: a.company.id }, inbound("5511911110000", "oi"));
    await t.call("PUT", `/tickets/${res!.ticket.id}`, { token: tok, body: { status: "open" } });
    await t.call("POST", `/messages/${res!.ticket.id}`, { token: tok, body: { body: "Posso ajudar?" } });
    await expireInactiveTickets(t.deps, later(10));
    expect((await ticketOf(res!.ticket.id)).status).toBe("open");
    await expireInactiveTickets(t.deps, later(31));
    expect((await ticketOf(res!.ticket.id)).status).toBe("closed");
    expect(fake.sent.at(-1)).toMatchObject({ body: "Encerramos por inatividade, Cliente 0000." });
  });

  test("tickets.expire leaves tickets whose customer wrote last", async () => {
    const { connection } = await makeConnection(t, a.company.id, { expiresTicket: 1, isDefault: false });
    const res = await handleInbound(t.deps, { id: connection.id, companyId: a.company.id }, inbound("5511911110001", "oi"));
    await t.call("PUT", `/tickets/${res!.ticket.id}`, { token: tok, body: { status: "open" } });
    await handleInbound(t.deps, { id: connection.id, companyId: a.company.id }, inbound("5511911110001", "ainda aqui"));
    await expireInactiveTickets(t.deps, later(60));
    expect((await ticketOf(res!.ticket.id)).status).toBe("open");
  });

  test("tickets.auto-transfer moves a waiting queue-less ticket to the connection's queue", async () => {
    const q = await t.call("POST", "/queue", { token: tok, body: { name: "Triagem", color: "#abcdef" } });
    const { connection } = await makeConnection(t, a.company.id, { timeSendQueue: 5, sendIdQueue: q.json.id, isDefault: false });
    const res = await handleInbound(t.deps, { id: connection.id, companyId: a.company.id }, inbound("5511911110002", "oi"));
    await autoTransferTickets(t.deps, later(2));
    expect((await ticketOf(res!.ticket.id)).queueId).toBeNull();
    t.events.length = 0;
    await autoTransferTickets(t.deps, later(6));
    expect((await ticketOf(res!.ticket.id)).queueId).toBe(q.json.id);
    expect(t.events.some((e) => e.frame.channel === "ticket" && e.rooms.includes(`company-${a.company.id}-queue-${q.json.id}-pending`))).toBe(true);
  });

  test("outbox.retry delivers a message left queued by a crash, once, with its reserved id", async () => {
    const { connection, fake } = await makeConnection(t, a.company.id, { isDefault: false });
    const res = await handleInbound(t.deps, { id: connection.id, companyId: a.company.id }, inbound("5511911110003", "oi"));
    const now = new Date(Date.now() - 5 * 60_000).toISOString();
    const row = (
      await t.db
        .insert(messages)
        .values({
          companyId: a.company.id,
          ticketId: res!.ticket.id,
          whatsappId: connection.id,
          wid: "3EB0CRASHED0001",
          body: "enviando…",
          fromMe: true,
          sendStatus: "queued",
          createdAt: now,
          updatedAt: now,
        })
        .returning()
    )[0];
    fake.sent.length = 0;
    await retryQueuedMessages(t.deps);
    await retryQueuedMessages(t.deps);
    expect(fake.sent.map((m) => m.id)).toEqual(["3EB0CRASHED0001"]);
    expect((await t.db.select().from(messages).where(eq(messages.id, row.id)).limit(1))[0]?.sendStatus).toBe("sent");
  });

  test("tickets.rating-timeout closes a ticket left awaiting its rating", async () => {
    const { connection } = await makeConnection(t, a.company.id, { isDefault: false });
    const res = await handleInbound(t.deps, { id: connection.id, companyId: a.company.id }, inbound("5511911110004", "oi"));
    await t.db
      .update(tickets)
      .set({ status: "open", userId: a.admin.user.id, awaitingRatingSince: new Date(Date.now() - 25 * 3600_000).toISOString() })
      .where(eq(tickets.id, res!.ticket.id));
    await closeUnratedTickets(t.deps);
    expect(await ticketOf(res!.ticket.id)).toMatchObject({ status: "closed", awaitingRatingSince: null });
  });

  test("users.offline-sweep marks silent users offline", async () => {
    await t.db
      .update(users)
      .set({ online: true, lastSeenAt: new Date(Date.now() - 10 * 60_000).toISOString() })
      .where(eq(users.id, a.admin.user.id));
    await sweepOfflineUsers(t.deps);
    expect((await t.db.select().from(users).where(eq(users.id, a.admin.user.id)).limit(1))[0]?.online).toBe(false);
  });

  test("only super users list and run jobs", async () => {
    expect((await t.call("GET", "/jobs", { token: tok })).status).toBe(403);
    const su = await t.superSession();
    const list = await t.call("GET", "/jobs", { token: su.token });
    expect(list.json.map((j: { name: string }) => j.name)).toContain("tickets.expire");
    expect((await t.call("POST", "/jobs/users.offline-sweep/run", { token: su.token })).json).toEqual({ ok: true });
    expect((await t.call("POST", "/jobs/nope.job/run", { token: su.token })).status).toBe(404);
  });
});
