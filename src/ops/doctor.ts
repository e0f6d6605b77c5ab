/**
 * `cli doctor`: checks an installation and says what is wrong — data folder permissions, disk space,
 * database integrity and schema, the full-text index, WAL size, connections' states, the server,
 * the newest backup (on PostgreSQL: doctor-pg.ts). It only reads: the database is opened read-only (never created, migrated or
 * written), and a database that cannot be read is a FAIL line, never a crash.
 */
import { accessSync, constants, existsSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { blobLocation, type Config } from "../config";
import { openBlobStore, probeBlobStore } from "../lib/blob-store-open";
import type { DB } from "../core/db";
import { openDatabaseReadOnly } from "../db/client";
import { dataFolderHeld, describeHolder, legacyHolder, readHolderRow } from "../db/instance-lock";
import { countConnectionsByStatus } from "../modules/connections";
import { codeSchema, databaseSchema, listBackups } from "./backup";
import { searchIndexDrift } from "../modules/messages";
import { StorageGuard } from "./storage";
import { postgresChecks } from "./doctor-pg";

export interface DoctorCheck {
  name: string;
  level: "ok" | "warn" | "fail";
  detail: string;
}

const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;
const WAL_WARN_BYTES = 512 * 1024 * 1024;
const BACKUP_AGE_WARN_MS = 2 * 24 * 3600_000;
const why = (e: unknown) => `${(e as { code?: string }).code ? `${(e as { code: string }).code}: ` : ""}${(e as Error).message ?? e}`;

/** Runs every check; a "fail" makes the command exit 1. */
export async function runDoctor(config: Config, now = Date.now()): Promise<DoctorCheck[]> {
  const out: DoctorCheck[] = [];
  const add = (name: string, level: DoctorCheck["level"], detail: string) => out.push({ name, level, detail });
  /** One check; an error inside it is that check's FAIL line, and the next checks still run. */
  const check = async (name: string, fn: () => void | Promise<void>) => {
    try {
      await fn();
    } catch (e) {
      add(name, "fail", why(e));
    }
  };
  const dir = config.dataDir;
  if (!existsSync(dir)) {
    add("data folder", "fail", `${dir} does not exist (start Balcão once to create it, or set DATA_DIR)`);
    return out;
  }
  folderChecks(dir, add);
  await check("disk space", () => {
    const guard = new StorageGuard(dir, { lowBytes: config.storageLowBytes, ballastBytes: config.ballastBytes });
    const disk = guard.status(true);
    const near = disk.state === "ok" && disk.near;
    add(
      "disk space",
      disk.state !== "ok" ? "fail" : near ? "warn" : "ok",
      `${mb(disk.freeBytes)} free of ${mb(disk.totalBytes)} (refuses bulk work under ${mb(disk.lowBytes)}${config.storageLowBytes === undefined ? `, scaled to the disk: STORAGE_LOW_MB sets it` : ""}); ballast ${disk.ballastPresent ? "in place" : "missing"}`,
    );
  });
  if (config.databaseUrl) {
    await postgresChecks(config.databaseUrl, add);
    await check("server", () => {
      add("server", "ok", dataFolderHeld(dir) ? "running on this folder" : "not running on this folder");
    });
    return out;
  }
  const dbPath = config.dbPath;
  if (!existsSync(dbPath)) {
    add("database", "fail", `${dbPath} does not exist (start Balcão once to create it, or restore a backup)`);
    backupsCheck(dir, now, add);
    return out;
  }
  let db: DB;
  try {
    db = openDatabaseReadOnly(dbPath);
    db.sqlite.query("SELECT count(*) FROM sqlite_master").get();
  } catch (e) {
    add("database", "fail", `${dbPath} cannot be read: ${why(e)} (restore a backup: restore <archive>)`);
    backupsCheck(dir, now, add);
    return out;
  }
  try {
    await check("database integrity", () => {
      const rows = db.sqlite.query<{ quick_check: string }, []>("PRAGMA quick_check").all();
      const good = rows.length === 1 && rows[0].quick_check === "ok";
      add(
        "database integrity",
        good ? "ok" : "fail",
        good ? "quick_check ok" : `${rows.map((r) => r.quick_check).join("; ")} (restore a backup: restore <archive>)`,
      );
    });
    await check("schema", () => {
      const have = databaseSchema(db);
      const code = codeSchema();
      add(
        "schema",
        have.migrations === code.migrations ? "ok" : have.migrations > code.migrations ? "fail" : "warn",
        have.migrations > code.migrations
          ? `database schema ${have.migrations} is newer than this version (${code.migrations})`
          : `${have.migrations} of ${code.migrations} migrations applied${have.migrations < code.migrations ? " (run: migrate, with the server stopped)" : ""}`,
      );
    });
    await check("full-text index", () => {
      const drift = searchIndexDrift(db);
      if (!drift.length) add("full-text index", "ok", "every message is searchable");
      else
        add(
          "full-text index",
          "fail",
          `${drift.map((d) => `company ${d.companyId}: ${d.messages} messages, ${d.indexed} indexed`).join("; ")} (run: reindex, with the server stopped)`,
        );
    });
    await check("WAL size", () => {
      const wal = join(dir, "app.db-wal");
      const walSize = existsSync(wal) ? statSync(wal).size : 0;
      add("WAL size", walSize > WAL_WARN_BYTES ? "warn" : "ok", `${mb(walSize)}${walSize > WAL_WARN_BYTES ? " (a long reader blocks checkpoints)" : ""}`);
    });
    await check("connections", async () => {
      const conns = await countConnectionsByStatus(db);
      add("connections", "ok", conns.length ? conns.map((c) => `${c.status ?? "none"}: ${c.count}`).join(", ") : "none");
    });
    await check("server", () => {
      const row = readHolderRow(db);
      if (dataFolderHeld(dir)) add("server", "ok", `running on this folder: ${describeHolder(row)}`);
      else if (legacyHolder(db, now)) add("server", "ok", `running on this folder: ${describeHolder(row)}`);
      else add("server", "ok", "not running on this folder");
    });
  } finally {
    db.sqlite.close();
  }
  backupsCheck(dir, now, add);
  return out;
}

/**
 * The file store: the data folder's media (writable, checked without writing) or the bucket, where a small object is
 * written, read back and removed (the bucket exists, the keys may write, the service answers).
 */
export async function fileStoreCheck(config: Config): Promise<DoctorCheck> {
  const name = "file store";
  if (config.blobs.kind === "local") {
    try {
      if (!existsSync(config.mediaDir)) return { name, level: "warn", detail: `local folder ${config.mediaDir} missing (created at the next start)` };
      accessSync(config.mediaDir, constants.R_OK | constants.W_OK);
      return { name, level: "ok", detail: `local folder ${config.mediaDir}, writable` };
    } catch (e) {
      return { name, level: "fail", detail: `local folder ${config.mediaDir} is not writable by this user: ${why(e)}` };
    }
  }
  const where = `S3 bucket ${blobLocation(config.blobs)} at ${config.blobs.endpoint}`;
  try {
    await probeBlobStore(openBlobStore(config.blobs, config));
    return { name, level: "ok", detail: `${where}: written, read back and removed` };
  } catch (e) {
    return { name, level: "fail", detail: `${where} cannot be used: ${(e as Error).message} (check S3_URL, S3_BUCKET and the keys)` };
  }
}

function folderChecks(dir: string, add: (name: string, level: DoctorCheck["level"], detail: string) => void) {
  try {
    accessSync(dir, constants.R_OK | constants.W_OK);
    const probe = join(dir, `.doctor-${process.pid}`);
    writeFileSync(probe, "ok");
    rmSync(probe);
    const mode = statSync(dir).mode & 0o777;
    add("data folder", mode & 0o002 ? "warn" : "ok", `${dir} writable, mode ${mode.toString(8)}${mode & 0o002 ? " (world-writable: chmod o-w)" : ""}`);
  } catch (e) {
    add("data folder", "fail", `${dir} is not writable by this user: ${(e as Error).message}`);
  }
  const secrets = join(dir, "secrets.json");
  if (existsSync(secrets)) {
    const mode = statSync(secrets).mode & 0o777;
    add("secrets.json", mode & 0o077 ? "warn" : "ok", `mode ${mode.toString(8)}${mode & 0o077 ? " (readable by others: chmod 600)" : ""}`);
  }
}

function backupsCheck(dir: string, now: number, add: (name: string, level: DoctorCheck["level"], detail: string) => void) {
  const newest = listBackups(dir)[0];
  if (!newest) add("backups", "warn", "no backup yet (run: backup)");
  else {
    const age = now - Date.parse(newest.createdAt);
    add("backups", age > BACKUP_AGE_WARN_MS ? "warn" : "ok", `newest ${newest.name} (${mb(newest.size)}, ${Math.round(age / 3600_000)} h old)`);
  }
}
