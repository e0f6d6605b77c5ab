/**
 * `balcao migrate-to-postgres <url>`: moves a whole SQLite installation into an empty PostgreSQL database. With the
 * data folder held (no server may run on it) and app.db opened read-only, in ONE PostgreSQL transaction: the
 * PostgreSQL migrations, every table with the same ids (referenced tables first), identity sequences set past every
 * id SQLite gave, the search index rebuilt the PostgreSQL way, planner statistics, then the row counts compared
 * table by table. Any failure rolls everything back, so the target is as empty as before and a re-run is safe; a
 * target that already has rows in any of Balcão's tables is refused. Baileys credentials and Signal keys
 * (`wa_auth`, BufferJSON text) are copied byte for byte, so moved connections reconnect without a new QR code.
 * Media files, secrets.json and backups stay in the data folder, which the PostgreSQL-backed server keeps using.
 */
import type { Database } from "bun:sqlite";
import { existsSync } from "node:fs";
import type { Config } from "../config";
import { openDatabaseReadOnly } from "../db/client";
import { describeHolder, FolderBusyError, holdDataFolder, legacyHolder } from "../db/instance-lock";
import { loadMigrations } from "../db/migrate";
import { isPostgresUrl, openPostgres, redactUrl } from "../db/pg-client";
import { dropSearchIndexPg, rebuildSearchIndexPg } from "../modules/messages";
import { copyPlan, copyTable, NOT_COPIED, setIdentityPast, type TablePlan } from "./copy-tables";
import { CliError, requireCurrentSchema } from "./commands";
import { UpgradeError } from "./upgrade";
import { applyPendingMigrations, MIGRATE_LOCK_KEY } from "./upgrade-pg";

/** The oldest PostgreSQL Balcão runs on. */
export const MIN_POSTGRES = 15;

export interface CopiedTable {
  table: string;
  /** Rows in SQLite. */
  rows: number;
  /** Rows in PostgreSQL after the copy (equal, or the copy was rolled back); null for a table not copied. */
  copied: number | null;
  ms: number;
}

export interface MoveReport {
  tables: CopiedTable[];
  searchIndexed: number;
  nulReplaced: number;
  ms: number;
}

export interface MoveOptions {
  /** Every table of the schema (`src/schema.ts`, which only the composition root and tests import). */
  tables: Record<string, unknown>;
  batchRows?: number;
  /** Hears each table as it starts and as its rows go (for the CLI's progress lines). */
  onProgress?: (table: string, done: number, total: number) => void;
  /** Tests: runs inside the transaction after the copy, before the counts are compared (a failure rolls back). */
  beforeVerify?: (tx: import("postgres").TransactionSql) => Promise<void>;
}

/** Rows per table in SQLite. */
const countRows = (sqlite: Database, table: string) => sqlite.query<{ n: number }, []>(`SELECT count(*) AS n FROM "${table}"`).get()?.n ?? 0;

/** Copies the data folder's SQLite database into the empty PostgreSQL database at `url`; answers the counts. */
export async function migrateToPostgres(config: Config, url: string, opts: MoveOptions): Promise<MoveReport> {
  if (!isPostgresUrl(url)) throw new CliError("migrate-to-postgres needs a postgres://user:password@host:port/database URL", 2);
  if (!existsSync(config.dbPath)) throw new CliError(`no database at ${config.dbPath}: nothing to move (DATA_DIR selects the data folder)`);
  let lock: Awaited<ReturnType<typeof holdDataFolder>>;
  try {
    lock = await holdDataFolder(config.dataDir, "migrate-to-postgres");
  } catch (e) {
    if (e instanceof FolderBusyError) throw new CliError(`migrate-to-postgres refused: ${e.message}`);
    throw e;
  }
  try {
    const db = openDatabaseReadOnly(config.dbPath);
    try {
      const old = legacyHolder(db);
      if (old) throw new CliError(`migrate-to-postgres refused: an older Balcão runs on this data folder (${describeHolder(old)}): stop it first`);
      await requireCurrentSchema(db);
      const problems = db.sqlite.query<{ table: string }, []>("PRAGMA foreign_key_check").all();
      if (problems.length) {
        const tables = [...new Set(problems.map((p) => p.table))].join(", ");
        throw new CliError(
          `the SQLite database has ${problems.length} rows whose references point nowhere (tables: ${tables}): PostgreSQL would refuse them; run doctor`,
        );
      }
      return await copyAll(db.sqlite, url, opts);
    } finally {
      db.sqlite.close();
    }
  } finally {
    lock.release();
  }
}

