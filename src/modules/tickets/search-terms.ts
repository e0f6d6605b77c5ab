import type { SQL } from "drizzle-orm";
import { foldName } from "../contacts";

/**
 * Ticket search (R-TKT-13), the same meaning on both engines: a ticket is found when its
 * contact's name contains the text (no case, no accents), when a text of digits is part of its
 * contact's number, or when one of its messages has every word of the text as the beginning of one of
 * its words (no case, no accents); always within one company. Answers come in list order (newest
 * activity, then id). This file reads the text once; `search-sqlite.ts` (FTS5) and `search-pg.ts`
 * (tsvector) build each engine's SQL from it, and `search.ts` picks the engine's.
 */
export interface SearchTerms {
  /** Up to 8 words of letters and digits, lower case (no search syntax from users reaches an index). */
  words: string[];
  /** `%name%` for LIKE (escape `\`): the text folded as contacts' `sort_name` is, wildcards taken literally. */
  namePattern: string;
  /** `%digits%` when the text is digits only (numbers are stored as digits), else null. */
  numberPattern: string | null;
}

/** Reads a search text into the terms both engines search for. */
export function searchTerms(text: string): SearchTerms {
  const words = text
    .toLowerCase()
    .normalize("NFKC")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  return {
    words,
    namePattern: `%${foldName(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
    numberPattern: /^\d+$/.test(text) ? `%${text}%` : null,
  };
}

/** Below this many matches, sorting them costs less than walking the company's tickets in list order. */
export const WALK_FROM = 1000;

/**
 * A search in SQL: `set`, a select of the ids of the company's tickets it finds (repeats possible),
 * for `searchPageQuery`; `condition`, the same as a condition on `tickets` to put with others.
 */
export interface SearchSql {
  set: SQL;
  condition: SQL;
}
