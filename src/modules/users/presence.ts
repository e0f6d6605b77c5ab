import { and, eq, ne, sql } from "drizzle-orm";
import type { DB } from "../../core/db";
import type { Deps } from "../../core/deps";
import { nowIso } from "../../lib/dates";
import { rooms } from "../../contract/rooms";
import { users } from "./schema";

/** Tells the company's screens (dashboard attendants, users list) that a user came online or went offline. */
export function publishPresence(deps: Pick<Deps, "hub">, user: { id: number; companyId: number }, online: boolean) {
  deps.hub.publish(rooms.main(user.companyId), { channel: "presence", userId: user.id, online });
}

/**
 * Online presence (R-AUTH-9): the users module is the only writer of the flag. Every call
 * touches lastSeenAt (the sweep's clock); a change of the flag is published, and so is every socket
 * opening (`announce`), since a sign-in already set the flag before its socket connects.
 */
export async function setUserOnline(deps: Pick<Deps, "db" | "hub">, user: { id: number; companyId: number }, online: boolean, announce = false) {
  const now = nowIso();
  const changed = (
    await deps.db
      .update(users)
      .set({ online, lastSeenAt: now })
      .where(and(eq(users.id, user.id), ne(users.online, online)))
      .returning({ id: users.id })
  )[0];
  if (!changed) await deps.db.update(users).set({ lastSeenAt: now }).where(eq(users.id, user.id));
  if (changed || announce) publishPresence(deps, user, online);
}

/** users.offline-sweep: online users silent since `before` (ISO) go offline. Answers who. */
export async function sweepOfflineUsers(db: DB, before: string): Promise<{ id: number; companyId: number }[]> {
  return await db
    .update(users)
    .set({ online: false })
    .where(and(eq(users.online, true), sql`coalesce(${users.lastSeenAt}, '') < ${before}`))
    .returning({ id: users.id, companyId: users.companyId });
}

/**
 * After a user's sessions ended (logout, password change…) and no socket of theirs is left: they
 * show offline at once, live (their closed sockets are no longer the hub's, so no close handler does it).
 */
export async function publishEnded(deps: Pick<Deps, "db" | "hub">, userId: number) {
  const u = (await deps.db.update(users).set({ online: false }).where(eq(users.id, userId)).returning({ id: users.id, companyId: users.companyId }))[0];
  if (u) publishPresence(deps, u, false);
}
