import type { Database } from "bun:sqlite";
import type { BunSQLiteDatabase } from "drizzle-orm/bun-sqlite";

/**
 * The database as every layer sees it: drizzle's query builder over bun:sqlite plus the raw handle
 * (`sqlite`) for the few statements written by hand. Declared without the schema generic, so nothing
 * here imports a module's tables (nothing uses drizzle's relational `db.query` API). Every statement is
 * awaited; `transaction(fn)` is asynchronous (src/db/sqlite-async.ts): `fn` gets the transaction's handle,
 * which has the same shape, and its own `transaction` is a savepoint.
 */
export type DB = Omit<BunSQLiteDatabase, "transaction"> & {
  /** Which database this is: the embedded SQLite (default) or PostgreSQL (`DATABASE_URL`). */
  engine: Engine;
  /** The raw bun:sqlite handle: SQLite only (`engine === "sqlite"`), for the statements listed in tests/unit/engine-boundary.test.ts. */
  sqlite: Database;
  /** Runs `fn` in one transaction (BEGIN IMMEDIATE … COMMIT, ROLLBACK when it throws); nested: a savepoint. */
  transaction<T>(fn: (tx: DB) => Promise<T>): Promise<T>;
};

/** The two engines: the embedded SQLite in `data/`, or PostgreSQL when `DATABASE_URL` names one. */
export type Engine = "sqlite" | "pg";

/** The handle `db.transaction(fn)` passes to `fn`. */
export type Tx = DB;

/** What a function that may run inside a transaction takes: the database or a transaction. */
export type DbOrTx = DB;
