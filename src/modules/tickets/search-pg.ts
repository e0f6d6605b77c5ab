import { type SQL, sql } from "drizzle-orm";
import { contacts } from "../contacts/schema";
import { messages } from "../messages/schema";
import { tickets } from "./schema";
import { type SearchTerms, WALK_FROM } from "./search";

/**
 * Ticket search on PostgreSQL, the same meaning as SQLite's FTS5 (see search.ts). Message bodies are
 * indexed by a GIN index over `message_search_doc(company_id, body)`: the body's words, accents and
 * case removed (`unaccent`, then the `simple` configuration: no stemming, no stop words), split where
 * FTS5's unicode61 splits them (punctuation too), plus one lexeme `#<company>` that no word can be
 * (`#` separates words). A query is `'#<company>' & 'word':* & …`, so the index
 * itself keeps to the company, as SQLite's company-keyed rowids do. Measured against pg_trgm on the
 * bench data set (bench/RESULTS.md): 5-6 times less CPU for a word, and no sequential scan for a
 * word of one or two letters (trigrams need three).
 */

/** ASCII punctuation and as many spaces: translate()'s two arguments. */
const ASCII_PUNCTUATION = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";
const PUNCTUATION = `'${ASCII_PUNCTUATION.replaceAll("'", "''")}', '${" ".repeat(ASCII_PUNCTUATION.length)}'`;

/** What the search migration creates (the custom migration of migrations-pg holds the same statements). */
export const SEARCH_PG_STATEMENTS = [
  "CREATE EXTENSION IF NOT EXISTS unaccent SCHEMA public",
  // The words of a text: ASCII punctuation made a space, then the parser (which splits at every other
  // character that is not a letter or a digit, by the database's ctype: it must be UTF-8, e.g. C.UTF-8 or
  // pt_BR.UTF-8), then per word the unaccent dictionary and the simple one (lower case, no stemming, no
  // stop words). Without the punctuation step the parser keeps "x@y.com", "4471-9" or "produto-novo"
  // whole (FTS5's unicode61 splits them); unaccent goes after the parser because it spells some symbols
  // out ("№77" would become the word "no77"). No regular expression and no lower() on the column: texts
  // are in the ucs_basic collation (SQLite's), where both know ASCII only.
  `DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_ts_config WHERE cfgname = 'message_search' AND cfgnamespace = 'public'::regnamespace) THEN
    CREATE TEXT SEARCH CONFIGURATION public.message_search (COPY = pg_catalog.simple);
    ALTER TEXT SEARCH CONFIGURATION public.message_search ALTER MAPPING FOR asciiword, word, numword WITH public.unaccent, pg_catalog.simple;
  END IF;
END $$`,
  // The bodies are SQL-standard (RETURN): bound when created, independent of the search_path of whoever
  // runs them (ANALYZE, autovacuum, a restore).
  `CREATE OR REPLACE FUNCTION search_words(t text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN to_tsvector('public.message_search'::regconfig, translate(t, ${PUNCTUATION}))`,
  `CREATE OR REPLACE FUNCTION message_search_doc(company bigint, body text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN search_words(body) || array_to_tsvector(ARRAY['#' || company::text])`,
  // The words of a search, each a prefix, all required, within the company. A text with no word
  // matches nothing (the company lexeme and its negation).
  `CREATE OR REPLACE FUNCTION message_search_query(company bigint, words text) RETURNS tsquery LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN (SELECT (quote_literal('#' || company::text) || coalesce(string_agg(' & ' || quote_literal(w) || ':*', ''), ' & !' || quote_literal('#' || company::text)))::tsquery
    FROM unnest(tsvector_to_array(search_words(words))) AS w)`,
];

/** The index itself (created last by the migration; dropped and created again by a rebuild). */
export const SEARCH_PG_INDEX = "CREATE INDEX IF NOT EXISTS messages_fts_idx ON messages USING gin (message_search_doc(company_id, body))";

/** The custom migration for migrations-pg (drizzle-kit's statement breakpoints between statements). */
export const SEARCH_PG_MIGRATION = `${[...SEARCH_PG_STATEMENTS, SEARCH_PG_INDEX].join(";\n--> statement-breakpoint\n")};\n`;

/** Drops the search index: before a bulk copy of messages, which is faster without it. */
export async function dropSearchIndexPg(exec: (statement: string) => Promise<unknown>) {
  await exec("DROP INDEX IF EXISTS messages_fts_idx");
}

/**
 * Builds the search index from the rows as they are (the `migrate-to-postgres` copier calls it after
 * the copy): the functions, the index made anew, then ANALYZE, without which the planner guesses a
 * search finds 100 messages and probes tickets one by one instead of hashing (4 times slower).
 */
export async function rebuildSearchIndexPg(exec: (statement: string) => Promise<unknown>) {
  for (const s of SEARCH_PG_STATEMENTS) await exec(s);
  await dropSearchIndexPg(exec);
  await exec(SEARCH_PG_INDEX);
  await exec("ANALYZE messages");
}

/** The tickets a search finds (see search.ts): contact name or number, or the GIN index of messages. */
export function pgSearchSet(companyId: number, terms: SearchTerms): SQL {
  // sort_name is folded by the same expression as on SQLite; ILIKE also folds case beyond ASCII.
  const byName = sql`select c.id from ${contacts} c where c.company_id = ${companyId} and c.sort_name ilike ${terms.namePattern}`;
  const contactIds = terms.numberPattern
    ? sql`select c.id from ${contacts} c where c.company_id = ${companyId} and c.number like ${terms.numberPattern} union all ${byName}`
    : byName;
  const byContact = sql`select t.id from ${tickets} t where t.company_id = ${companyId} and t.contact_id in (${contactIds})`;
  if (!terms.words.length) return byContact;
  return sql`${byContact} union all select m.ticket_id from ${messages} m
    where message_search_doc(m.company_id, m.body) @@ message_search_query(${companyId}, ${terms.words.join(" ")})`;
}

/**
 * One page and the count in one statement, as on SQLite: with no condition on ticket columns the
 * page is read by walking `tickets_company_updated_idx` backwards, each ticket tested against the
 * set (`(… in …) is true` keeps the test a hashed lookup instead of a join the planner would sort),
 * while the page lies in the first eighth of 1,000 or more matches; otherwise the conditions pick
 * the tickets (a hash join with the matches) and only the page's ids are sorted out.
 */
export function pgSearchPageQuery(companyId: number, set: SQL, where: SQL | undefined, onlySearch: boolean, size: number, offset: number): SQL {
  const page = (from: SQL) =>
    sql`(select coalesce(json_agg(p.id order by p.at desc, p.id desc), '[]') from (${from} order by at desc, id desc limit ${size} offset ${offset}) p)`;
  if (!onlySearch)
    return sql`with found as materialized (select ${tickets.id} as id, ${tickets.updatedAt} as at from ${tickets} where ${where})
      select (select count(*) from found) as total, ${page(sql`select id, at from found`)} as ids`;
  return sql`with found as materialized (select distinct s.id from (${set}) s), n as (select count(*) as n from found)
    select (select n from n) as total,
      case when (select n from n) >= ${WALK_FROM} and ${offset + size} * 8 <= (select n from n)
        then ${page(sql`select t.id, t.updated_at as at from ${tickets} t where t.company_id = ${companyId} and (t.id in (select id from found)) is true`)}
        else ${page(sql`select t.id, t.updated_at as at from ${tickets} t where t.id in (select id from found)`)}
      end as ids`;
}
