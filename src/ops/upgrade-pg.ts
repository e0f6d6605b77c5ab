/**
 * Upgrades of a PostgreSQL database, under SQLite's rules (src/ops/upgrade.ts): a database written by a newer
 * Balcão is refused before anything touches it; the pending migrations run in one transaction, so a failure rolls
 * back to the previous schema and the previous version still runs on it. Several nodes may boot at once: the whole
 * upgrade holds a transaction-scoped advisory lock, so one node migrates and the others wait, then find nothing to do.
 * There is no pre-migration backup as on SQLite (the data is not in the data folder): PostgreSQL's own backups
 * (pg_dump, base backups) are the operator's, and the transaction is what keeps a failed upgrade harmless.
 */
import type { MigrationMeta } from "drizzle-orm/migrator";
import type postgres from "postgres";
import { loadMigrations } from "../db/migrate";
import { UpgradeError } from "./upgrade";

/** The advisory lock key of schema upgrades (other PostgreSQL advisory locks of Balcão use other keys). */
export const MIGRATE_LOCK_KEY = 7_561_016_264_001;
/** Where applied migrations are recorded: drizzle's own table for PostgreSQL, so drizzle-kit reads it too. */
const MIGRATIONS_TABLE = `"drizzle"."__drizzle_migrations"`;

/** How far a database's schema is: migrations applied and the newest one's time (0 for an empty database). */
export interface PgSchemaVersion {
  migrations: number;
  last: number;
}

/** The schema a PostgreSQL database is at, read without writing. */
export async function postgresSchema(sql: postgres.Sql | postgres.TransactionSql): Promise<PgSchemaVersion> {
  const [exists] = await sql<{ t: string | null }[]>`SELECT to_regclass('drizzle.__drizzle_migrations')::text AS t`;
  if (!exists?.t) return { migrations: 0, last: 0 };
  const [row] = await sql<{ n: number; last: number | null }[]>`SELECT count(*)::int AS n, max(created_at)::float8 AS last FROM drizzle.__drizzle_migrations`;
  return { migrations: row?.n ?? 0, last: Number(row?.last ?? 0) };
}

/** A statement drizzle-kit wrote, or only comments and blanks (a placeholder step): those are skipped. */
const isEmptyStatement = (stmt: string) => stmt.replace(/--[^\n]*/g, "").trim() === "";

/**
 * Inside a transaction the caller owns: takes the upgrade lock (held until that transaction ends), refuses a newer
 * database, applies the pending migrations; answers the schema found and how many ran. Used by upgradePostgres and
 * by migrate-to-postgres (whose copy shares the transaction).
 */
export async function applyPendingMigrations(tx: postgres.TransactionSql, migrations: MigrationMeta[]): Promise<{ had: number; applied: number }> {
  await tx`SELECT pg_advisory_xact_lock(${MIGRATE_LOCK_KEY})`;
  await tx.unsafe("SET LOCAL statement_timeout = 0");
  const have = await postgresSchema(tx);
  const newest = migrations.at(-1)?.folderMillis ?? 0;
  if (have.migrations > migrations.length || have.last > newest) {
    throw new UpgradeError(
      `the database was written by a newer Balcão (schema ${have.migrations}, this version knows ${migrations.length}): ` +
        "run the newer version, or restore a PostgreSQL backup taken with this one",
    );
  }
  const pending = migrations.filter((m) => m.folderMillis > have.last);
  if (pending.length === 0) return { had: have.migrations, applied: 0 };
  await tx.unsafe(`CREATE SCHEMA IF NOT EXISTS "drizzle"`);
  await tx.unsafe(`CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`);
  try {
    for (const m of pending) {
      for (const stmt of m.sql) if (!isEmptyStatement(stmt)) await tx.unsafe(stmt);
      await tx`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES (${m.hash}, ${m.folderMillis})`;
    }
  } catch (e) {
    throw new UpgradeError(
      `a migration failed and was rolled back; the database is unchanged (schema ${have.migrations}) and the previous version still runs on it. Reason: ${(e as Error).message}`,
    );
  }
  return { had: have.migrations, applied: pending.length };
}

/**
 * Applies the pending PostgreSQL migrations (migrations-pg/) under the advisory lock, all in one transaction;
 * answers how many ran. Throws UpgradeError when the database is newer than the code or a migration failed.
 */
export async function upgradePostgres(sql: postgres.Sql, migrations: MigrationMeta[] = loadMigrations("migrations-pg")): Promise<{ applied: number }> {
  return sql.begin(async (tx) => ({ applied: (await applyPendingMigrations(tx, migrations)).applied }));
}
