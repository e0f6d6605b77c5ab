import type { DB } from "../../core/db";
import { pgClientOf } from "../../db/pg-client";

/*
 * The dashboard's minutes on PostgreSQL, worked out as SQLite works them out (TRACKING_*_MINUTES in
 * src/modules/tickets/schema.ts), so both engines give the same figures for the same data:
 * - julianday(t) is SQLite's iJD / 86400000.0 (whole milliseconds since the Julian epoch, divided in double
 *   precision): here the same integer from the instant's epoch, divided the same way, so the doubles are equal;
 * - ROUND(x) is SQLite's trunc(|x| + 0.5) with x's sign (not PostgreSQL's round to even);
 * - CAST(… AS INTEGER) truncates on SQLite (PostgreSQL's rounds): trunc() here.
 * The migration's julianday() (migrations-pg/0000) answers the same numbers but is PL/pgSQL with an exception
 * block (a subtransaction per call): four per stretch made a year's dashboard slow, so it is not called here.
 * The instants are the app's toISOString() text; the casts read them in UTC whatever the session's TimeZone.
 */

/** SQLite's julianday() of an ISO instant, in double precision. */
const julianDay = (col: string) => `((round(date_part('epoch', (${col})::timestamptz) * 1000) + 210866760000000) / 86400000::float8)`;
/** Seconds between two instants as SQLite's `(julianday(to) - julianday(from)) * 86400` gives them. */
const seconds = (from: string, to: string) => `((${julianDay(to)} - ${julianDay(from)}) * 86400)`;
/** Whole minutes of `s` seconds, NULL when under a minute or missing: SQLite's NULLIF(CAST(ROUND(s) / 60 AS INTEGER), 0). */
const minutes = (s: string) => `NULLIF(trunc(sign(${s}) * trunc(abs(${s}) + 0.5) / 60), 0)`;

/** Whole minutes from one instant column to another on PostgreSQL, as TRACKING_*_MINUTES gives them on SQLite. */
export const minutesBetweenPg = (from: string, to: string) => minutes(seconds(from, to));

/**
 * The period's scan per user on PostgreSQL (DASHBOARD_SQL.perUser's twin). Reading an ISO instant is most of the
 * cost, so each stretch's three instants are read once, in the innermost scan (OFFSET 0 keeps the planner from
 * copying the expressions into each use), then its seconds and minutes, then the sums per user.
 */
export const PER_USER_PG = `SELECT user_id AS "userId", count(*) AS stretches, count(finished_at) AS finished,
    sum(sup) AS "supportSum", count(sup) AS "supportN", sum(wai) AS "waitSum", count(wai) AS "waitN"
  FROM (SELECT user_id, finished_at, ${minutes("(e - s) * 86400")} AS sup, ${minutes("(s - q) * 86400")} AS wai
    FROM (SELECT user_id, finished_at, ${julianDay("queued_at")} AS q, ${julianDay("started_at")} AS s, ${julianDay("coalesce(rating_at, finished_at)")} AS e
      FROM ticket_tracking WHERE company_id = $company AND queued_at >= $from AND queued_at <= $to OFFSET 0) AS instants OFFSET 0) AS stretch
  GROUP BY user_id`;

/**
 * Runs a statement written with bun:sqlite's named parameters (`$company`) on PostgreSQL, unprepared: each request's
 * period gets a plan for its own bounds. A prepared statement soon runs a generic plan, which guesses that any range
 * of queued_at holds 0.5 % of the rows and walks the index for a whole year's stretches (5 times slower than the
 * scan a plan for that year picks).
 */
export async function queryPg<T>(db: DB, text: string, args: Record<string, unknown>): Promise<T[]> {
  const names: string[] = [];
  const positional = text.replace(/\$([a-z]\w*)/gi, (name) => {
    if (!names.includes(name)) names.push(name);
    return `$${names.indexOf(name) + 1}`;
  });
  return [...(await pgClientOf(db).unsafe(positional, names.map((n) => args[n]) as never[], { prepare: false }))] as T[];
}
