/** Readiness (`GET /readyz`, http/routes/health.ts): database writable, migrations done, data disk not low, the boot's integrity check not failed. */
import { loadMigrations } from "../db/migrate";
import type { Deps } from "../core/deps";
import { integrityOf } from "./integrity";

/** The readiness checks, each true when it passes. */
export function readiness(deps: Deps) {
  let dbWritable = false;
  try {
    // Takes the write lock (fails on a read-only or locked database) and writes nothing.
    deps.db.sqlite.exec("BEGIN IMMEDIATE");
    deps.db.sqlite.exec("ROLLBACK");
    dbWritable = true;
  } catch {
    dbWritable = false;
  }
  let migrated = false;
  try {
    const applied = deps.db.sqlite.query<{ n: number }, []>("SELECT count(*) AS n FROM __drizzle_migrations").get()?.n ?? 0;
    migrated = applied >= loadMigrations().length;
  } catch {
    migrated = false;
  }
  const storage = deps.storage.status().state;
  const integrity = integrityOf(deps).state;
  return { dbWritable, migrated, storage, integrity, ready: dbWritable && migrated && storage === "ok" && integrity !== "failed" };
}
