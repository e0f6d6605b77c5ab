-- The version of the data on PostgreSQL, the counterpart of SQLite's total_changes() + data_version that the read cache
-- keys on (src/db/read-cache.ts): one row, moved by the first write of every transaction that writes a table whose
-- rows a kept read could show, whichever node, CLI or tool made it. Moved in the writing transaction itself, so a
-- reader sees the new version exactly when it sees the new rows (a sequence would move before the commit). One UPDATE
-- per transaction (a transaction-local setting remembers it; a rolled-back savepoint forgets both), statement
-- triggers (no per-row cost on bulk writes), BEFORE the statement: a transaction takes the row's lock before any row
-- of its first write, so two writers never hold one each (an AFTER trigger would let an autocommit UPDATE of a ticket
-- wait for the row while the inbound commit holding it waits for that ticket: a deadlock). The tables left out are written often and never read by a kept read:
-- WhatsApp keys, sign-in challenges and sessions, rate limits, the nodes' heartbeats, leases and job ticks.
-- tests/api/read-cache-pg.test.ts checks every other table has the trigger: a new table's migration adds it.
CREATE TABLE "data_version" (
	"id" smallint PRIMARY KEY NOT NULL CHECK ("id" = 1),
	"version" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "data_version" ("id", "version") VALUES (1, 0);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION data_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('balcao.data_version_moved', true) IS DISTINCT FROM '1' THEN
    UPDATE data_version SET version = version + 1 WHERE id = 1;
    PERFORM set_config('balcao.data_version_moved', '1', true);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOR t IN
    SELECT table_name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
      AND table_name NOT IN ('data_version', 'wa_auth', 'auth_challenges', 'auth_sessions', 'limiter_hits', 'cluster_nodes',
        'connection_leases', 'job_runs', 'instance_lock')
  LOOP
    EXECUTE format('CREATE TRIGGER data_version BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION data_version_bump()', t);
  END LOOP;
END $$;
