import { type SQL, sql } from "drizzle-orm";

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
 * The period's scan per user on PostgreSQL (DASHBOARD_SQL.perUser's twin): the seconds are worked out once
 * per stretch in the inner scan (OFFSET 0 keeps the planner from copying them into each use), then the
 * minutes and their sums per user. ticket_tracking_company_idx (company_id, queued_at) finds the period.
 */
export const PER_USER_PG = `SELECT user_id AS "userId", count(*) AS stretches, count(finished_at) AS finished,
    sum(${minutes("sup")}) AS "supportSum", count(${minutes("sup")}) AS "supportN",
    sum(${minutes("wai")}) AS "waitSum", count(${minutes("wai")}) AS "waitN"
  FROM (SELECT user_id, finished_at, ${seconds("started_at", "coalesce(rating_at, finished_at)")} AS sup, ${seconds("queued_at", "started_at")} AS wai
    FROM ticket_tracking WHERE company_id = $company AND queued_at >= $from AND queued_at <= $to OFFSET 0) AS stretch
  GROUP BY user_id`;

/** A statement written with bun:sqlite's named parameters (`$company`) as a drizzle SQL with bound values. */
export function bindNamed(text: string, args: Record<string, unknown>): SQL {
  const parts = text.split(/(\$[a-z]\w*)/i);
  return sql.join(parts.map((p, i) => (i % 2 ? sql`${args[p]}` : sql.raw(p))));
}
