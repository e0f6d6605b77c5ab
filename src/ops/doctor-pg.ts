/**
 * `cli doctor` on PostgreSQL (DATABASE_URL): the server answers and takes writes, the schema is this version's,
 * how many rows the main tables hold, the connections' states. SQLite's file checks (quick_check, the FTS index,
 * the WAL's size) have no PostgreSQL twin to run here: PostgreSQL checks its own pages, and the search index is an
 * expression index it maintains. Only reads.
 */
import type { DB } from "../core/db";
import { loadMigrations } from "../db/migrate";
import { closeDatabase, openPostgresChecked } from "../db/open";
import { pgClientOf, redactUrl } from "../db/pg-client";
import { countConnectionsByStatus } from "../modules/connections";
import { postgresSchema } from "./upgrade-pg";

/** A check's level, as doctor.ts prints it (declared here too: doctor.ts imports this file). */
type Level = "ok" | "warn" | "fail";

/** The tables whose sizes tell an operator what the database holds (counted exactly: doctor is run by hand). */
const COUNTED = ["companies", "users", "contacts", "tickets", "messages", "whatsapps"] as const;

/** The PostgreSQL checks of doctor; a database that cannot be reached is a FAIL line, never a crash. */
export async function postgresChecks(url: string, add: (name: string, level: Level, detail: string) => void): Promise<void> {
  let db: DB;
  try {
    db = await openPostgresChecked(url, { max: 1 });
  } catch (e) {
    add("database", "fail", (e as Error).message);
    return;
  }
  const sql = pgClientOf(db);
  const check = async (name: string, fn: () => Promise<void>) => {
    try {
      await fn();
    } catch (e) {
      add(name, "fail", (e as Error).message);
    }
  };
  try {
    await check("database", async () => {
      const [row] = await sql<{ version: string; standby: boolean }[]>`select current_setting('server_version') as version, pg_is_in_recovery() as standby`;
      add(
        "database",
        row.standby ? "fail" : "ok",
        `PostgreSQL ${row.version} at ${redactUrl(url)}${row.standby ? " is a standby (read-only): point DATABASE_URL at the primary" : ", answers and takes writes"}`,
      );
    });
    await check("schema", async () => {
      const have = (await postgresSchema(sql)).migrations;
      const code = loadMigrations("migrations-pg").length;
      add(
        "schema",
        have === code ? "ok" : have > code ? "fail" : "warn",
        have > code
          ? `database schema ${have} is newer than this version (${code})`
          : `${have} of ${code} migrations applied${have < code ? " (run: migrate, or start this version)" : ""}`,
      );
    });
    await check("rows", async () => {
      const parts: string[] = [];
      for (const table of COUNTED) {
        const [r] = await sql<{ n: number }[]>`select count(*)::int as n from ${sql(table)}`;
        parts.push(`${table} ${r?.n ?? 0}`);
      }
      add("rows", "ok", parts.join(", "));
    });
    await check("connections", async () => {
      const conns = await countConnectionsByStatus(db);
      add("connections", "ok", conns.length ? conns.map((c) => `${c.status ?? "none"}: ${c.count}`).join(", ") : "none");
    });
  } finally {
    await closeDatabase(db);
  }
  add(
    "backups",
    "ok",
    "the database is PostgreSQL: its backups are PostgreSQL's (pg_dump, or the host's snapshots); back up the data folder's media and secrets.json too",
  );
}
