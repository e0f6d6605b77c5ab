import { idle } from "../../db/query";
import type { DashboardDto } from "../../contract/dto/dashboard";
import { can } from "../../contract/permissions";
import type { DashboardInput } from "../../contract/schemas/dashboard";
import type { Ctx } from "../../core/deps";
import { forbidden } from "../../core/errors";
import { zonedHour, zonedInstant, zonedToday } from "../../contract/zoned";
import { TRACKING_SUPPORT_MINUTES, TRACKING_WAIT_MINUTES } from "../tickets";
import { listCompanyUsers } from "../users";
import { PER_USER_PG, queryPg } from "./figures-pg";

/*
 * What each figure means, whatever the filter (issue 29: "last 3/7 days" and a date range over the
 * same day used to disagree, because the range kept only stretches finished by its end). A period is
 * [from, to]: the last N days are [now − N × 24 h, now]; a date range is [date_from 00:00,
 * date_to 23:59:59.999] in the company's time zone (an open end is unbounded). A *stretch* is one row
 * of ticket_tracking: one ticket's wait and service, from queued to finished. The period's stretches
 * are those QUEUED in it, finished or not. README "Dashboard" says the same to users.
 * - supportPending / supportHappening: tickets pending / open right now (not filtered by the period).
 * - supportFinished: the period's stretches that have finished.
 * - leads: contacts with exactly one stretch in the period (R-DASH-2).
 * - avgSupportTime: average minutes from accepted to finished (or rated), over the period's stretches
 *   that have both and last a minute or more.
 * - avgWaitTime: average minutes from queued to accepted, over the period's stretches that were
 *   accepted after a minute or more (a stretch still waiting has no wait time yet).
 * - attendants: per user, the period's stretches, their average support time, the average of the
 *   ratings given to them in the period (1-3), and whether they are online.
 * - hourly: today's new tickets per hour of the company's day (not filtered by the period).
 */

/** Minutes of wait and support: the same expressions as in ticket_tracking_company_idx, so they are read from it. */
const SUPPORT = TRACKING_SUPPORT_MINUTES;
const WAIT = TRACKING_WAIT_MINUTES;
/** The period's stretches, queued in [from, to]: ticket_tracking_company_idx (company_id, queued_at) serves both ends. */
const PERIOD = "company_id = $company AND queued_at >= $from AND queued_at <= $to";
/** An open end of a date range (ISO strings compare as text). */
const NO_END = "9999-12-31T23:59:59.999Z";

/**
 * The dashboard's statements (exported for the test that checks they read the covering index). Both engines run
 * them (aliases quoted for PostgreSQL), except perUser, whose minutes PostgreSQL works out as PER_USER_PG.
 */
export const DASHBOARD_SQL = {
  /**
   * One scan of the period, per user (NULL = nobody): stretches, finished, and sums and counts of
   * non-zero times. The times are read from the covering index, where they were worked out when the
   * row was written (parsing four ISO instants per row per read cost a year's dashboard 50 ms of CPU).
   */
  perUser: `SELECT user_id AS "userId", count(*) AS stretches, count(finished_at) AS finished,
      sum(${SUPPORT}) AS "supportSum", count(${SUPPORT}) AS "supportN", sum(${WAIT}) AS "waitSum", count(${WAIT}) AS "waitN"
    FROM ticket_tracking WHERE ${PERIOD} GROUP BY user_id`,
  leads: `SELECT count(*) AS n FROM (SELECT contact_id FROM ticket_tracking WHERE ${PERIOD} GROUP BY contact_id HAVING count(*) = 1) AS lead`,
  ratings: `SELECT user_id AS "userId", avg(rate) AS rating FROM user_ratings
    WHERE company_id = $company AND created_at >= $from AND created_at <= $to AND user_id IS NOT NULL GROUP BY user_id`,
  live: "SELECT status, count(*) AS n FROM tickets WHERE company_id = $company AND status IN ('pending', 'open') GROUP BY status",
  today: 'SELECT created_at AS "createdAt" FROM tickets WHERE company_id = $company AND created_at >= $from',
} as const;

/** What the statements answer. */
interface Figures {
  users: UserFigures[];
  leads: number;
  live: { status: string; n: number }[];
  ratings: { userId: number; rating: number }[];
  today: { createdAt: string }[];
}
type Args = { $company: number; $from: string; $to: string };

