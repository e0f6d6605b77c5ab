import { and, eq, sql } from "drizzle-orm";
import type { DB } from "../../db/client";
import { nowIso } from "../../lib/dates";
import { users } from "./schema";

/** Online presence (R-AUTH-9): the users module is the only writer of the flag. */
export function setUserOnline(db: DB, userId: number, online: boolean) {
  db.update(users).set({ online, lastSeenAt: nowIso() }).where(eq(users.id, userId)).run();
}

/** users.offline-sweep: online users silent since `before` (ISO) go offline. Answers how many. */
export function sweepOfflineUsers(db: DB, before: string): number {
  return db
    .update(users)
    .set({ online: false })
    .where(and(eq(users.online, true), sql`coalesce(${users.lastSeenAt}, '') < ${before}`))
    .returning({ id: users.id })
    .all().length;
}
