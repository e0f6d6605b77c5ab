/**
 * GET /dashboard on a seeded day driven through the real ticket lifecycle with a controlled clock:
 * every counter and every attendant figure is checked against numbers worked out by hand.
 */
import { describe, expect, test } from "bun:test";
import { handleInbound } from "../../src/inbound/receive";
import { expireInactiveTickets } from "../../src/modules/tickets/jobs";
import { zonedHour, zonedToday } from "../../src/contract/zoned";
import { applyLidMapping } from "../../src/inbound/identity";
import { makeTestApp } from "../helpers/app";
import { inbound, makeConnection } from "../helpers/channel";

const t = await makeTestApp();
const a = await t.newCompany();
const b = await t.newCompany();
const tok = a.admin.token;
const ana = await t.newUser(tok, { name: "Ana Lima" });
const bruno = await t.newUser(tok, { name: "Bruno Reis" });
const { connection } = await makeConnection(t, a.company.id, { expiresTicket: 30, expiresInactiveMessage: "Encerrado por inatividade." });
const conn = { id: connection.id, companyId: a.company.id };

// The seed's clock: minute 0 is two hours ago, so the whole scenario lies in the last day.
const T0 = Date.now() - 2 * 3600_000;
let now = T0;
const at = (minutes: number) => {
  now = T0 + minutes * 60_000;
};
t.deps.clock = { now: () => now };
const put = (token: string, id: number, body: Record<string, unknown>) => t.call("PUT", `/tickets/${id}`, { token, body });
const customer = async (number: string, text: string) => (await handleInbound(t.deps, conn, inbound(number, text)))!.ticket.id;

