/**
 * The storage guard: watches free space on the data folder's disk and keeps a ballast file there.
 *
 * - Free space below `lowBytes` is "low": bulk work (imports, campaign starts, media uploads) is
 *   refused with 507 ERR_STORAGE_LOW before the database fills, /readyz fails, admins see a banner.
 * - A write that hits a full disk (SQLITE_FULL, ENOSPC) is "full": the ballast is released at once so
 *   the inbound spool, the alert and an orderly degradation still have room, and the request answers
 *   507 ERR_STORAGE_FULL. The ballast is laid again once free space is back above the low mark.
 *
 * Bulk work asks `deps.storage.assertAvailable()` first (the guard is one per Deps, made by createDeps).
 *
 * Unless STORAGE_LOW_MB / BALLAST_MB set them, the low mark and the ballast scale to the disk
 * (`defaultStorageMarks`): a fixed 512 MB mark on a 600 MB disk would keep /readyz at 503 and refuse
 * every upload forever. Free space under twice the low mark is "near": a loud warning at boot and
 * the admins' banner, before anything is refused.
 */
import { closeSync, existsSync, openSync, rmSync, statfsSync, writeSync } from "node:fs";
import { join } from "node:path";
import { AppError } from "../core/errors";
import type { StorageGuard as StorageGuardPort, StorageState, StorageStatus } from "../core/storage";
import { log } from "../lib/logger";

export interface StorageGuardOptions {
  /** Free space under which bulk work is refused and readiness fails (undefined: scaled to the disk). */
  lowBytes?: number;
  /** Size of the reserved file (0 = no ballast; undefined: scaled to the disk). */
  ballastBytes?: number;
  /** Measures free and total bytes of the data folder's disk (tests replace it). */
  measure?: (dir: string) => { free: number; total: number };
  /** How long a measurement is reused (statfs on every request is wasted work). */
  cacheMs?: number;
}

/** The ballast's file name inside the data folder (excluded from backups). */
export const BALLAST_FILE = ".ballast";

const CHUNK = 1024 * 1024;
const MB = 1024 * 1024;
/** The default low mark: 512 MB, or a tenth of a smaller disk. */
const LOW_MAX = 512 * MB;
const LOW_SHARE = 0.1;
/** The default ballast: 64 MB, or 2 % of a smaller disk. */
const BALLAST_MAX = 64 * MB;
const BALLAST_SHARE = 0.02;

/**
 * The low mark and ballast for a disk of `totalBytes` when the operator set neither: min(512 MB,
 * 10 % of the disk) and min(64 MB, 2 % of the disk), whole megabytes. An unknown size keeps the maxima.
 */
export function defaultStorageMarks(totalBytes: number): { lowBytes: number; ballastBytes: number } {
  if (!(totalBytes > 0)) return { lowBytes: LOW_MAX, ballastBytes: BALLAST_MAX };
  const mb = (n: number) => Math.floor(n / MB) * MB;
  return { lowBytes: Math.min(LOW_MAX, mb(totalBytes * LOW_SHARE)), ballastBytes: Math.min(BALLAST_MAX, mb(totalBytes * BALLAST_SHARE)) };
}
/** After a full-disk error, the state stays "full" at least this long even if space seems free. */
const FULL_HOLD_MS = 10_000;

function statfsMeasure(dir: string) {
  const s = statfsSync(dir);
  return { free: s.bavail * s.bsize, total: s.blocks * s.bsize };
}

/** One data folder's guard: free-space state, the ballast, and the full-disk reaction. */
export class StorageGuard implements StorageGuardPort {
  private cached: { at: number; free: number; total: number } | null = null;
  private fullUntil = 0;
  private readonly measureFn: (dir: string) => { free: number; total: number };

  constructor(
    readonly dataDir: string,
    private readonly opts: StorageGuardOptions,
  ) {
    this.measureFn = opts.measure ?? statfsMeasure;
  }

  get ballastPath() {
    return join(this.dataDir, BALLAST_FILE);
  }

  /** The low mark and ballast size in force: the operator's, else scaled to the disk's size. */
  marks(): { lowBytes: number; ballastBytes: number } {
    const auto = defaultStorageMarks(this.measure().total);
    return { lowBytes: this.opts.lowBytes ?? auto.lowBytes, ballastBytes: this.opts.ballastBytes ?? auto.ballastBytes };
  }

