/**
 * One process per data folder: two servers would run two sockets on the same WhatsApp credentials
 * and corrupt their keys (BAILEYS.md R7), and a restore or migration must never change the data
 * under a running server.
 *
 * The lock is `data/instance.lock`, a small SQLite file that the holder keeps open with an
 * EXCLUSIVE lock (`locking_mode=EXCLUSIVE` + `BEGIN EXCLUSIVE`) for the life of the process. SQLite takes
 * it with POSIX fcntl locks, which the kernel enforces between every process that opens the same
 * file, also across PID namespaces (two containers on one volume are both PID 1, so comparing
 * PIDs cannot tell them apart), and releases when the process ends, however it ends (kill -9, OOM):
 * there is no stale lock to wait out. Chosen over flock(2) through bun:ffi: both take the lock in
 * under 3 ms and both refuse across `unshare --pid`, but this needs no FFI and no libc name
 * (glibc, musl, macOS), and it is the very locking app.db itself relies on, so it holds on every
 * filesystem where the database is safe. The file is never deleted (a new file would be a new lock).
 *
 * The `instance_lock` row in app.db is for people (who holds the folder, since when, a heartbeat
 * that shows it is alive) and for servers older than the file lock, which only read that row.
 */
import { Database } from "bun:sqlite";
import { closeSync, existsSync, openSync } from "node:fs";
import { hostname } from "node:os";
import { join, resolve } from "node:path";
import { eq } from "drizzle-orm";
import { log } from "../lib/logger";
import type { DB } from "../core/db";
import { instanceLock } from "./instance-lock-schema";

export { instanceLock };

/** The lock file inside the data folder (excluded from backups, never deleted). */
export const LOCK_FILE = "instance.lock";
/** A row whose heartbeat is older than this belongs to a process that is gone. */
export const LOCK_STALE_MS = 30_000;
const HEARTBEAT_MS = 10_000;
/** Rows written by holders of the file lock start with this (older servers wrote a bare UUID). */
const KERNEL_OWNER = "v2 ";

/** The data folder is held by another process; the message says by whom and what to do. */
export class FolderBusyError extends Error {}

/** A held data folder: release it once the work is done (the process's end releases it too). */
export interface FolderLock {
  readonly dataDir: string;
  readonly purpose: string;
  release(): void;
}

interface Held {
  file: Database;
  purpose: string;
  refs: number;
}

/** The folders this process holds. The open handle must stay referenced: a collected one closes and drops the lock. */
const held = new Map<string, Held>();

const isBusy = (e: unknown) => /^SQLITE_(BUSY|LOCKED)/.test(String((e as { code?: string })?.code ?? ""));

/** Opens the lock file and takes the lock, or answers null when another process holds it. */
function tryTake(dir: string): Database | null {
  const path = join(dir, LOCK_FILE);
  if (!existsSync(path)) closeSync(openSync(path, "a", 0o600));
  const file = new Database(path, { readwrite: true, create: false });
  try {
    file.exec("PRAGMA busy_timeout = 0");
    file.exec("PRAGMA locking_mode = EXCLUSIVE");
    // No journal file beside it; the file's content never changes after the first take.
    file.exec("PRAGMA journal_mode = MEMORY");
    // In exclusive locking mode the EXCLUSIVE lock this transaction takes is kept after it ends, until close.
    file.exec("BEGIN EXCLUSIVE");
    file.exec("COMMIT");
    return file;
  } catch (e) {
    file.close();
    if (isBusy(e)) return null;
    throw e;
  }
}

/**
 * Takes the data folder for this process (re-entrant: the server's boot and the staged restore it
 * applies share one lock). Waits up to `waitMs` for a holder that is stopping (a restart), then
 * throws FolderBusyError.
 */
export async function holdDataFolder(dataDir: string, purpose: string, opts: { waitMs?: number } = {}): Promise<FolderLock> {
  const dir = resolve(dataDir);
  const mine = held.get(dir);
  if (!mine) {
    const until = Date.now() + (opts.waitMs ?? 0);
    let file = tryTake(dir);
    while (!file && Date.now() < until) {
      await Bun.sleep(200);
      file = tryTake(dir);
    }
    if (!file) throw new FolderBusyError(busyMessage(dir));
    held.set(dir, { file, purpose, refs: 0 });
  }
  const h = held.get(dir) as Held;
  h.refs++;
  let released = false;
  return {
    dataDir: dir,
    purpose: h.purpose,
    release() {
      if (released) return;
      released = true;
      if (--h.refs > 0) return;
      held.delete(dir);
      h.file.close();
    },
  };
}

