/**
 * Upgrades that cannot lose data: before pending migrations run on a database that has data, a
 * database backup is written; the migrations run in one transaction (drizzle), so a failure rolls
 * back to the previous schema and the server refuses to start with the reason; a database written by
 * a newer Balcão is refused before anything touches it.
 */
import type { MigrationMeta } from "drizzle-orm/migrator";
import type { DB } from "../core/db";
import { loadMigrations } from "../db/migrate";
import { log } from "../lib/logger";
import { createBackup, databaseSchema, pruneBackups } from "./backup";

/** Why the server must not start on this database; the message is for the operator. */
export class UpgradeError extends Error {}

/** Pre-migration backups kept (older ones are deleted after a successful upgrade). */
const KEEP_PRE_MIGRATION = 3;

/**
 * Checks the database against the code's migrations, backs it up when the schema is about to change,
 * then migrates. Answers how many migrations ran and the backup written (if any).
 */
export async function upgradeDatabase(db: DB, dataDir: string, migrations: MigrationMeta[] = loadMigrations()) {
  const have = databaseSchema(db);
  const newest = migrations.at(-1)?.folderMillis ?? 0;
  if (have.migrations > migrations.length || have.last > newest) {
    throw new UpgradeError(
      `the database was written by a newer Balcão (schema ${have.migrations}, this version knows ${migrations.length}): ` +
        "run the newer version, or restore a backup taken with this one (bun run cli restore <archive>)",
    );
  }
  const pending = migrations.length - have.migrations;
  if (pending <= 0) return { applied: 0, backup: null as string | null };
  let backup: string | null = null;
  if (have.migrations > 0) {
    try {
      backup = (await createBackup(db, dataDir, { kind: "pre-migration" })).path;
    } catch (e) {
      throw new UpgradeError(`could not back up the database before migrating (${(e as Error).message}); nothing was changed. Free disk space and start again`);
    }
    log.info("database backed up before migrating", { backup, pending });
  }
  try {
    // biome-ignore lint/suspicious/noExplicitAny: drizzle's dialect/session are internal but stable here
    const d = db as any;
    d.dialect.migrate(migrations, d.session, { migrationsFolder: "migrations" });
  } catch (e) {
    throw new UpgradeError(
      `a migration failed and was rolled back; the database is unchanged (schema ${have.migrations}) and the previous version still runs on it. ` +
        `Reason: ${(e as Error).message}${backup ? `. Backup taken before: ${backup}` : ""}`,
    );
  }
  if (backup) pruneBackups(dataDir, "pre-migration", KEEP_PRE_MIGRATION);
  return { applied: pending, backup };
}
