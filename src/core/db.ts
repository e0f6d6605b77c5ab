import type { Database } from "bun:sqlite";
import type { BunSQLiteDatabase } from "drizzle-orm/bun-sqlite";

/**
 * The database as every layer sees it: drizzle's query builder over bun:sqlite plus the raw handle
 * (`sqlite`) for the few statements written by hand. Declared without the schema generic, so nothing
 * here imports a module's tables (nothing uses drizzle's relational `db.query` API).
 */
export type DB = BunSQLiteDatabase & { sqlite: Database };

/** The handle `db.transaction(fn)` passes to `fn`. */
export type Tx = Parameters<Parameters<DB["transaction"]>[0]>[0];

/** What a function that may run inside a transaction takes: the database or a transaction. */
export type DbOrTx = DB | Tx;
