import type postgres from "postgres";

/**
 * The full-text index of message bodies on PostgreSQL, the counterpart of SQLite's FTS5 index
 * (search-index.ts): a GIN index over `message_search_doc(company_id, body)`, the body's words with
 * accents and case removed plus one lexeme `#<company>` that no word can be (`#` separates words), so a
 * query `'#<company>' & 'word':* & …` (`message_search_query`) keeps to the company inside the index, as
 * SQLite's company-keyed rowids do. An expression index: PostgreSQL keeps it in step with every insert,
 * edit and delete (no trigger). Chosen over pg_trgm after measuring both on the bench data set
 * (bench/RESULTS.md): about a fifth of the CPU for a word, no sequential scan for a word of one or
 * two letters (trigrams need three), and word beginnings are what the index holds rather than a regular
 * expression to check on every candidate row. Used by tickets/search-pg.ts.
 */

/** ASCII punctuation and as many spaces: translate()'s two arguments. */
const ASCII_PUNCTUATION = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";
const PUNCTUATION = `'${ASCII_PUNCTUATION.replaceAll("'", "''")}', '${" ".repeat(ASCII_PUNCTUATION.length)}'`;

/** What the search migration creates (migrations-pg/0002_messages_search.sql), and a rebuild again. */
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

/** The search migration as migrations-pg/0002_messages_search.sql holds it (a test keeps them equal). */
export const SEARCH_PG_MIGRATION = `${[...SEARCH_PG_STATEMENTS, SEARCH_PG_INDEX].join(";\n--> statement-breakpoint\n")};\n`;

/** Drops the search index: before a bulk copy of messages, which is much faster without it. */
export async function dropSearchIndexPg(sql: postgres.Sql | postgres.TransactionSql) {
  await sql.unsafe("DROP INDEX IF EXISTS messages_fts_idx");
}

/**
 * Builds the search index from the rows as they are (`migrate-to-postgres` after its bulk copy):
 * the functions, the index made anew, then ANALYZE of messages, without which the planner guesses a
 * search finds 100 messages and probes the matches' tickets one by one instead of hashing them (about
 * twice the CPU for an agent's search on the bench data set). Answers the messages indexed.
 */
export async function rebuildSearchIndexPg(sql: postgres.Sql | postgres.TransactionSql): Promise<number> {
  for (const s of SEARCH_PG_STATEMENTS) await sql.unsafe(s);
  await dropSearchIndexPg(sql);
  await sql.unsafe(SEARCH_PG_INDEX);
  await sql.unsafe("ANALYZE messages");
  const [row] = await sql.unsafe<{ n: string | number }[]>("SELECT count(*) AS n FROM messages");
  return Number(row?.n ?? 0);
}
