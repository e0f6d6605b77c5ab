import type { DB } from "../core/db";
import { pgClientOf } from "./pg-client";

/** How many results are kept at most (the least recently used goes first). */
const READ_CACHE_SIZE = 500;

/**
 * Results of reads that are dear to compute and asked again and again (a tab's count, a page of a
 * search), kept until the database changes. Correct by construction: every entry belongs to one
 * version of the database, and any write, by this process or another, moves the version and drops
 * them all. So a new message, a ticket taken or moved, a contact renamed or a user's queues changed
 * are seen by the next read, whoever did it. Keys are the compiled query (SQL text and parameters),
 * so two callers share an entry only when they would run the same query (visibility is in it).
 * Held by `Deps` (`deps.reads`), never by the module.
 */
export class ReadCache {
  private version: string | undefined;
  private readonly values = new Map<string, unknown>();

  constructor(
    private readonly currentVersion: () => string | Promise<string>,
    private readonly max = READ_CACHE_SIZE,
  ) {}

  /** The value of `key` in the database as it is now: `compute()` runs once per version. */
  async get<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const read = this.currentVersion();
    // SQLite's version is read synchronously: no extra turn of the event loop on its request path.
    const version = typeof read === "string" ? read : await read;
    if (version !== this.version) {
      this.values.clear();
      this.version = version;
    }
    if (this.values.has(key)) {
      const hit = this.values.get(key) as T;
      this.values.delete(key);
      this.values.set(key, hit);
      return hit;
    }
    const value = await compute();
    // A write while `compute` ran (inside it, or another request's while it awaited) would make the value
    // older than the version it got.
    const after = this.currentVersion();
    if ((typeof after === "string" ? after : await after) !== version) return value;
    this.values.set(key, value);
    if (this.values.size > this.max) this.values.delete(this.values.keys().next().value as string);
    return value;
  }

  /** How many values are kept (tests). */
  get size() {
    return this.values.size;
  }
}

/**
 * SQLite's version of the database: `total_changes()` moves with every row this connection writes
 * (the app's only one), `data_version` with any other connection's commit (the CLI, a restore).
 */
export function sqliteVersion(db: Pick<DB, "sqlite">): () => string {
  const q = db.sqlite.query<{ c: number; d: number }, []>("select total_changes() as c, (select data_version from pragma_data_version) as d");
  return () => {
    const v = q.get()!;
    return `${v.c}:${v.d}`;
  };
}

/**
 * PostgreSQL's version of the data: the one row of `data_version` (migrations-pg/0005), moved inside every transaction
 * that writes a table a kept read could show, by this node, another node, the CLI or the operator's own tools. It moves
 * in the writing transaction, so a read sees the new version exactly when it sees the new rows; read before a
 * computation and again after it, a value is kept only when no commit came between. One prepared primary-key read per
 * cached read (about a tenth of a millisecond of the two processes' CPU).
 */
export function pgVersion(db: DB): () => Promise<string> {
  const sql = pgClientOf(db);
  let missing = 0;
  return async () => {
    const [row] = await sql<{ version: string }[]>`select version::text as version from data_version where id = 1`;
    // Without its row (removed by hand) nothing could tell a write: a version that moves at every read keeps nothing.
    return row?.version ?? `missing:${++missing}`;
  };
}

/** The version a database's read cache keys on: SQLite's counters, or PostgreSQL's data_version row. */
export const databaseVersion = (db: DB): (() => string | Promise<string>) => (db.engine === "pg" ? pgVersion(db) : sqliteVersion(db));
