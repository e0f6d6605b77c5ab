import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { companyRow } from "../companies/schema";
import { belongsTo, timestamps } from "../../db/columns";

/** Campaign settings (R-CMP-14): one row per company and key, the value JSON-encoded. */
export const campaignSettings = sqliteTable(
  "campaign_settings",
  {
    ...companyRow(),
    key: text("key").notNull(),
    value: text("value").notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex("campaign_settings_company_key_uq").on(t.companyId, t.key)],
);

/**
 * A bulk send of up to 5 texts to a contact list through one connection (R-CMP-1).
 * `nextSendAt` (epoch ms) and `sentInRun` are the dispatcher's pacing state, written in the same
 * transaction as each shipment, so a restart resumes with the same pacing. `pauseReason` is set while
 * an EM_ANDAMENTO campaign waits (connection down, sends failing, daily cap, opening hours);
 * `failStreak` counts sends failed in a row (written with the failed shipment, so it survives a restart).
 */
export const campaigns = sqliteTable(
  "campaigns",
  {
    ...companyRow(),
    name: text("name").notNull(),
    message1: text("message1").notNull().default(""),
    message2: text("message2").notNull().default(""),
    message3: text("message3").notNull().default(""),
    message4: text("message4").notNull().default(""),
    message5: text("message5").notNull().default(""),
    confirmationMessage1: text("confirmation_message1").notNull().default(""),
    confirmationMessage2: text("confirmation_message2").notNull().default(""),
    confirmationMessage3: text("confirmation_message3").notNull().default(""),
    confirmationMessage4: text("confirmation_message4").notNull().default(""),
    confirmationMessage5: text("confirmation_message5").notNull().default(""),
    confirmation: integer("confirmation", { mode: "boolean" }).notNull().default(false),
    status: text("status").notNull().default("INATIVA"),
    scheduledAt: text("scheduled_at"),
    completedAt: text("completed_at"),
    whatsappId: integer("whatsapp_id"),
    contactListId: integer("contact_list_id"),
    tagListId: integer("tag_list_id"),
    fileListId: integer("file_list_id"),
    mediaPath: text("media_path"),
    mediaName: text("media_name"),
    /** On a Cloud API connection: the message template (JSON TemplateChoice) sent to contacts outside the 24-hour window. */
    template: text("template"),
    nextSendAt: integer("next_send_at").notNull().default(0),
    sentInRun: integer("sent_in_run").notNull().default(0),
    pauseReason: text("pause_reason"),
    failStreak: integer("fail_streak").notNull().default(0),
    ...timestamps(),
  },
  (t) => [index("campaigns_company_name_idx").on(t.companyId, t.name), index("campaigns_status_idx").on(t.status, t.scheduledAt)],
);
export type CampaignRow = typeof campaigns.$inferSelect;

/**
 * One contact of a running campaign (R-CMP-5). Created for every valid list item when the
 * campaign starts, before any message goes out; `deliveredAt` / `confirmationRequestedAt` are set in
 * the transaction that stores the outgoing message (exactly once).
 */
export const campaignShipping = sqliteTable(
  "campaign_shipping",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    companyId: integer("company_id").notNull(),
    campaignId: belongsTo("campaign_id", () => campaigns.id),
    whatsappId: integer("whatsapp_id"),
    contactListItemId: integer("contact_list_item_id"),
    number: text("number").notNull(),
    name: text("name").notNull().default(""),
    email: text("email").notNull().default(""),
    message: text("message").notNull().default(""),
    confirmationMessage: text("confirmation_message").notNull().default(""),
    /** null = not answered. */
    confirmation: integer("confirmation", { mode: "boolean" }),
    confirmationRequestedAt: text("confirmation_requested_at"),
    confirmedAt: text("confirmed_at"),
    deliveredAt: text("delivered_at"),
    failedAt: text("failed_at"),
    /** Not sent because the contact opted out of campaigns (`error` says why); counted apart in the report. */
    skippedAt: text("skipped_at"),
    error: text("error"),
    messageId: integer("message_id"),
    /**
     * Messages of this shipment already stored (the file list's files, then the text): a restart
     * resumes after the last one stored, so no part goes out twice.
     */
    sentParts: integer("sent_parts").notNull().default(0),
    /** Not before this time (epoch ms): a confirmed contact waits a random few seconds. */
    dueAt: integer("due_at").notNull().default(0),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("campaign_shipping_campaign_number_uq").on(t.campaignId, t.number),
    // the dispatcher's two "next shipment" queries walk these in id order (no sort per send)
    index("campaign_shipping_next_idx").on(t.campaignId, t.deliveredAt, t.failedAt, t.skippedAt, t.confirmationRequestedAt, t.id),
    index("campaign_shipping_confirmed_idx").on(t.campaignId, t.confirmation, t.deliveredAt, t.failedAt, t.skippedAt, t.id),
    index("campaign_shipping_confirm_idx").on(t.companyId, t.number, t.confirmationRequestedAt),
    index("campaign_shipping_daily_idx").on(t.whatsappId, t.deliveredAt),
  ],
);
export type CampaignShippingRow = typeof campaignShipping.$inferSelect;
