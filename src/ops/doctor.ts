/**
 * `cli doctor`: checks an installation and says what is wrong — data folder permissions, disk space,
 * database integrity and schema, WAL size, connections' states, the newest backup.
 */
import { accessSync, constants, existsSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "../config";
import type { DB } from "../db/client";
import { instanceLockFree } from "../db/instance-lock";
import { countConnectionsByStatus } from "../modules/connections/queries";
import { codeSchema, databaseSchema, listBackups } from "./backup";
import { StorageGuard } from "./storage";

export interface DoctorCheck {
  name: string;
  level: "ok" | "warn" | "fail";
  detail: string;
}

const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;
const WAL_WARN_BYTES = 512 * 1024 * 1024;
const BACKUP_AGE_WARN_MS = 2 * 24 * 3600_000;

/** Runs every check; a "fail" makes the command exit 1. */
export function runDoctor(db: DB, config: Config, now = Date.now()): DoctorCheck[] {
  const out: DoctorCheck[] = [];
  const add = (name: string, level: DoctorCheck["level"], detail: string) => out.push({ name, level, detail });
  const dir = config.dataDir;
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
  const disk = new StorageGuard(dir, { lowBytes: config.storageLowBytes, ballastBytes: config.ballastBytes }).status(true);
  add(
    "disk space",
    disk.state === "ok" ? "ok" : "fail",
    `${mb(disk.freeBytes)} free of ${mb(disk.totalBytes)} (refuses bulk work under ${mb(disk.lowBytes)}); ballast ${disk.ballastPresent ? "in place" : "missing"}`,
  );
  const check = db.sqlite.query<{ quick_check: string }, []>("PRAGMA quick_check").all();
  const good = check.length === 1 && check[0].quick_check === "ok";
  add("database integrity", good ? "ok" : "fail", good ? "quick_check ok" : check.map((r) => r.quick_check).join("; "));
  const have = databaseSchema(db);
  const code = codeSchema();
  add(
    "schema",
    have.migrations === code.migrations ? "ok" : have.migrations > code.migrations ? "fail" : "warn",
    have.migrations > code.migrations
      ? `database schema ${have.migrations} is newer than this version (${code.migrations})`
      : `${have.migrations} of ${code.migrations} migrations applied${have.migrations < code.migrations ? " (run: migrate)" : ""}`,
  );
  const wal = join(dir, "app.db-wal");
  const walSize = existsSync(wal) ? statSync(wal).size : 0;
  add("WAL size", walSize > WAL_WARN_BYTES ? "warn" : "ok", `${mb(walSize)}${walSize > WAL_WARN_BYTES ? " (a long reader blocks checkpoints)" : ""}`);
  const conns = countConnectionsByStatus(db);
  add("connections", "ok", conns.length ? conns.map((c) => `${c.status ?? "none"}: ${c.count}`).join(", ") : "none");
  add("server", "ok", instanceLockFree(db) ? "not running on this folder" : "running on this folder");
  const newest = listBackups(dir)[0];
  if (!newest) add("backups", "warn", "no backup yet (run: backup)");
  else {
    const age = now - Date.parse(newest.createdAt);
    add("backups", age > BACKUP_AGE_WARN_MS ? "warn" : "ok", `newest ${newest.name} (${mb(newest.size)}, ${Math.round(age / 3600_000)} h old)`);
  }
  return out;
}
