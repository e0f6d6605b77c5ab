/** The data disk as the rest of the system sees it (the guard itself is `ops/storage.ts`, one per Deps). */

/** The data disk's state: bulk work is refused while it is low or full. */
export type StorageState = "ok" | "low" | "full";

export interface StorageStatus {
  state: StorageState;
  /** Free space is under twice the low mark (nothing is refused yet): warn the people who can free it. */
  near: boolean;
  freeBytes: number;
  totalBytes: number;
  lowBytes: number;
  ballastBytes: number;
  ballastPresent: boolean;
}

/** The storage guard of the data folder's disk (ops/storage.ts). */
export interface StorageGuard {
  /** The current state (measured at most every few seconds; again when `fresh`). */
  status(fresh?: boolean): StorageStatus;
  /** Throws 507 ERR_STORAGE_FULL / ERR_STORAGE_LOW when bulk work (imports, uploads, campaign starts) must not start. */
  assertAvailable(): void;
  /** A write failed with a full disk: release the ballast and hold the "full" state. */
  onFullDisk(): void;
  /** Periodic check (a job): re-lay the ballast once space is back, release it when free space runs out. */
  check(): StorageStatus;
}

/** True when the error means the disk (or SQLite's file) is full. */
export function isStorageFullError(err: unknown, depth = 0): boolean {
  const e = err as { code?: string; errno?: number; message?: string; cause?: unknown } | null;
  if (!e) return false;
  // 53100: PostgreSQL's disk_full (its own disk; the server answers the same 507).
  if (e.code === "SQLITE_FULL" || e.code === "ENOSPC" || e.code === "EDQUOT" || e.code === "53100") return true;
  if (/database or disk is full|no space left on device|disk quota exceeded/i.test(String(e.message ?? e))) return true;
  // drizzle wraps a PostgreSQL driver's error in a DrizzleQueryError: the driver's is its cause.
  return depth < 4 && e.cause !== undefined && isStorageFullError(e.cause, depth + 1);
}
