/**
 * Issue 29: the dashboard counts the same way whatever the filter. One day of service, seeded through
 * the real lifecycle on a fixed clock (Tuesday 17 March 2026, in the company's time zone), read
 * through every kind of filter: the last N days, a date range, the default range (first of the month
 * to today), and ranges open at one end. Every filter that holds the whole day gives the same figures,
 * and those are the figures worked out by hand (open and waiting stretches included).
 */
import { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { handleInbound } from "../../src/inbound/receive";
import { zonedInstant } from "../../src/contract/zoned";
import { rawAll } from "../../src/db/query";
import { minutesBetweenPg } from "../../src/modules/dashboard/figures-pg";
import { DASHBOARD_SQL } from "../../src/modules/dashboard/service";
import { TRACKING_SUPPORT_MINUTES } from "../../src/modules/tickets";
import { makeTestApp } from "../helpers/app";
import { inbound, makeConnection } from "../helpers/channel";

const t = await makeTestApp();
const a = await t.newCompany();
const tok = a.admin.token;
const ana = await t.newUser(tok, { name: "Ana Lima" });
const { connection } = await makeConnection(t, a.company.id);
const conn = { id: connection.id, companyId: a.company.id };
const tz = t.config.timezone;
// 09:00 on 17 March 2026 in the company's zone; the dashboard is read at 18:00 the same day.
const T0 = zonedInstant("2026-03-17", "09:00:00", tz);
let now = T0;
const at = (minutes: number) => {
  now = T0 + minutes * 60_000;
};
t.deps.clock = { now: () => now };
const put = (id: number, body: Record<string, unknown>) => t.call("PUT", `/tickets/${id}`, { token: ana.token, body });
const customer = async (number: string, text: string) => (await handleInbound(t.deps, conn, inbound(number, text)))!.ticket.id;

describe("one definition per figure, whatever the filter", () => {
  test("days, date ranges and the default range over the same day give identical figures, open stretches included", async () => {
    at(0);
    const A = await customer("5511960000001", "oi");
    const B = await customer("5511960000002", "oi");
    const C = await customer("5511960000003", "oi");
    await customer("5511960000004", "oi"); // D waits all day: pending, no wait time yet
    // A: accepted at 6 (wait 6), closed at 46 (support 40)
    at(6);
    await put(A, { status: "open", userId: ana.user.id });
    at(46);
    await put(A, { status: "closed" });
    // B: accepted at 10 (wait 10) and still open at the end of the day
    at(10);
    await put(B, { status: "open", userId: ana.user.id });
    // C: accepted at 2 (wait 2), closed at 22 (support 20); its contact comes back at 300 (second stretch, pending)
    at(2);
    await put(C, { status: "open", userId: ana.user.id });
    at(22);
    await put(C, { status: "closed" });
    at(300);
    await customer("5511960000003", "voltei");
    at(9 * 60); // 18:00

    const expected = {
      supportPending: 2, // D and C's second stretch
      supportHappening: 1, // B
      supportFinished: 2, // A and C's first stretch
      leads: 3, // A, B and D have one stretch; C's contact has two
      avgSupportTime: 30, // (40 + 20) / 2
      avgWaitTime: 6, // (6 + 10 + 2) / 3: B's open stretch counts; D and C's second have not been accepted
    };
    const filters = [
      "days=1",
      "days=3",
      "days=7",
      "days=90",
      "date_from=2026-03-17&date_to=2026-03-17",
      "date_from=2026-03-01&date_to=2026-03-17", // the default: first of the month to today
      "date_from=2026-03-16&date_to=2026-03-18",
      "date_from=2026-03-17",
      "date_to=2026-03-17",
    ];
    const answers = await Promise.all(filters.map((f) => t.call("GET", `/dashboard?${f}`, { token: tok })));
    for (const [i, r] of answers.entries()) {
      expect({ filter: filters[i], status: r.status, counters: r.json.counters }).toEqual({ filter: filters[i], status: 200, counters: expected });
      expect({ filter: filters[i], attendants: r.json.attendants }).toEqual({ filter: filters[i], attendants: answers[0].json.attendants });
    }
    const byName = Object.fromEntries(answers[0].json.attendants.map((x: { name: string }) => [x.name, x]));
    expect(byName["Ana Lima"]).toMatchObject({ tickets: 3, avgSupportTime: 30 });

    // A period that misses the day is empty, whatever its kind (live counts stay).
    for (const f of ["date_from=2026-03-18&date_to=2026-03-31", "date_from=2026-02-01&date_to=2026-02-28", "date_to=2026-03-16"]) {
      const r = await t.call("GET", `/dashboard?${f}`, { token: tok });
      expect({ f, counters: r.json.counters }).toEqual({
        f,
        counters: { supportPending: 2, supportHappening: 1, supportFinished: 0, leads: 0, avgSupportTime: 0, avgWaitTime: 0 },
      });
    }
    // The day's edges are the company's midnight: a day later, "last 1 day" no longer holds 09:00.
    at(33 * 60);
    const later = await t.call("GET", "/dashboard?days=1", { token: tok });
    expect(later.json.counters.supportFinished).toBe(0);
    const range = await t.call("GET", "/dashboard?date_from=2026-03-17&date_to=2026-03-17", { token: tok });
    expect(range.json.counters).toEqual(expected);
  });

  // SQLite's query plan: PostgreSQL works the minutes out per row (the test below holds them to SQLite's numbers).
  test.skipIf(process.env.BALCAO_TEST_ENGINE === "pg")(
    "the period's scans read the minutes from the covering index (the expressions match the index's)",
    () => {
      const args = { $company: a.company.id, $from: "2026-01-01", $to: "2026-12-31" };
      for (const q of [DASHBOARD_SQL.perUser, DASHBOARD_SQL.leads]) {
        const plan = (t.db.sqlite.query(`EXPLAIN QUERY PLAN ${q}`).all(args) as { detail: string }[]).map((r) => r.detail).join(" | ");
        expect(plan).toContain("USING COVERING INDEX ticket_tracking_company_idx (company_id=? AND queued_at>? AND queued_at<?)");
      }
    },
  );
});

// On SQLite the engine's minutes are the reference itself: nothing to compare.
test.skipIf(process.env.BALCAO_TEST_ENGINE !== "pg")("PostgreSQL's support minutes are SQLite's, to the minute, ties and negatives included", async () => {
  // Durations around whole minutes (half-second ties, a millisecond either side), over instants with milliseconds.
  const durations = [0, 1_000, 59_499, 59_500, 59_501, 60_000, 89_999, 119_500, 179_499, 3_599_500, 1_800_000, -59_500, -60_500, -119_500];
  const pairs: [string | null, string | null][] = [
    [null, "2026-03-17T12:00:00.000Z"],
    ["2026-03-17T12:00:00.000Z", null],
  ];
  for (let i = 0; i < 120; i++) {
    const start = Date.UTC(2026, 0, 1) + i * 7_777_777 + ((i * 37) % 1000);
    for (const d of durations) pairs.push([new Date(start).toISOString(), new Date(start + d).toISOString()]);
  }
  const values = pairs.map(([a, b]) => `(${a ? `'${a}'` : "NULL"}, ${b ? `'${b}'` : "NULL"})`).join(", ");
  const reference = new Database(":memory:");
  const expected = reference
    .query(`SELECT ${TRACKING_SUPPORT_MINUTES} AS m FROM (SELECT column1 AS started_at, column2 AS finished_at, NULL AS rating_at FROM (VALUES ${values}))`)
    .all()
    .map((r) => (r as { m: number | null }).m);
  reference.close();
  const rows = await rawAll<{ m: number | null }>(
    t.db,
    sql.raw(
      `SELECT ${minutesBetweenPg("started_at", "coalesce(rating_at, finished_at)")} AS m FROM (VALUES ${values}) AS v(started_at, finished_at) CROSS JOIN (SELECT NULL::text AS rating_at) AS r`,
    ),
  );
  expect(rows.map((r) => (r.m === null ? null : Number(r.m)))).toEqual(expected);
  expect(expected.filter((m) => m !== null).length).toBeGreaterThan(1000);
});
