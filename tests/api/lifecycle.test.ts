/**
 * The ticket lifecycle (src/modules/tickets/lifecycle*.ts): every transition keeps exactly one
 * unfinished tracking stretch, the dashboard's times are right whoever closes the ticket, and two
 * people acting on one ticket at once cannot both win.
 */
import { describe, expect, test } from "bun:test";
import { asc, eq } from "drizzle-orm";
import { handleInbound } from "../../src/inbound/receive";
import { expireInactiveTickets } from "../../src/modules/tickets/jobs";
import { ticketsWithTwoOpenStretches } from "../../src/modules/tickets/lifecycle-system";
import { tickets, ticketTracking, userRatings } from "../../src/modules/tickets/schema";
import { makeTestApp } from "../helpers/app";
import { inbound, makeConnection } from "../helpers/channel";

const t = await makeTestApp();
const a = await t.newCompany();
const tok = a.admin.token;
const { connection } = await makeConnection(t, a.company.id, { expiresTicket: 30, expiresInactiveMessage: "Encerrado por inatividade." });
const conn = { id: connection.id, companyId: a.company.id };
const vendas = (await t.call("POST", "/queue", { token: tok, body: { name: "Vendas", color: "#118811" } })).json.id as number;
const suporte = (await t.call("POST", "/queue", { token: tok, body: { name: "Suporte", color: "#111188" } })).json.id as number;
const ana = await t.newUser(tok, { name: "Ana Lima", queueIds: [vendas] });
const bruno = await t.newUser(tok, { name: "Bruno Reis", queueIds: [vendas] });

const stretches = async (ticketId: number) =>
  await t.db.select().from(ticketTracking).where(eq(ticketTracking.ticketId, ticketId)).orderBy(asc(ticketTracking.id));
const ticketRow = async (id: number) => (await t.db.select().from(tickets).where(eq(tickets.id, id)).limit(1))[0]!;
const put = (token: string, id: number, body: Record<string, unknown>) => t.call("PUT", `/tickets/${id}`, { token, body });

describe("tracking", () => {
  test("a ticket closed by the inactivity job has its stretch finished; the next message starts a new one", async () => {
    const res = await handleInbound(t.deps, conn, inbound("5511970000001", "oi"));
    const id = res!.ticket.id;
    await put(tok, id, { status: "open" });
    await t.call("POST", `/messages/${id}`, { token: tok, body: { body: "Em que posso ajudar?" } });
    await expireInactiveTickets(t.deps, Date.now() + 31 * 60_000);
    expect((await ticketRow(id)).status).toBe("closed");
    const [first] = await stretches(id);
    expect(first.finishedAt).not.toBeNull();
    expect(first.startedAt).not.toBeNull();
    expect(first.userId).toBe(a.admin.user.id);
    await handleInbound(t.deps, conn, inbound("5511970000001", "voltei"));
    const after = await stretches(id);
    expect(after).toHaveLength(2);
    expect(after.filter((s) => s.finishedAt === null)).toHaveLength(1);
    expect(await ticketsWithTwoOpenStretches(t.db, a.company.id)).toEqual([]);
  });

  test("queued → accepted → transferred → closed: one stretch with each time, credited to who closed it", async () => {
    const res = await handleInbound(t.deps, conn, inbound("5511970000002", "quero comprar"));
    const id = res!.ticket.id;
    await put(tok, id, { queueId: vendas, status: "pending" });
    expect((await put(ana.token, id, { status: "open", userId: ana.user.id })).status).toBe(200);
    const accepted = (await stretches(id))[0];
    expect(accepted).toMatchObject({ userId: ana.user.id, finishedAt: null });
    expect(accepted.startedAt! >= accepted.queuedAt!).toBe(true);
    // transfer to Bruno in Suporte: the stretch goes on (re-queued), now Bruno's
    expect((await put(ana.token, id, { status: "open", userId: bruno.user.id, queueId: suporte })).status).toBe(200);
    expect(await stretches(id)).toHaveLength(1);
    expect((await stretches(id))[0].userId).toBe(bruno.user.id);
    // Bruno cannot see Suporte tickets, an admin closes it for him
    expect((await put(tok, id, { status: "closed" })).json.status).toBe("closed");
    const [done] = await stretches(id);
    expect(done.finishedAt).not.toBeNull();
    expect(done.userId).toBe(bruno.user.id);
    expect(await ticketsWithTwoOpenStretches(t.db, a.company.id)).toEqual([]);
  });

  test("a rated close marks the stretch rated and stores the rating for the agent", async () => {
    await t.call("PUT", "/settings/userRating", { token: tok, body: { value: "enabled" } });
    const res = await handleInbound(t.deps, conn, inbound("5511970000003", "oi"));
    const id = res!.ticket.id;
    await put(tok, id, { status: "open" });
    const asked = await put(tok, id, { status: "closed" });
    expect(asked.json).toMatchObject({ status: "open", awaitingRating: true });
    expect((await stretches(id))[0].ratingAt).not.toBeNull();
    await handleInbound(t.deps, conn, inbound("5511970000003", "3"));
    expect((await ticketRow(id)).status).toBe("closed");
    expect((await stretches(id))[0]).toMatchObject({ rated: true });
    expect((await stretches(id))[0].finishedAt).not.toBeNull();
    expect((await t.db.select().from(userRatings).where(eq(userRatings.ticketId, id)).limit(1))[0]).toMatchObject({ rate: 3, userId: a.admin.user.id });
    await t.call("PUT", "/settings/userRating", { token: tok, body: { value: "disabled" } });
  });
});

