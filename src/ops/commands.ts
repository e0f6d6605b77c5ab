/**
 * How operator commands open the data folder. Only `migrate` and `reindex` (and the server's boot)
 * change the schema or rebuild anything, and only while holding the folder's lock; `restore` takes
 * the lock itself. Commands meant to run beside the server (backup, reset-password, reset-2fa, create-super,
 * jobs) open an existing database of the schema this version knows, never create or migrate one;
 * `doctor` and `verify` only read.
 */
import { existsSync } from "node:fs";
import type { Config } from "../config";
import type { DB } from "../core/db";
import { openDatabase, refreshStatistics } from "../db/client";
import { describeHolder, FolderBusyError, holdDataFolder, legacyHolder } from "../db/instance-lock";
import { rebuildSearchIndex } from "../modules/messages";
import { codeSchema, databaseSchema } from "./backup";
import { upgradeDatabase } from "./upgrade";
import { loadMigrations } from "../db/migrate";
import { closeDatabase, openPostgresChecked } from "../db/open";
import { pgClientOf } from "../db/pg-client";
import { postgresSchema, upgradePostgres } from "./upgrade-pg";

/** An operator mistake or a refusal: printed without a stack trace, exit code 1 (2 for wrong usage). */
export class CliError extends Error {
  constructor(
    message: string,
    readonly code = 1,
  ) {
    super(message);
  }
}

/** Opens the folder's existing database; never creates one. */
export function openExisting(config: Config): DB {
  if (!existsSync(config.dbPath)) throw new CliError(`no database at ${config.dbPath}: start Balcão once to create it, or restore a backup`);
  try {
    return openDatabase(config.dbPath);
  } catch (e) {
    throw new CliError(`the database ${config.dbPath} cannot be opened (${(e as Error).message}): run doctor`);
  }
}

/**
 * Refuses a database whose schema is not this version's: an older one is migrated only by
 * `migrate` or the server's boot (never behind a running server's back), a newer one not at all.
 */
export async function requireCurrentSchema(db: DB) {
  const pg = db.engine === "pg";
  const have = pg ? (await postgresSchema(pgClientOf(db))).migrations : databaseSchema(db).migrations;
  const code = pg ? loadMigrations("migrations-pg").length : codeSchema().migrations;
  if (have > code) throw new CliError(`the database was written by a newer Balcão (schema ${have}, this version knows ${code}): use that version`);
  if (have < code) {
    throw new CliError(
      `the database is at schema ${have} and this version expects ${code}: stop the server and run migrate (or start this version), or use the Balcão version that runs on it`,
    );
  }
}

/** The database a command beside the server works on: PostgreSQL when DATABASE_URL is set, else the folder's existing SQLite. */
export async function openCommandDatabase(config: Config): Promise<DB> {
  if (!config.databaseUrl) return openExisting(config);
  return await openPostgresChecked(config.databaseUrl, { max: 2 });
}

/** `migrate` on PostgreSQL: the pending migrations in one transaction under the advisory lock (as the boot does). */
export async function migratePostgresCommand(url: string): Promise<{ applied: number }> {
  const db = await openPostgresChecked(url, { max: 1 });
  try {
    return await upgradePostgres(pgClientOf(db));
  } finally {
    await closeDatabase(db);
  }
}

/** Runs `fn` holding the data folder (refused at once while a server runs on it) and a database free of an older server. */
async function exclusive<T>(config: Config, what: string, fn: (db: DB) => Promise<T> | T, opts: { create?: boolean } = {}): Promise<T> {
  let lock: Awaited<ReturnType<typeof holdDataFolder>>;
  try {
    lock = await holdDataFolder(config.dataDir, what);
  } catch (e) {
    if (e instanceof FolderBusyError) throw new CliError(`${what} refused: ${e.message}`);
    throw e;
  }
  try {
    const db = opts.create ? openDatabase(config.dbPath) : openExisting(config);
    try {
      const old = legacyHolder(db);
      if (old) throw new CliError(`${what} refused: an older Balcão runs on this data folder (${describeHolder(old)}): stop it first`);
      return await fn(db);
    } finally {
      db.sqlite.close();
    }
  } finally {
    lock.release();
  }
}

/** `migrate`: backs up, then applies pending migrations, with the server stopped (creates a new database in an empty folder). */
export function migrateCommand(config: Config) {
  return exclusive(
    config,
    "migrate",
    async (db) => {
      const upgraded = await upgradeDatabase(db, config.dataDir);
      refreshStatistics(db);
      return upgraded;
    },
    { create: true },
  );
}

/** `reindex`: rebuilds the full-text index of message bodies, with the server stopped. */
export function reindexCommand(config: Config) {
  return exclusive(config, "reindex", async (db) => {
    await requireCurrentSchema(db);
    const started = performance.now();
    const rows = rebuildSearchIndex(db);
    return { rows, ms: Math.round(performance.now() - started) };
  });
}