async function copyAll(sqlite: Database, url: string, opts: MoveOptions): Promise<MoveReport> {
  const started = performance.now();
  const plans = copyPlan(opts.tables);
  const pg = openPostgres(url, { max: 1 });
  const sql = pg.$client;
  try {
    await checkServer(sql, url);
    // One read transaction on SQLite: every table is read from the same moment.
    sqlite.exec("BEGIN");
    try {
      return await sql.begin(async (tx) => {
        await tx.unsafe("SET LOCAL idle_in_transaction_session_timeout = 0");
        // The upgrade lock first (held to the commit): a node booting on this database meanwhile waits for the copy.
        await tx`SELECT pg_advisory_xact_lock(${MIGRATE_LOCK_KEY})`;
        await refuseNonEmpty(tx, plans);
        await applyPendingMigrations(tx, loadMigrations("migrations-pg"));
        // The search index is built once after the copy (rebuildSearchIndexPg), not row by row during it.
        await dropSearchIndexPg(tx);
        const tables: CopiedTable[] = [];
        let nulReplaced = 0;
        for (const plan of plans) {
          const t0 = performance.now();
          const total = countRows(sqlite, plan.name);
          if (NOT_COPIED[plan.name]) {
            tables.push({ table: plan.name, rows: total, copied: null, ms: 0 });
            continue;
          }
          opts.onProgress?.(plan.name, 0, total);
          const copy = await copyTable(sqlite, tx, plan, { batchRows: opts.batchRows, onBatch: (done) => opts.onProgress?.(plan.name, done, total) });
          await setIdentityPast(tx, plan, copy.highestId);
          nulReplaced += copy.nulReplaced;
          tables.push({ table: plan.name, rows: total, copied: copy.rows, ms: Math.round(performance.now() - t0) });
        }
        const searchIndexed = await rebuildSearchIndexPg(tx);
        await tx`ANALYZE`;
        await opts.beforeVerify?.(tx);
        await verifyCounts(tx, tables);
        return { tables, searchIndexed, nulReplaced, ms: Math.round(performance.now() - started) };
      });
    } catch (e) {
      if (e instanceof CliError || e instanceof UpgradeError) throw e;
      throw new CliError(
        `the copy failed and was rolled back: the PostgreSQL database is as it was before, and running the command again is safe. Reason: ${(e as Error).message}`,
      );
    } finally {
      sqlite.exec("ROLLBACK");
    }
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** Refuses a server it cannot reach, one older than MIN_POSTGRES, or a database that is not UTF-8. */
async function checkServer(sql: import("postgres").Sql, url: string) {
  let version: number;
  let encoding: string;
  try {
    const [v] = await sql<{ v: string; e: string }[]>`SELECT current_setting('server_version_num') AS v, current_setting('server_encoding') AS e`;
    version = Number(v.v);
    encoding = v.e;
  } catch (e) {
    throw new CliError(`cannot reach PostgreSQL at ${redactUrl(url)}: ${(e as Error).message}`);
  }
  if (version < MIN_POSTGRES * 10_000) throw new CliError(`PostgreSQL ${Math.floor(version / 10_000)} is too old: Balcão needs ${MIN_POSTGRES} or newer`);
  if (encoding !== "UTF8") {
    throw new CliError(`the database's encoding is ${encoding}: Balcão needs UTF8 (CREATE DATABASE … ENCODING 'UTF8' TEMPLATE template0)`);
  }
}

/** Refuses a target where any of Balcão's tables has a row (an empty database, or one only migrated, is fine). */
async function refuseNonEmpty(tx: import("postgres").TransactionSql, plans: TablePlan[]) {
  const withRows: string[] = [];
  for (const { name } of plans) {
    const [exists] = await tx<{ t: string | null }[]>`SELECT to_regclass(${`public."${name}"`})::text AS t`;
    if (!exists?.t) continue;
    const [row] = await tx<{ has: boolean }[]>`SELECT EXISTS (SELECT 1 FROM ${tx(name)}) AS has`;
    if (row?.has) withRows.push(name);
  }
  if (withRows.length) {
    throw new CliError(
      `the target database is not empty (rows in ${withRows.slice(0, 8).join(", ")}${withRows.length > 8 ? `, and ${withRows.length - 8} more tables` : ""}): ` +
        "migrate-to-postgres copies into an empty database only, and never mixes two installations. Create a new database (CREATE DATABASE balcao), or drop this one's tables if nothing in it is needed",
    );
  }
}

/** Compares each copied table's rows in PostgreSQL with SQLite's count; a difference rolls the copy back. */
async function verifyCounts(tx: import("postgres").TransactionSql, tables: CopiedTable[]) {
  for (const t of tables) {
    if (t.copied === null) continue;
    const [row] = await tx<{ n: number }[]>`SELECT count(*) AS n FROM ${tx(t.table)}`;
    if (row.n !== t.rows) throw new Error(`${t.table}: ${t.rows} rows in SQLite but ${row.n} in PostgreSQL after the copy`);
    t.copied = row.n;
  }
}