/** The figures on SQLite: bun:sqlite's compiled statements, one after the other, once no transaction is open. */
async function figuresSqlite(ctx: Ctx, args: Args, midnight: string): Promise<Figures> {
  await idle(ctx.db);
  const db = ctx.db.sqlite;
  return {
    users: db.query(DASHBOARD_SQL.perUser).all(args) as UserFigures[],
    leads: (db.query(DASHBOARD_SQL.leads).get(args) as { n: number }).n,
    live: db.query(DASHBOARD_SQL.live).all({ $company: args.$company }) as Figures["live"],
    ratings: db.query(DASHBOARD_SQL.ratings).all(args) as Figures["ratings"],
    today: db.query(DASHBOARD_SQL.today).all({ $company: args.$company, $from: midnight }) as Figures["today"],
  };
}

/** The figures on PostgreSQL: the same statements (perUser's minutes as PER_USER_PG), side by side on the pool. */
async function figuresPg(ctx: Ctx, args: Args, midnight: string): Promise<Figures> {
  const run = <T>(text: string, values: Record<string, unknown>) => queryPg<T>(ctx.db, text, values);
  const [users, leads, live, ratings, today] = await Promise.all([
    run<UserFigures>(PER_USER_PG, args),
    run<{ n: number }>(DASHBOARD_SQL.leads, args),
    run<Figures["live"][number]>(DASHBOARD_SQL.live, { $company: args.$company }),
    run<Figures["ratings"][number]>(DASHBOARD_SQL.ratings, args),
    run<Figures["today"][number]>(DASHBOARD_SQL.today, { $company: args.$company, $from: midnight }),
  ]);
  return { users, leads: leads[0]?.n ?? 0, live, ratings, today };
}

interface UserFigures {
  userId: number | null;
  stretches: number;
  finished: number;
  supportSum: number | null;
  supportN: number;
  waitSum: number | null;
  waitN: number;
}
const avg = (sum: number | null, n: number) => (n ? (sum ?? 0) / n : 0);

/** The period's bounds as ISO instants, a date range's days in the company's time zone (see the definitions above). */
function period(q: DashboardInput, tz: string, now: number) {
  if (q.days !== undefined) return { from: new Date(now - q.days * 86_400_000).toISOString(), to: new Date(now).toISOString() };
  return {
    from: q.date_from ? new Date(zonedInstant(q.date_from, "00:00:00", tz)).toISOString() : "",
    to: q.date_to ? new Date(zonedInstant(q.date_to, "23:59:59", tz) + 999).toISOString() : NO_END,
  };
}

const round1 = (n: number | null | undefined) => Math.round((n ?? 0) * 10) / 10;

/**
 * GET /dashboard (admins; R-DASH-2 with one period rule for every filter): live pending/open
 * counts, the period's figures and attendants, today's tickets per hour (definitions above).
 */
export async function dashboard(ctx: Ctx, q: DashboardInput): Promise<DashboardDto> {
  if (!can(ctx.user, "dashboard:view")) throw forbidden();
  const tz = ctx.config.timezone;
  const now = ctx.clock.now();
  const { from, to } = period(q, tz, now);
  const args = { $company: ctx.companyId, $from: from, $to: to };
  const midnight = new Date(zonedInstant(zonedToday(tz, now), "00:00:00", tz)).toISOString();
  const f = await (ctx.db.engine === "pg" ? figuresPg : figuresSqlite)(ctx, args, midnight);
  const users = f.users;
  const sum = (k: "finished" | "supportSum" | "supportN" | "waitSum" | "waitN") => users.reduce((s, u) => s + (u[k] ?? 0), 0);
  const perUser = new Map(users.map((u) => [u.userId, u]));
  const leads = f.leads;
  const live = new Map(f.live.map((r) => [r.status, r.n]));
  const ratings = new Map(f.ratings.map((r) => [r.userId, r.rating]));
  const hourly = new Array<number>(24).fill(0);
  for (const r of f.today) hourly[zonedHour(tz, Date.parse(r.createdAt))]++;
  return {
    counters: {
      supportPending: live.get("pending") ?? 0,
      supportHappening: live.get("open") ?? 0,
      supportFinished: sum("finished"),
      leads,
      avgSupportTime: round1(avg(sum("supportSum"), sum("supportN"))),
      avgWaitTime: round1(avg(sum("waitSum"), sum("waitN"))),
    },
    attendants: (await listCompanyUsers(ctx.db, ctx.companyId)).map((u) => {
      const f = perUser.get(u.id);
      return {
        id: u.id,
        name: u.name,
        rating: round1(ratings.get(u.id)),
        avgSupportTime: round1(f ? avg(f.supportSum, f.supportN) : 0),
        tickets: f?.stretches ?? 0,
        online: u.online,
      };
    }),
    hourly,
  };
}
