import { count, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { DB, DbOrTx } from "../core/db";

/** A case-insensitive "contains" pattern with LIKE's wildcards escaped (use with `escape '\'`). */
export const containsPattern = (search: string) => `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `lower(column) like %search%` for any of the columns, wildcards in the search taken literally. */
export function containsAny(search: string, ...columns: (SQLiteColumn | SQL)[]): SQL {
  const term = containsPattern(search);
  const parts = columns.map((c) => sql`lower(${c}) like ${term} escape '\\'`);
  return sql`(${sql.join(parts, sql` or `)})`;
}

/**
 * One page of a table's rows and the total count for the same filter: the shape of every list
 * endpoint (`{ <records>, count, hasMore }`).
 */
export function pageOf<T extends SQLiteTable>(
  db: DbOrTx,
  table: T,
  where: SQL | undefined,
  orderBy: (SQLiteColumn | SQL)[],
  page: number,
  size: number,
): { rows: T["$inferSelect"][]; total: number } {
  // biome-ignore lint/suspicious/noExplicitAny: drizzle's select-from typing over a generic table
  const t = table as any;
  const total = db.select({ n: count() }).from(t).where(where).get()?.n ?? 0;
  const rows = db
    .select()
    .from(t)
    .where(where)
    .orderBy(...orderBy)
    .limit(size)
    .offset((page - 1) * size)
    .all() as T["$inferSelect"][];
  return { rows, total };
}

const COUNT_CACHE_SIZE = 500;
const counts = new WeakMap<object, { version: string; values: Map<string, number> }>();

/**
 * A list's count, remembered until the database changes: `total_changes()` moves with every row this
 * connection writes (the app's only one), `data_version` with any other process's commit. Counting a
 * tab of 35,000 tickets costs more than reading its page; between writes, repeating it is free.
 */
export function cachedCount(db: DB, query: { toSQL(): { sql: string; params: unknown[] }; get(): { n: number } | undefined }): number {
  const sqlite = db.sqlite;
  const v = sqlite.query<{ c: number; d: number }, []>("select total_changes() as c, (select data_version from pragma_data_version) as d").get()!;
  const version = `${v.c}:${v.d}`;
  let cache = counts.get(sqlite);
  if (!cache || cache.version !== version) {
    cache = { version, values: new Map() };
    counts.set(sqlite, cache);
  }
  const { sql: text, params } = query.toSQL();
  const key = `${text}\u0000${JSON.stringify(params)}`;
  const hit = cache.values.get(key);
  if (hit !== undefined) return hit;
  const n = query.get()?.n ?? 0;
  if (cache.values.size >= COUNT_CACHE_SIZE) cache.values.clear();
  cache.values.set(key, n);
  return n;
}
