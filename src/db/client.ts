import { Database } from "bun:sqlite";
import { drizzle } from "drizzle-orm/bun-sqlite";
import * as schema from "./schema";

/** Opens SQLite with the house pragmas: busy_timeout first, then WAL, NORMAL sync, foreign keys. */
export function openDatabase(path: string) {
  const sqlite = new Database(path, { create: true, strict: true });
  sqlite.exec("PRAGMA busy_timeout = 5000");
  sqlite.exec("PRAGMA journal_mode = WAL");
  sqlite.exec("PRAGMA synchronous = NORMAL");
  sqlite.exec("PRAGMA foreign_keys = ON");
  sqlite.exec("PRAGMA temp_store = MEMORY");
  sqlite.exec("PRAGMA cache_size = -16000");
  const db = drizzle(sqlite, { schema });
  return Object.assign(db, { sqlite });
}

export type DB = ReturnType<typeof openDatabase>;

/** The handle `db.transaction(fn)` passes to `fn`. */
export type Tx = Parameters<Parameters<DB["transaction"]>[0]>[0];

/** What a function that may run inside a transaction takes: the database or a transaction. */
export type DbOrTx = DB | Tx;
