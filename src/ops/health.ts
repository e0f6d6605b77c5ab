/** Readiness (`GET /readyz`, http/routes/health.ts): database writable, migrations done, data disk not low, the boot's integrity check not failed. */
import { loadMigrations } from "../db/migrate";
import { pgClientOf } from "../db/pg-client";
import type { Deps } from "../core/deps";
import { integrityOf } from "./integrity";
import { postgresSchema } from "./upgrade-pg";

/** How long PostgreSQL may take to answer the probe before the node is reported not ready (a hung server must not hang /readyz). */
const PG_PROBE_MS = 3_000;

/** The database checks of SQLite: the write lock taken (fails on a read-only or locked file) and released; the journal counted. */
function sqliteChecks(deps: Deps): { dbWritable: boolean; migrated: boolean } {
  let dbWritable = false;
  try {
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
  return { dbWritable, migrated };
}

/**
 * The database checks of PostgreSQL: the server answers within PG_PROBE_MS and is a primary (a standby in recovery
 * takes no writes), and drizzle's PostgreSQL journal holds every migration of migrations-pg/.
 */
async function postgresChecks(deps: Deps): Promise<{ dbWritable: boolean; migrated: boolean }> {
  const sql = pgClientOf(deps.db);
  const probe = (async () => {
    const [row] = await sql<{ primary: boolean }[]>`select not pg_is_in_recovery() as primary`;
    const have = await postgresSchema(sql);
    return { dbWritable: !!row?.primary, migrated: have.migrations >= loadMigrations("migrations-pg").length };
  })();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<{ dbWritable: boolean; migrated: boolean }>((resolve) => {
    timer = setTimeout(() => resolve({ dbWritable: false, migrated: false }), PG_PROBE_MS);
  });
  try {
    return await Promise.race([probe, late]);
  } catch {
    return { dbWritable: false, migrated: false };
  } finally {
    clearTimeout(timer);
    probe.catch(() => {});
  }
}

/**
 * The readiness checks, each true when it passes. A node of several also says its own links (`node`): its bus hears
 * the other nodes (else its sockets miss their frames and its caches their forgets) and its job connection answers.
 */
export async function readiness(deps: Deps) {
  const [{ dbWritable, migrated }, node] = await Promise.all([
    deps.db.engine === "pg" ? postgresChecks(deps) : sqliteChecks(deps),
    deps.node?.state().catch(() => ({ id: deps.node?.id ?? "", busListening: false, jobLock: false })),
  ]);
  const storage = deps.storage.status().state;
  const integrity = integrityOf(deps).state;
  const linked = !node || (node.busListening && node.jobLock);
  return {
    dbWritable,
    migrated,
    storage,
    integrity,
    ...(node && { node }),
    ready: dbWritable && migrated && storage === "ok" && integrity !== "failed" && linked,
  };
}
