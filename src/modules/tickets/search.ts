import type { SQL } from "drizzle-orm";
import { pgSearchPageQuery, pgSearchSql } from "./search-pg";
import { sqliteSearchPageQuery, sqliteSearchSql } from "./search-sqlite";
import { type SearchSql, searchTerms } from "./search-terms";

/** Ticket search on the engine at hand (the meaning of a search is in search-terms.ts). */
export type { SearchSql, SearchTerms } from "./search-terms";

/** The engine a database handle talks to. */
export type SearchEngine = "sqlite" | "pg";

/** The SQL of a search on one engine. */
export function searchSql(engine: SearchEngine, companyId: number, text: string): SearchSql {
  const terms = searchTerms(text);
  return engine === "pg" ? pgSearchSql(companyId, terms) : sqliteSearchSql(companyId, terms);
}

/**
 * One page of a search in list order and the count of every match, as one statement answering one
 * row `{ total, ids }` (ids: a JSON array). `where` holds every condition, the search's included;
 * `onlySearch` says there is none on ticket columns (an admin showing all, no filter), so the set is
 * the answer as it is and its page can be read by walking the list order.
 */
export function searchPageQuery(
  engine: SearchEngine,
  companyId: number,
  set: SQL,
  where: SQL | undefined,
  onlySearch: boolean,
  size: number,
  offset: number,
): SQL {
  return (engine === "pg" ? pgSearchPageQuery : sqliteSearchPageQuery)(companyId, set, where, onlySearch, size, offset);
}

/** The `{ total, ids }` row of `searchPageQuery` as numbers (each engine and driver types it its own way). */
export function readSearchPage(row: { total: unknown; ids: unknown } | undefined): { total: number; ids: number[] } {
  if (!row) return { total: 0, ids: [] };
  const ids = typeof row.ids === "string" ? (JSON.parse(row.ids) as unknown[]) : ((row.ids as unknown[] | null) ?? []);
  return { total: Number(row.total ?? 0), ids: ids.map(Number) };
}
