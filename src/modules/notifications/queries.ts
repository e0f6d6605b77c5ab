import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { DB } from "../../core/db";
import { prepared } from "../../db/prepared";
import { notificationPrefs, type PushSubscriptionRow, pushSubscriptions } from "./schema";

/** A user's push devices, most recently used first. */
export const devicesOf = async (db: DB, userId: number): Promise<PushSubscriptionRow[]> =>
  await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(sql`coalesce(${pushSubscriptions.lastUsedAt}, ${pushSubscriptions.createdAt})`), desc(pushSubscriptions.id));

/** The push subscriptions of one user (the sender's hot query). */
export function subscriptionsOf(db: DB, userId: number): Promise<PushSubscriptionRow[]> {
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
export const deleteSubscription = async (db: DB, id: number) => await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));

/** Records that the push service accepted a message for the device. */
export const touchSubscription = async (db: DB, id: number, at: string) =>
  await db.update(pushSubscriptions).set({ lastUsedAt: at }).where(eq(pushSubscriptions.id, id));

/** A user's device by id (their own only). */
export const findDevice = async (db: DB, userId: number, id: number) =>
  (
    await db
      .select()
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.id, id)))
      .limit(1)
  )[0];

/** Stored preference documents of some users of a company, by user id. */
export async function userPrefsJson(db: DB, companyId: number, userIds: number[]): Promise<Map<number, string>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .select({ userId: notificationPrefs.userId, prefs: notificationPrefs.prefs })
    .from(notificationPrefs)
    .where(and(eq(notificationPrefs.companyId, companyId), inArray(notificationPrefs.userId, userIds)));
  return new Map(rows.map((r) => [r.userId as number, r.prefs]));
}

/** The company's default preference document, if an admin saved one. */
export const companyPrefsJson = async (db: DB, companyId: number): Promise<string | undefined> =>
  (
    await db
      .select({ prefs: notificationPrefs.prefs })
      .from(notificationPrefs)
      .where(and(eq(notificationPrefs.companyId, companyId), isNull(notificationPrefs.userId)))
      .limit(1)
  )[0]?.prefs;

/** Saves a user's (userId) or the company's (null) preference document. */
export async function savePrefsJson(db: DB, companyId: number, userId: number | null, prefs: string, now: string) {
  await db.transaction(async (tx) => {
    const where = userId === null ? and(eq(notificationPrefs.companyId, companyId), isNull(notificationPrefs.userId)) : eq(notificationPrefs.userId, userId);
    const found = (await tx.select({ id: notificationPrefs.id }).from(notificationPrefs).where(where).limit(1))[0];
    if (found) await tx.update(notificationPrefs).set({ prefs, updatedAt: now }).where(eq(notificationPrefs.id, found.id));
    else await tx.insert(notificationPrefs).values({ companyId, userId, prefs, updatedAt: now });
  });
}

/** Removes a user's own preferences (they follow the company's defaults again). */
export const deleteUserPrefs = async (db: DB, userId: number) => await db.delete(notificationPrefs).where(eq(notificationPrefs.userId, userId));