describe("races", () => {
  test("two agents accepting one pending ticket at once: one wins, the other gets 409 with the owner's name", async () => {
    const res = await handleInbound(t.deps, conn, inbound("5511970000004", "alguém?"));
    const id = res!.ticket.id;
    await put(tok, id, { queueId: vendas, status: "pending" });
    const [x, y] = await Promise.all([put(ana.token, id, { status: "open" }), put(bruno.token, id, { status: "open" })]);
    const statuses = [x.status, y.status].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = x.status === 409 ? x : y;
    const winner = x.status === 200 ? x : y;
    expect(loser.json.error).toBe("ERR_TICKET_ALREADY_ACCEPTED");
    expect(loser.json.user.name).toBe(winner.json.user.name);
    expect((await stretches(id)).filter((s) => s.finishedAt === null)).toHaveLength(1);
  });

  test("an agent cannot close or transfer a ticket another agent holds (409 with the owner)", async () => {
    const res = await handleInbound(t.deps, conn, inbound("5511970000005", "oi"));
    const id = res!.ticket.id;
    await put(tok, id, { queueId: vendas, status: "pending" });
    await put(ana.token, id, { status: "open" });
    const close = await put(bruno.token, id, { status: "closed" });
    expect(close.status).toBe(409);
    expect(close.json).toMatchObject({ error: "ERR_TICKET_ALREADY_ACCEPTED", user: { name: "Ana Lima" } });
    const move = await put(bruno.token, id, { queueId: suporte, status: "pending", userId: null });
    expect(move.status).toBe(409);
    expect(await ticketRow(id)).toMatchObject({ status: "open", userId: ana.user.id, queueId: vendas });
    // accepting twice by the same agent is harmless
    expect((await put(ana.token, id, { status: "open" })).status).toBe(200);
  });

  test("a closed ticket closed again changes nothing; another company's ticket is not found", async () => {
    const res = await handleInbound(t.deps, conn, inbound("5511970000006", "oi"));
    const id = res!.ticket.id;
    await put(tok, id, { status: "open" });
    await put(tok, id, { status: "closed" });
    const rows = (await stretches(id)).length;
    expect((await put(tok, id, { status: "closed" })).status).toBe(200);
    expect(await stretches(id)).toHaveLength(rows);
    const b = await t.newCompany();
    expect((await put(b.admin.token, id, { status: "open" })).status).toBe(404);
  });
});
