import { eq } from "drizzle-orm";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { log } from "../lib/logger";
import type { DB } from "./client";

/**
 * One process per data folder: two processes would run two sockets on the same WhatsApp credentials
 * and corrupt their keys (BAILEYS.md R7). The holder refreshes a heartbeat row; a second process
 * waits for a stale heartbeat (a crashed holder) and otherwise refuses to start.
 */
export const instanceLock = sqliteTable("instance_lock", {
  id: integer("id").primaryKey(),
  owner: text("owner").notNull(),
  pid: integer("pid").notNull(),
  heartbeatAt: integer("heartbeat_at").notNull(),
});

export const LOCK_STALE_MS = 30_000;
const HEARTBEAT_MS = 10_000;

/** True when a process with this id exists on this machine. */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Tries once to take the lock; true when this owner now holds it. A fresh heartbeat of a process that
 * no longer exists (killed, crashed) does not block: a restart after `kill -9` is immediate.
 */
export function tryLock(db: DB, owner: string, now = Date.now(), alive: (pid: number) => boolean = pidAlive): boolean {
  return db.transaction((tx) => {
    const row = tx.select().from(instanceLock).where(eq(instanceLock.id, 1)).get();
    const held = row && row.owner !== owner && now - row.heartbeatAt < LOCK_STALE_MS;
    if (held && row.pid !== process.pid && alive(row.pid)) return false;
    tx.insert(instanceLock)
      .values({ id: 1, owner, pid: process.pid, heartbeatAt: now })
      .onConflictDoUpdate({ target: instanceLock.id, set: { owner, pid: process.pid, heartbeatAt: now } })
      .run();
    return true;
  });
}

/** Takes the lock (waiting up to one stale period for a crashed holder) and keeps it fresh. */
export async function acquireInstanceLock(db: DB, waitMs = LOCK_STALE_MS + 5_000) {
  const owner = crypto.randomUUID();
  const until = Date.now() + waitMs;
  while (!tryLock(db, owner)) {
    if (Date.now() > until) {
      throw new Error("another Balcão process is using this data folder (stop it first, or wait 30 s after a crash)");
    }
    log.warn("data folder locked by another process; waiting");
    await Bun.sleep(2_000);
  }
  const timer = setInterval(() => {
    try {
      if (!tryLock(db, owner)) log.error("instance lock lost to another process");
    } catch (e) {
      log.warn("instance lock heartbeat failed", { err: String(e) });
    }
  }, HEARTBEAT_MS);
  return {
    release() {
      clearInterval(timer);
      db.delete(instanceLock).where(eq(instanceLock.owner, owner)).run();
    },
  };
}

/** True when no live process holds the data folder (offline operator commands such as restore check it). */
export function instanceLockFree(db: DB): boolean {
  const owner = `probe-${crypto.randomUUID()}`;
  if (!tryLock(db, owner)) return false;
  db.delete(instanceLock).where(eq(instanceLock.owner, owner)).run();
  return true;
}
