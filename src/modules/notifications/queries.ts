import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { DB } from "../../core/db";
import { prepared } from "../../db/prepared";
import { notificationPrefs, type PushSubscriptionRow, pushSubscriptions } from "./schema";

/** A user's push devices, most recently used first. */
export const devicesOf = (db: DB, userId: number): PushSubscriptionRow[] =>
  db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(sql`coalesce(${pushSubscriptions.lastUsedAt}, ${pushSubscriptions.createdAt})`), desc(pushSubscriptions.id))
    .all();

/** The push subscriptions of one user (the sender's hot query). */
export function subscriptionsOf(db: DB, userId: number): PushSubscriptionRow[] {
  const q = prepared(db, "push.subsOfUser", (d) =>
    d
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, sql.placeholder("userId")))
      .prepare(),
  );
  return q.all({ userId });
}

/** Forgets a subscription the push service no longer knows (404/410). */
export const deleteSubscription = (db: DB, id: number) => db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id)).run();

/** Records that the push service accepted a message for the device. */
export const touchSubscription = (db: DB, id: number, at: string) =>
  db.update(pushSubscriptions).set({ lastUsedAt: at }).where(eq(pushSubscriptions.id, id)).run();

/** A user's device by id (their own only). */
export const findDevice = (db: DB, userId: number, id: number) =>
  db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.id, id)))
    .get();

/** Stored preference documents of some users of a company, by user id. */
export function userPrefsJson(db: DB, companyId: number, userIds: number[]): Map<number, string> {
  if (!userIds.length) return new Map();
  const rows = db
    .select({ userId: notificationPrefs.userId, prefs: notificationPrefs.prefs })
    .from(notificationPrefs)
    .where(and(eq(notificationPrefs.companyId, companyId), inArray(notificationPrefs.userId, userIds)))
    .all();
  return new Map(rows.map((r) => [r.userId as number, r.prefs]));
}

/** The company's default preference document, if an admin saved one. */
export const companyPrefsJson = (db: DB, companyId: number): string | undefined =>
  db
    .select({ prefs: notificationPrefs.prefs })
    .from(notificationPrefs)
    .where(and(eq(notificationPrefs.companyId, companyId), isNull(notificationPrefs.userId)))
    .get()?.prefs;

/** Saves a user's (userId) or the company's (null) preference document. */
export function savePrefsJson(db: DB, companyId: number, userId: number | null, prefs: string, now: string) {
  db.transaction((tx) => {
    const where = userId === null ? and(eq(notificationPrefs.companyId, companyId), isNull(notificationPrefs.userId)) : eq(notificationPrefs.userId, userId);
    const found = tx.select({ id: notificationPrefs.id }).from(notificationPrefs).where(where).get();
    if (found) tx.update(notificationPrefs).set({ prefs, updatedAt: now }).where(eq(notificationPrefs.id, found.id)).run();
    else tx.insert(notificationPrefs).values({ companyId, userId, prefs, updatedAt: now }).run();
  });
}

/** Removes a user's own preferences (they follow the company's defaults again). */
export const deleteUserPrefs = (db: DB, userId: number) => db.delete(notificationPrefs).where(eq(notificationPrefs.userId, userId)).run();
