import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { DbOrTx } from "../core/db";
import { gateOf } from "./sqlite-async";

/**
 * The rows of a hand-written statement (drizzle's `db.all(sql)`), awaited like a query builder: through
 * `db` it waits while a transaction is open (src/db/sqlite-async.ts).
 */
export async function rawAll<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  if (db.engine === "pg") return [...((await (db as unknown as PgExecute).execute(query)) as Iterable<T>)];
  const gate = gateOf(db);
  while (gate?.busy) await gate.free();
  return db.all<T>(query);
}

/** What drizzle's PostgreSQL handles add for hand-written statements. */
type PgExecute = { execute(query: SQL): Promise<unknown> };

/**
 * Whether a transaction whose savepoint just failed can go on: SQLite rolls the whole transaction back on some
 * errors (disk full, I/O) and then has none left; on PostgreSQL a failed savepoint is rolled back to and the
 * transaction goes on (a lost connection fails the next statement).
 */
export const transactionAlive = (tx: DbOrTx): boolean => tx.engine === "pg" || tx.sqlite.inTransaction;

/**
 * Resolves when no transaction is open on `db`: hand-written synchronous bun:sqlite work that follows at once
 * (the engine-specific statements listed in tests/unit/engine-boundary.test.ts) then neither reads another
 * request's uncommitted rows nor joins its transaction. Inside a transaction it rejects (use `tx`).
 */
export async function idle(db: DbOrTx): Promise<void> {
  const gate = gateOf(db);
  while (gate?.busy) await gate.free();
}

/** The larger of two values in a statement: SQLite's two-argument `max`, PostgreSQL's `greatest` (both columns non-null here). */
export const greatest = (db: DbOrTx, a: SQL | SQLWrapper, b: SQL | SQLWrapper | number | string): SQL =>
  db.engine === "pg" ? sql`greatest(${a}, ${b})` : sql`max(${a}, ${b})`;