describe("dashboard figures", () => {
  test("seeded: accepted, transferred, closed by agent, by the inactivity job and rated; one pending, one open", async () => {
    at(0);
    const A = await customer("5511900000001", "oi");
    const B = await customer("5511900000002", "oi");
    const C = await customer("5511900000003", "oi");
    const E = await customer("5511900000004", "oi");
    const F = await customer("5511900000005", "oi");
    // A: Ana accepts at 5, closes at 35 → wait 5, support 30.
    at(5);
    expect((await put(ana.token, A, { status: "open", userId: ana.user.id })).status).toBe(200);
    at(35);
    expect((await put(ana.token, A, { status: "closed" })).status).toBe(200);
    // B: Ana accepts at 10, transfers to Bruno at 20 (the same stretch, now Bruno's, restarted by his
    // acceptance), Bruno closes at 70 → wait 20, support 50.
    at(10);
    await put(ana.token, B, { status: "open", userId: ana.user.id });
    at(20);
    expect((await put(ana.token, B, { status: "open", userId: bruno.user.id })).status).toBe(200);
    at(70);
    expect((await put(bruno.token, B, { status: "closed" })).status).toBe(200);
    // C: Ana accepts at 2 and writes; the inactivity job closes it at 33 → wait 2, support 31.
    at(2);
    await put(ana.token, C, { status: "open", userId: ana.user.id });
    await t.call("POST", `/messages/${C}`, { token: ana.token, body: { body: "Posso ajudar?" } });
    at(33);
    await expireInactiveTickets(t.deps, now);
    // E: rating on; Ana accepts at 4, closes at 24 (asked to rate), the customer answers 3 at 26 → wait 4, support 20, rating 3.
    await t.call("PUT", "/settings/userRating", { token: tok, body: { value: "enabled" } });
    at(4);
    await put(ana.token, E, { status: "open", userId: ana.user.id });
    at(24);
    await put(ana.token, E, { status: "closed" });
    at(26);
    await customer("5511900000004", "3");
    await t.call("PUT", "/settings/userRating", { token: tok, body: { value: "disabled" } });
    // F: Ana accepts at 1 and keeps it open → wait 1, happening.
    at(1);
    await put(ana.token, F, { status: "open", userId: ana.user.id });
    // A's contact writes again at 80: a second stretch, pending (so contact 1 is no lead).
    at(80);
    await customer("5511900000001", "voltei");

    const r = await t.call("GET", "/dashboard?days=1", { token: tok });
    expect(r.status).toBe(200);
    expect(r.json.counters).toEqual({
      supportPending: 1,
      supportHappening: 1,
      supportFinished: 4,
      leads: 4,
      // (30 + 50 + 31 + 20) / 4 = 32.75
      avgSupportTime: 32.8,
      // (5 + 20 + 2 + 4 + 1) / 5; the pending stretch has no wait yet
      avgWaitTime: 6.4,
    });
    const byName = Object.fromEntries(r.json.attendants.map((x: { name: string }) => [x.name, x]));
    expect(r.json.attendants.map((x: { name: string }) => x.name)).toEqual(["Ana Lima", "Bruno Reis", a.company.name]);
    expect(byName["Ana Lima"]).toMatchObject({ tickets: 4, avgSupportTime: 27, rating: 3 });
    expect(byName["Bruno Reis"]).toMatchObject({ tickets: 1, avgSupportTime: 50, rating: 0 });
    expect(byName[a.company.name]).toMatchObject({ tickets: 0, avgSupportTime: 0, rating: 0 });
    expect(r.json.hourly).toHaveLength(24);
    // the five tickets were created at minute 0, in that hour of the company's day (if still today)
    const tz = t.config.timezone;
    expect(r.json.hourly[zonedHour(tz, T0)]).toBe(zonedToday(tz, T0) === zonedToday(tz, now) ? 5 : 0);
  });

  test("date filters: a period before the seed is empty; a range over the seed's days counts as the last day does (open stretches too)", async () => {
    const old = await t.call("GET", "/dashboard?date_from=2020-01-01&date_to=2020-01-31", { token: tok });
    expect(old.json.counters).toMatchObject({ supportFinished: 0, leads: 0, avgSupportTime: 0, avgWaitTime: 0, supportPending: 1, supportHappening: 1 });
    const today = new Date(now).toISOString().slice(0, 10);
    const r = await t.call("GET", `/dashboard?date_from=2020-01-01&date_to=${today}`, { token: tok });
    // F (still open) and A's second stretch (pending) belong to the range as they do to the last day
    expect(r.json.counters).toEqual({ supportPending: 1, supportHappening: 1, supportFinished: 4, leads: 4, avgSupportTime: 32.8, avgWaitTime: 6.4 });
  });

  test("validation, permission and company scope", async () => {
    const none = await t.call("GET", "/dashboard", { token: tok });
    expect(none.status).toBe(400);
    expect(none.json.fields).toEqual({ days: "validation.dashboardFilter" });
    expect((await t.call("GET", "/dashboard?days=abc", { token: tok })).json.fields).toEqual({ days: "validation.invalid" });
    expect((await t.call("GET", "/dashboard?date_from=01/02/2026", { token: tok })).json.fields).toEqual({ date_from: "validation.invalid" });
    const agent = await t.call("GET", "/dashboard?days=7", { token: ana.token });
    expect(agent.status).toBe(403);
    const other = await t.call("GET", "/dashboard?days=7", { token: b.admin.token });
    expect(other.json.counters).toEqual({ supportPending: 0, supportHappening: 0, supportFinished: 0, leads: 0, avgSupportTime: 0, avgWaitTime: 0 });
    expect(other.json.attendants.map((x: { name: string }) => x.name)).toEqual([b.company.name]);
  });
});

describe("leads when contacts merge", () => {
  test("a LID-only contact merged into the number's contact: its stretch counts for that contact (no longer two leads)", async () => {
    const c = await t.newCompany();
    const cConn = { id: (await makeConnection(t, c.company.id)).connection.id, companyId: c.company.id };
    at(200);
    await handleInbound(t.deps, cConn, inbound("5511977770001", "oi"));
    await handleInbound(t.deps, cConn, {
      ...inbound("0", "oi"),
      chat: { number: null, lid: "55667788990011", address: "55667788990011@lid", pushName: "Lia" },
    });
    await handleInbound(t.deps, cConn, inbound("5511977770002", "oi"));
    const leads = async () => (await t.call("GET", "/dashboard?days=1", { token: c.admin.token })).json.counters.leads;
    expect(await leads()).toBe(3);
    // The LID turns out to be 5511977770001's: one person with two stretches, so one lead less and one contact less.
    await applyLidMapping(t.db, c.company.id, "55667788990011", "5511977770001");
    expect(await leads()).toBe(1);
  });
});