/** True when this process holds the data folder. */
export const holdsDataFolder = (dataDir: string) => held.has(resolve(dataDir));

/**
 * Whether some process holds the data folder, without taking it for longer than a probe and
 * without creating anything (read-only commands: doctor).
 */
export function dataFolderHeld(dataDir: string): boolean {
  const dir = resolve(dataDir);
  if (held.has(dir)) return true;
  const path = join(dir, LOCK_FILE);
  if (!existsSync(path)) return false;
  let file: Database;
  try {
    file = new Database(path, { readwrite: true, create: false });
  } catch {
    return false;
  }
  try {
    file.exec("PRAGMA busy_timeout = 0");
    file.exec("BEGIN EXCLUSIVE");
    file.exec("ROLLBACK");
    return false;
  } catch (e) {
    return isBusy(e);
  } finally {
    file.close();
  }
}

type LockRow = typeof instanceLock.$inferSelect;

/** The holder row of app.db, read without writing (null on a database without the table or row). */
export function readHolderRow(db: Pick<DB, "sqlite">): LockRow | null {
  try {
    return db.sqlite.query<LockRow, []>("SELECT id, owner, pid, heartbeat_at AS heartbeatAt FROM instance_lock WHERE id = 1").get() ?? null;
  } catch {
    return null;
  }
}

/** Who holds the folder, in words, from the row (when the row is readable). */
export function describeHolder(row: LockRow | null): string {
  if (!row) return "another Balcão process";
  const who = row.owner.startsWith(KERNEL_OWNER) ? row.owner.slice(KERNEL_OWNER.length) : `an older Balcão (pid ${row.pid})`;
  return `${who}, last heartbeat ${Math.max(0, Math.round((Date.now() - row.heartbeatAt) / 1000))} s ago`;
}

function busyMessage(dir: string): string {
  let who = "another Balcão process";
  const dbPath = join(dir, "app.db");
  if (existsSync(dbPath)) {
    try {
      const db = new Database(dbPath, { readonly: true });
      try {
        who = describeHolder(readHolderRow({ sqlite: db }));
      } finally {
        db.close();
      }
    } catch {
      // the row is for people; the lock itself decided
    }
  }
  return `the data folder ${dir} is in use by ${who}: only one Balcão process may use a data folder (stop the other one first)`;
}

/**
 * A server older than the file lock that still runs on this folder: its row has a fresh heartbeat
 * and was not written by a holder of the file lock. Such a server takes no file lock, so only its row tells.
 */
export function legacyHolder(db: Pick<DB, "sqlite">, now = Date.now()): LockRow | null {
  const row = readHolderRow(db);
  if (!row || row.owner.startsWith(KERNEL_OWNER) || now - row.heartbeatAt >= LOCK_STALE_MS) return null;
  return row;
}

/** Waits (up to one stale period) for an older server's row to go stale; throws FolderBusyError if it stays fresh. */
export async function waitOutLegacyHolder(db: DB, dataDir: string, waitMs = LOCK_STALE_MS + 5_000) {
  const until = Date.now() + waitMs;
  while (legacyHolder(db)) {
    if (Date.now() > until) throw new FolderBusyError(busyMessage(resolve(dataDir)));
    log.warn("an older Balcão seems to run on this data folder; waiting for it to stop");
    await Bun.sleep(2_000);
  }
}

/**
 * Writes the holder row for people (and older servers) and keeps its heartbeat fresh while the
 * server runs; the answer stops the heartbeat and removes the row.
 */
export async function publishHolder(db: DB, purpose: string) {
  const owner = `${KERNEL_OWNER}${purpose} on ${hostname()} (pid ${process.pid}) since ${new Date().toISOString()}`;
  const beat = async () =>
    await db
      .insert(instanceLock)
      .values({ id: 1, owner, pid: process.pid, heartbeatAt: Date.now() })
      .onConflictDoUpdate({ target: instanceLock.id, set: { owner, pid: process.pid, heartbeatAt: Date.now() } });
  await beat();
  const timer = setInterval(async () => {
    try {
      await beat();
    } catch (e) {
      log.warn("instance lock heartbeat failed", { err: String(e) });
    }
  }, HEARTBEAT_MS);
  timer.unref?.();
  return {
    async stop() {
      clearInterval(timer);
      try {
        await db.delete(instanceLock).where(eq(instanceLock.owner, owner));
      } catch {
        // a full disk at shutdown: the row goes stale by itself
      }
    },
  };
}
