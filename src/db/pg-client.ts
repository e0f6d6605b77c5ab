import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import type { DB } from "../core/db";

/** PostgreSQL's type ids for 64-bit integers and numerics (count(*), sum(), bigint columns). */
const INT8 = 20;
const NUMERIC = 1700;

/**
 * Opens a PostgreSQL database (postgres.js through drizzle-orm/postgres-js) with the same table objects as SQLite.
 * Integers come back as numbers, as bun:sqlite gives them: bigint columns hold SQLite's 64-bit integers (ids,
 * millisecond times, sizes), all far below 2^53, and `count(*)`/`sum()` answer int8/numeric. `max` bounds the pool.
 */
export function openPostgres(url: string, opts: PgOpenOptions = {}) {
  const client = postgres(url, {
    max: opts.max ?? 10,
    ...(opts.connectTimeout ? { connect_timeout: opts.connectTimeout } : {}),
    onnotice: opts.onnotice ?? (() => {}),
    types: {
      int8: { to: INT8, from: [INT8], serialize: (v: number | bigint | string) => String(v), parse: (v: string) => Number(v) },
      numeric: { to: NUMERIC, from: [NUMERIC], serialize: (v: number | string) => String(v), parse: (v: string) => Number(v) },
    },
  });
  return drizzle(client);
}

/** How a pool is opened: its size, seconds to wait for a connection, where notices go (nowhere by default). */
export interface PgOpenOptions {
  max?: number;
  connectTimeout?: number;
  onnotice?: (n: postgres.Notice) => void;
}

/** A PostgreSQL database opened by openPostgres; `$client` is its postgres.js pool. */
export type PgDB = ReturnType<typeof openPostgres>;

/**
 * The advisory lock every PostgreSQL transaction takes first (`pg_advisory_xact_lock`, released at COMMIT or
 * ROLLBACK): write transactions run one at a time, which is the guarantee SQLite's single writer (BEGIN IMMEDIATE)
 * gives and the services' check-then-write transactions (user and connection limits, sign-up, a campaign's start, a
 * contact found or created) rely on. Statements outside a transaction run side by side; compare-and-set updates
 * (`UPDATE … WHERE status = …`) and unique indexes hold without it. The key spells "balc".
 */
export const WRITE_LOCK_KEY = 0x62616c63;

// biome-ignore lint/suspicious/noExplicitAny: drizzle's transaction objects, wrapped in place
type AnyTx = any;

/** Marks a drizzle PostgreSQL handle (the database or a transaction) as the house DB: `engine`, nested savepoints marked too. */
function asHouseHandle(handle: AnyTx): void {
  handle.engine = "pg";
  const nested = handle.transaction.bind(handle);
  handle.transaction = (fn: (tx: AnyTx) => Promise<unknown>, config?: unknown) =>
    nested((tx: AnyTx) => {
      asHouseHandle(tx);
      return fn(tx);
    }, config);
}

/**
 * Opens PostgreSQL as the house database (`DB`): the same query builder the services use on SQLite, `engine: "pg"`,
 * and `transaction(fn)` that takes the write lock (WRITE_LOCK_KEY) before `fn` runs; a nested `tx.transaction(fn)` is
 * a savepoint. `sqlite` is absent: the SQLite-only statements check `db.engine` first.
 */
export function openPostgresDb(url: string, opts: PgOpenOptions = {}): DB & { $client: postgres.Sql } {
  const db = openPostgres(url, opts) as AnyTx;
  const begin = db.transaction.bind(db);
  db.engine = "pg";
  db.transaction = (fn: (tx: AnyTx) => Promise<unknown>, config?: unknown) =>
    begin(async (tx: AnyTx) => {
      asHouseHandle(tx);
      await tx.execute(sql`select pg_advisory_xact_lock(${WRITE_LOCK_KEY})`);
      return fn(tx);
    }, config);
  return db;
}

/** The postgres.js pool under a house DB opened by openPostgresDb (the cluster pieces speak to it directly). */
export function pgClientOf(db: DB): postgres.Sql {
  const client = (db as unknown as { $client?: postgres.Sql }).$client;
  if (db.engine !== "pg" || !client) throw new Error("not a PostgreSQL database");
  return client;
}

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