  private measure(fresh = false) {
    const now = Date.now();
    if (!fresh && this.cached && now - this.cached.at < (this.opts.cacheMs ?? 2000)) return this.cached;
    try {
      const m = this.measureFn(this.dataDir);
      this.cached = { at: now, ...m };
    } catch {
      this.cached = { at: now, free: Number.POSITIVE_INFINITY, total: 0 };
    }
    return this.cached;
  }

  /** The current state (measured at most every cacheMs). */
  status(fresh = false): StorageStatus {
    const m = this.measure(fresh);
    const { lowBytes, ballastBytes } = this.marks();
    const state: StorageState = Date.now() < this.fullUntil ? "full" : m.free < lowBytes ? "low" : "ok";
    return {
      state,
      near: m.free < 2 * lowBytes,
      freeBytes: Number.isFinite(m.free) ? m.free : -1,
      totalBytes: m.total,
      lowBytes,
      ballastBytes,
      ballastPresent: existsSync(this.ballastPath),
    };
  }

  /** Throws 507 ERR_STORAGE_FULL / ERR_STORAGE_LOW when bulk work must not start. */
  assertAvailable() {
    const s = this.status();
    if (s.state === "full") throw new AppError("ERR_STORAGE_FULL", 507);
    if (s.state === "low") throw new AppError("ERR_STORAGE_LOW", 507, { freeBytes: s.freeBytes });
  }

  /**
   * Lays the ballast when it is missing and the disk has room for it above the low mark; answers
   * true when a ballast is in place afterwards. Written with real blocks (not sparse).
   */
  ensureBallast(): boolean {
    const m = this.measure(true);
    const { lowBytes, ballastBytes: size } = this.marks();
    if (size <= 0) return false;
    if (existsSync(this.ballastPath)) return true;
    if (m.free < lowBytes + size) return false;
    let fd: number | null = null;
    try {
      fd = openSync(this.ballastPath, "w", 0o600);
      const zeros = new Uint8Array(CHUNK);
      for (let left = size; left > 0; left -= CHUNK) writeSync(fd, zeros, 0, Math.min(CHUNK, left));
      closeSync(fd);
      fd = null;
      this.cached = null;
      return true;
    } catch (err) {
      if (fd !== null) closeSync(fd);
      rmSync(this.ballastPath, { force: true });
      log.warn("storage ballast could not be laid", { err: String(err) });
      return false;
    }
  }

  /** Deletes the ballast (answers true when there was one to free). */
  releaseBallast(): boolean {
    if (!existsSync(this.ballastPath)) return false;
    rmSync(this.ballastPath, { force: true });
    this.cached = null;
    return true;
  }

  /** Called when a write failed with a full disk: release the ballast and hold the "full" state. */
  onFullDisk() {
    this.fullUntil = Date.now() + FULL_HOLD_MS;
    if (this.releaseBallast()) log.error("disk full: storage ballast released to keep the spool and alerts working", { dataDir: this.dataDir });
  }

  /** Periodic check (a job): re-lay the ballast once space is back, release it when free space runs out. */
  check(): StorageStatus {
    const s = this.status(true);
    if (s.state === "ok" && !s.ballastPresent) this.ensureBallast();
    else if (s.freeBytes >= 0 && s.freeBytes < s.lowBytes / 4 && s.ballastPresent) this.onFullDisk();
    return this.status(true);
  }

  /** Clears the "full" hold (tests; the hold also ends by itself). */
  clearFull() {
    this.fullUntil = 0;
    this.cached = null;
  }
}

/**
 * Says at boot, loudly, when the data disk is low (bulk work refused, /readyz 503) or near the low
 * mark, with the figures and what sets them; answers the level logged (null when all is well).
 */
export function warnStorageAtBoot(guard: StorageGuard, explicit: boolean): "error" | "warn" | null {
  const s = guard.status(true);
  if (s.state === "ok" && !s.near) return null;
  const fields = {
    dataDir: guard.dataDir,
    freeMB: Math.round(s.freeBytes / MB),
    totalMB: Math.round(s.totalBytes / MB),
    lowMarkMB: Math.round(s.lowBytes / MB),
    lowMarkFrom: explicit ? "STORAGE_LOW_MB" : "scaled to the disk (min 512 MB, 10 % of the disk)",
  };
  if (s.state !== "ok") {
    log.error("data disk low: uploads, imports, campaign starts and backups are refused and /readyz answers 503 until space is freed", fields);
    return "error";
  }
  log.warn("data disk nearly low: free space before uploads and imports are refused", fields);
  return "warn";
}
