import { Database } from "bun:sqlite";
import { closeSync, existsSync, openSync } from "node:fs";
import { ownerOnly } from "../config";
import { drizzle } from "drizzle-orm/bun-sqlite";
import type { DB } from "../core/db";
import { asyncTransactions } from "./sqlite-async";

/** Compiled statements kept per database; drizzle asks for one per query, compiling is most of a small query's cost. */
const STATEMENT_CACHE_SIZE = 400;

/**
 * Makes `prepare` reuse compiled statements by SQL text (least recently used evicted). Drizzle
 * prepares a statement for every query and never finalizes it; bun:sqlite runs a statement to the
 * end synchronously, so one compiled statement can serve every call with the same SQL. Every
 * statement (also `query`) is compiled through `plannerStable`.
 */
function cacheStatements(sqlite: Database) {
  const prepare = sqlite.prepare.bind(sqlite) as (sql: string, ...rest: unknown[]) => ReturnType<Database["prepare"]>;
  const compile = (sql: string, ...rest: unknown[]) => prepare(plannerStable(sql), ...rest);
  const query = sqlite.query.bind(sqlite);
  sqlite.query = ((sql: string) => query(plannerStable(sql))) as Database["query"];
  const cache = new Map<string, ReturnType<Database["prepare"]>>();
  sqlite.prepare = ((sql: string, ...rest: unknown[]) => {
    if (rest.length) return compile(sql, ...rest);
    const hit = cache.get(sql);
    if (hit) {
      cache.delete(sql);
      cache.set(sql, hit);
      return hit;
    }
    const stmt = compile(sql);
    cache.set(sql, stmt);
    if (cache.size > STATEMENT_CACHE_SIZE) {
      const oldest = cache.keys().next().value as string;
      cache.get(oldest)?.finalize();
      cache.delete(oldest);
    }
    return stmt;
  }) as Database["prepare"];
}

/**
 * A comparison or LIMIT whose right side is a bare parameter (`x = ?`, `limit ?`) makes SQLite's
 * planner look at the bound value (partial indexes, the LIKE and LIMIT optimizations, join
 * planning), and a statement planned from a bound value is planned again every time a value is
 * bound: measured on the ticket frame's five-table join, 33-65 µs per run instead of 4.6 µs, and
 * 21-30 µs instead of 1.9 µs for a contact's current ticket. `+?` (a no-op: same value, no
 * affinity either way) hides the value from the planner, so the plan is compiled once. The cost: a
 * partial index whose condition needs a bound value to be proven is not used, so partial-index
 * conditions are written as literals in queries (`send_status = 'queued'`).
 */
export function plannerStable(sql: string): string {
  return sql.replace(/(=|<|>|\blimit|\boffset) ([?$:@])/gi, "$1 +$2");
}

/** Opens SQLite with the house pragmas: busy_timeout first, then WAL, NORMAL sync, foreign keys. */
export function openDatabase(path: string): DB {
  // Created owner-only (0600); SQLite gives the -wal and -shm files the database file's mode.
  if (path !== ":memory:" && !existsSync(path)) closeSync(openSync(path, "a", 0o600));
  if (path !== ":memory:") ownerOnly(path, 0o600);
  const sqlite = new Database(path, { create: true, strict: true });
  sqlite.exec("PRAGMA busy_timeout = 5000");
  sqlite.exec("PRAGMA journal_mode = WAL");
  sqlite.exec("PRAGMA synchronous = NORMAL");
  sqlite.exec("PRAGMA foreign_keys = ON");
  sqlite.exec("PRAGMA temp_store = MEMORY");
  sqlite.exec("PRAGMA cache_size = -16000");
  cacheStatements(sqlite);
  return handles(sqlite);
}

/**
 * The two drizzle handles over the one connection (src/db/sqlite-async.ts): `db`, which everything uses, and
 * the transaction's handle, which `db.transaction(fn)` passes to `fn`.
 */
function handles(sqlite: Database): DB {
  const db = Object.assign(drizzle(sqlite), { sqlite, engine: "sqlite" as const });
  const tx = Object.assign(drizzle(sqlite), { sqlite, engine: "sqlite" as const });
  asyncTransactions(sqlite, db, tx);
  return db as unknown as DB;
}

/**
 * Opens an existing database for reading only (doctor, verify): nothing is created, migrated or
 * written (SQLite may leave its empty -wal/-shm side files). Throws SQLITE_CANTOPEN when the file is
 * missing, SQLITE_NOTADB when it is not a database.
 */
export function openDatabaseReadOnly(path: string): DB {
  const sqlite = new Database(path, { readonly: true, strict: true });
  try {
    sqlite.exec("PRAGMA busy_timeout = 5000");
    sqlite.exec("PRAGMA query_only = ON");
    sqlite.exec("PRAGMA temp_store = MEMORY");
  } catch (e) {
    sqlite.close();
    throw e;
  }
  cacheStatements(sqlite);
  return handles(sqlite);
}

/**
 * Gathers the query planner's statistics where they are missing or stale, with bounded work
 * (analysis_limit): at boot, after migrations and after bulk imports, so a fresh or restored
 * database is planned well without waiting for the nightly `db.optimize` job.
 */
export function refreshStatistics(db: Pick<DB, "sqlite" | "engine">) {
  // PostgreSQL's autovacuum analyzes tables whose rows changed (migrate-to-postgres runs ANALYZE after its copy).
  if (db.engine === "pg") return;
  db.sqlite.exec("PRAGMA analysis_limit = 400");
  db.sqlite.exec("PRAGMA optimize = 0x10002");
}

/** The nightly `db.optimize` job: the WAL folded back into the database, planner statistics refreshed. */
export function optimizeDatabase(db: Pick<DB, "sqlite" | "engine">) {
  // SQLite only: PostgreSQL's checkpoints and autovacuum do this work (the job is not scheduled there).
  if (db.engine === "pg") return;
  db.sqlite.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  db.sqlite.exec("PRAGMA optimize");
}
