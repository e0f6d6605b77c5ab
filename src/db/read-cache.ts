import type { DB } from "../core/db";

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
    private readonly currentVersion: () => string,
    private readonly max = READ_CACHE_SIZE,
  ) {}

  /** The value of `key` in the database as it is now: `compute()` runs once per version. */
  async get<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const version = this.currentVersion();
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
    if (this.currentVersion() !== version) return value;
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
 * A version that moves at every call, so nothing is kept: PostgreSQL's. SQLite can tell this process about every
 * write (its own counter, and data_version for other connections); PostgreSQL cannot: other nodes, the CLI and the
 * operator's own tools write through other connections, and neither a counter bumped by this process's writes nor
 * pg_stat_database's commit count (updated late, outside the transaction) would see them in time. A cached read that
 * is stale is a wrong tab count or a search page missing a new message, so on PostgreSQL every read is computed
 * (it has the cores and the planner for it) until the nodes share a change signal (the realtime bus of issue 25).
 */
export function uncachedVersion(): () => string {
  let n = 0;
  return () => String(++n);
}

/** The version a database's read cache keys on: SQLite's counters, or none on PostgreSQL (see uncachedVersion). */
export const databaseVersion = (db: DB): (() => string) => (db.engine === "pg" ? uncachedVersion() : sqliteVersion(db));
