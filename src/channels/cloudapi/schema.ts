import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { whatsapps } from "../../modules/connections/schema";
import { belongsTo, timestamps } from "../../db/columns";

/**
 * The credentials and webhook of a WhatsApp Cloud API connection (one row per connection of channel
 * "cloudapi"). The access token and app secret are secrets: masked whenever they are read back.
 * `webhookKey` is the random path of the connection's webhook (/cloudapi/webhook/{key}), so one
 * company's webhook can never be used to reach another's; `verifyToken` answers Meta's check.
 */
export const cloudApiAccounts = sqliteTable(
  "cloud_api_accounts",
  {
    connectionId: integer("connection_id")
      .primaryKey()
      .references(() => whatsapps.id, { onDelete: "cascade" }),
    companyId: integer("company_id").notNull(),
    phoneNumberId: text("phone_number_id").notNull(),
    wabaId: text("waba_id").notNull(),
    /** As the WhatsApp Business Account shows the number ("+55 11 4000-0000") and its verified name. */
    displayPhoneNumber: text("display_phone_number").notNull().default(""),
    verifiedName: text("verified_name").notNull().default(""),
    accessToken: text("access_token").notNull(),
    appSecret: text("app_secret").notNull(),
    verifyToken: text("verify_token").notNull(),
    webhookKey: text("webhook_key").notNull(),
    /** Health: the last signed webhook delivery and the last delivery status it carried. */
    lastWebhookAt: text("last_webhook_at"),
    lastStatusAt: text("last_status_at"),
    /** Errors of the last 24 hours, JSON `[[hourEpochMs, count], …]` (Graph errors, failed statuses, bad signatures). */
    errorHours: text("error_hours").notNull().default("[]"),
    templatesFetchedAt: text("templates_fetched_at"),
    ...timestamps(),
  },
  (t) => [uniqueIndex("cloud_api_accounts_webhook_uq").on(t.webhookKey), index("cloud_api_accounts_number_idx").on(t.companyId, t.phoneNumberId)],
);
export type CloudApiAccountRow = typeof cloudApiAccounts.$inferSelect;

/** The message templates of a connection's WhatsApp Business Account, as last fetched. */
export const cloudApiTemplates = sqliteTable(
  "cloud_api_templates",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    connectionId: belongsTo("connection_id", () => whatsapps.id),
    companyId: integer("company_id").notNull(),
    name: text("name").notNull(),
    language: text("language").notNull(),
    /** APPROVED, PENDING, REJECTED, PAUSED, DISABLED… (only APPROVED ones are offered). */
    status: text("status").notNull(),
    category: text("category").notNull().default(""),
    /** The components JSON as WhatsApp answers it. */
    components: text("components").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [uniqueIndex("cloud_api_templates_uq").on(t.connectionId, t.name, t.language)],
);
export type CloudApiTemplateRow = typeof cloudApiTemplates.$inferSelect;

/**
 * The customer-service window: when each customer last wrote to the connection's number (epoch ms).
 * Free-form messages may go out for 24 hours after it; outside, only templates.
 */
export const cloudApiWindows = sqliteTable(
  "cloud_api_windows",
  {
    connectionId: belongsTo("connection_id", () => whatsapps.id),
    /** The customer's WhatsApp id (digits of the number). */
    number: text("number").notNull(),
    lastInboundAt: integer("last_inbound_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.number] })],
);
