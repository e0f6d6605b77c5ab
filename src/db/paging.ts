import { count, type SQL, sql } from "drizzle-orm";
import { type SQLiteColumn, SQLiteSyncDialect, type SQLiteTable } from "drizzle-orm/sqlite-core";
import type { DbOrTx } from "../core/db";
import type { Reads } from "../core/deps";

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
export async function pageOf<T extends SQLiteTable>(
  db: DbOrTx,
  table: T,
  where: SQL | undefined,
  orderBy: (SQLiteColumn | SQL)[],
  page: number,
  size: number,
): Promise<{ rows: T["$inferSelect"][]; total: number }> {
  // biome-ignore lint/suspicious/noExplicitAny: drizzle's select-from typing over a generic table
  const t = table as any;
  const total = (await db.select({ n: count() }).from(t).where(where).limit(1))[0]?.n ?? 0;
  const rows = (await db
    .select()
    .from(t)
    .where(where)
    .orderBy(...orderBy)
    .limit(size)
    .offset((page - 1) * size)) as T["$inferSelect"][];
  return { rows, total };
}

const dialect = new SQLiteSyncDialect();

/** A statement's result through `deps.reads`, keyed by its compiled SQL and parameters under `kind`. */
export function cachedRead<T>(reads: Reads, kind: string, query: SQL, compute: () => Promise<T>): Promise<T> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return reads.get(`${kind}\u0000${text}\u0000${JSON.stringify(params)}`, compute);
}

/**
 * A list's count, remembered until the database changes (`deps.reads`): counting a tab of 35,000
 * tickets costs more than reading its page; between writes, repeating it is free.
 */
export function cachedCount(reads: Reads, query: { toSQL(): { sql: string; params: unknown[] } } & PromiseLike<{ n: number }[]>): Promise<number> {
  const { sql: text, params } = query.toSQL();
  return reads.get(`count\u0000${text}\u0000${JSON.stringify(params)}`, async () => (await query)[0]?.n ?? 0);
}
