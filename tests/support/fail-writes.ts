/**
 * Writes to one table failing as on a full disk ("database or disk is full"), on either engine: a TEMP trigger on
 * SQLite; on PostgreSQL a trigger raising disk_full (53100), the code PostgreSQL gives when its own disk is full.
 * Answers the undo. Tests of what the app does when storage fails use it; SQLite's real full file (max_page_count)
 * has no PostgreSQL twin.
 */
import type { DB } from "../../src/core/db";
import { pgClientOf } from "../../src/db/pg-client";

export async function failWrites(db: DB, table: string, op: "INSERT" | "UPDATE"): Promise<() => Promise<void>> {
  const name = `full_${table}_${op.toLowerCase()}`;
  if (db.engine !== "pg") {
    db.sqlite.exec(`CREATE TEMP TRIGGER ${name} BEFORE ${op} ON main.${table} BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END`);
    return async () => void db.sqlite.exec(`DROP TRIGGER IF EXISTS temp.${name}`);
  }
  const sql = pgClientOf(db);
  await sql.unsafe(`CREATE OR REPLACE FUNCTION balcao_test_disk_full() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = '53100'; END $$`);
  await sql.unsafe(`CREATE TRIGGER ${name} BEFORE ${op} ON ${table} FOR EACH ROW EXECUTE FUNCTION balcao_test_disk_full()`);
  return async () => void (await sql.unsafe(`DROP TRIGGER IF EXISTS ${name} ON ${table}`));
}
