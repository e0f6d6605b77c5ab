/**
 * The backup schedule (the super user's settings): a daily backup at a local time, keeping the
 * newest N scheduled backups. Kept in `data/backups/schedule.json` beside the backups it governs.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { DB } from "../core/db";
import { log } from "../lib/logger";
import { backupsDir, createBackup, listBackups, pruneBackups } from "./backup";
import type { StorageGuard } from "../core/storage";
import { logThrottled } from "../lib/log-throttle";

export interface BackupSchedule {
  enabled: boolean;
  /** Local time of day, HH:MM (24 h), in the server's time zone (TZ). */
  time: string;
  /** Scheduled backups kept; older ones are deleted after each new one. */
  keep: number;
}

export const DEFAULT_SCHEDULE: BackupSchedule = { enabled: true, time: "03:30", keep: 7 };
const FILE = "schedule.json";

/** The schedule of a data folder (the default until a super user saves one). */
export function readSchedule(dataDir: string): BackupSchedule {
  const p = join(backupsDir(dataDir), FILE);
  if (!existsSync(p)) return { ...DEFAULT_SCHEDULE };
  try {
    return { ...DEFAULT_SCHEDULE, ...JSON.parse(readFileSync(p, "utf8")) };
  } catch {
    return { ...DEFAULT_SCHEDULE };
  }
}

/** Saves the schedule (validated by the caller). */
export function writeSchedule(dataDir: string, s: BackupSchedule): BackupSchedule {
  mkdirSync(backupsDir(dataDir), { recursive: true, mode: 0o700 });
  writeFileSync(join(backupsDir(dataDir), FILE), JSON.stringify(s), { mode: 0o600 });
  return s;
}

/** HH:MM of an instant in a time zone. */
export function localTime(at: Date, timezone: string): { day: string; time: string } {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: timezone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? "00";
  return { day: `${get("year")}-${get("month")}-${get("day")}`, time: `${get("hour")}:${get("minute")}` };
}

/**
 * The backups.scheduled job, run every minute: at the configured time, once per local day, writes a
 * scheduled backup and prunes older ones. Answers the backup's name when it wrote one.
 */
export async function runScheduledBackup(
  db: DB,
  dataDir: string,
  timezone: string,
  storage: StorageGuard,
  now = new Date(),
  filesIn?: string,
): Promise<string | null> {
  const s = readSchedule(dataDir);
  if (!s.enabled) return null;
  const here = localTime(now, timezone);
  if (here.time < s.time) return null;
  const today = listBackups(dataDir).some((b) => b.kind === "scheduled" && localTime(new Date(b.createdAt), timezone).day === here.day);
  if (today) return null;
  // A backup is written to the same disk: never while it is low (the banner and /readyz already say so).
  const disk = storage.status(true).state;
  if (disk !== "ok") {
    logThrottled("warn", "backup-skipped-disk", "scheduled backup skipped: the data disk is low", { state: disk });
    return null;
  }
  const { name } = await createBackup(db, dataDir, { kind: "scheduled", now, filesIn });
  const pruned = pruneBackups(dataDir, "scheduled", s.keep);
  log.info("scheduled backup written", { backup: name, pruned: pruned.length });
  return name;
}
