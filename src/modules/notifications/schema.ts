import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { companyRow } from "../companies/schema";
import { users } from "../users/schema";
import { belongsTo } from "../../db/columns";

/**
 * A device's Web Push subscription (one per browser profile of a user): where the push service
 * takes our notifications for it, and the keys they are encrypted with (RFC 8291).
 */
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    ...companyRow(),
    userId: belongsTo("user_id", () => users.id),
    /** A random id the browser keeps: a new subscription of the same device replaces the old one. */
    deviceId: text("device_id").notNull(),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** "Chrome on Android", derived from the User-Agent when the device subscribed. */
    browser: text("browser").notNull(),
    /** The language the device's notifications are written in (pt-BR, en, es). */
    lang: text("lang").notNull(),
    createdAt: text("created_at").notNull(),
    /** The last push the service accepted for this device (null: none yet). */
    lastUsedAt: text("last_used_at"),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_uq").on(t.endpoint),
    uniqueIndex("push_subscriptions_user_device_uq").on(t.userId, t.deviceId),
    index("push_subscriptions_company_idx").on(t.companyId),
  ],
);
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/**
 * Notification preferences: a user's own (userId set) or the company's defaults (userId null), as
 * one JSON document validated by NotificationPrefsBody (src/contract/schemas/notifications.ts).
 */
export const notificationPrefs = sqliteTable(
  "notification_prefs",
  {
    ...companyRow(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    prefs: text("prefs").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("notification_prefs_user_uq").on(t.userId),
    uniqueIndex("notification_prefs_company_default_uq").on(t.companyId).where(sql`user_id is null`),
  ],
);
export type NotificationPrefsRow = typeof notificationPrefs.$inferSelect;
