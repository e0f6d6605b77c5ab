-- The PostgreSQL search index of message bodies, the counterpart of SQLite's FTS5 (migrations 0004 and 0030):
-- unaccent, a text search configuration (message_search: the parser, then unaccent and simple per word), the
-- functions that make a body's words and a search's query, and a GIN expression index that PostgreSQL keeps in
-- step with every insert, edit and delete. Written from src/modules/messages/search-index-pg.ts (SEARCH_PG_MIGRATION;
-- tests/unit/ticket-search-pg.test.ts checks they are equal); its comments say why each piece is so.
CREATE EXTENSION IF NOT EXISTS unaccent SCHEMA public;
--> statement-breakpoint
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_ts_config WHERE cfgname = 'message_search' AND cfgnamespace = 'public'::regnamespace) THEN
    CREATE TEXT SEARCH CONFIGURATION public.message_search (COPY = pg_catalog.simple);
    ALTER TEXT SEARCH CONFIGURATION public.message_search ALTER MAPPING FOR asciiword, word, numword WITH public.unaccent, pg_catalog.simple;
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_words(t text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN to_tsvector('public.message_search'::regconfig, translate(t, '!"#$%&''()*+,-./:;<=>?@[\]^_`{|}~', '                                '));
--> statement-breakpoint
CREATE OR REPLACE FUNCTION message_search_doc(company bigint, body text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN search_words(body) || array_to_tsvector(ARRAY['#' || company::text]);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION message_search_query(company bigint, words text) RETURNS tsquery LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN (SELECT (quote_literal('#' || company::text) || coalesce(string_agg(' & ' || quote_literal(w) || ':*', ''), ' & !' || quote_literal('#' || company::text)))::tsquery
    FROM unnest(tsvector_to_array(search_words(words))) AS w);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS messages_fts_idx ON messages USING gin (message_search_doc(company_id, body));
