import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";

/** PostgreSQL's type ids for 64-bit integers and numerics (count(*), sum(), bigint columns). */
const INT8 = 20;
const NUMERIC = 1700;

/**
 * Opens a PostgreSQL database (postgres.js through drizzle-orm/postgres-js) with the same table objects as SQLite.
 * Integers come back as numbers, as bun:sqlite gives them: bigint columns hold SQLite's 64-bit integers (ids,
 * millisecond times, sizes), all far below 2^53, and `count(*)`/`sum()` answer int8/numeric. `max` bounds the pool.
 */
export function openPostgres(url: string, opts: { max?: number; onnotice?: (n: postgres.Notice) => void } = {}) {
  const client = postgres(url, {
    max: opts.max ?? 10,
    onnotice: opts.onnotice ?? (() => {}),
    types: {
      int8: { to: INT8, from: [INT8], serialize: (v: number | bigint | string) => String(v), parse: (v: string) => Number(v) },
      numeric: { to: NUMERIC, from: [NUMERIC], serialize: (v: number | string) => String(v), parse: (v: string) => Number(v) },
    },
  });
  return drizzle(client);
}

/** A PostgreSQL database opened by openPostgres; `$client` is its postgres.js pool. */
export type PgDB = ReturnType<typeof openPostgres>;

/** Whether a DATABASE_URL names PostgreSQL (the other engine is the embedded SQLite). */
export const isPostgresUrl = (url: string | undefined): url is string => !!url && /^postgres(ql)?:\/\//i.test(url);

/** A URL with its password hidden, for messages and logs. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "(an unreadable URL)";
  }
}
