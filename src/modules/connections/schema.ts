import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { companyRow } from "../companies/schema";
import { queues } from "../queues/schema";
import { belongsTo, timestamps } from "../../db/columns";

/** A WhatsApp (or sandbox) connection of a company (R-CONN-1, defaults of R-CONN-3). */
export const whatsapps = sqliteTable(
  "whatsapps",
  {
    ...companyRow(),
    name: text("name").notNull(),
    /** Transport: "baileys" (WhatsApp Web), "cloudapi" (the official WhatsApp Cloud API) or "sandbox" (the built-in phone simulator). */
    channel: text("channel", { enum: ["baileys", "cloudapi", "sandbox"] })
      .notNull()
      .default("baileys"),
    status: text("status", { enum: ["qrcode", "PAIRING", "OPENING", "CONNECTED", "TIMEOUT", "DISCONNECTED"] })
      .notNull()
      .default("DISCONNECTED"),
    qrcode: text("qrcode").notNull().default(""),
    pairingCode: text("pairing_code").notNull().default(""),
    retries: integer("retries").notNull().default(0),
    /** Why the session last closed (a code of src/contract/close-reasons.ts; shown in words on the row). */
    closeReason: text("close_reason").notNull().default(""),
    isDefault: integer("is_default", { mode: "boolean" }).notNull().default(false),
    /** Phone number to link with a pairing code instead of a QR (digits), when chosen. */
    pairingNumber: text("pairing_number").notNull().default(""),
    greetingMessage: text("greeting_message").notNull().default(""),
    complationMessage: text("complation_message").notNull().default(""),
    outOfHoursMessage: text("out_of_hours_message").notNull().default(""),
    ratingMessage: text("rating_message").notNull().default(""),
    /** Bearer token of the external send API for this connection (secret: masked in lists). */
    token: text("token"),
    provider: text("provider").notNull().default("beta"),
    promptId: integer("prompt_id"),
    integrationId: integer("integration_id"),
    sendIdQueue: integer("send_id_queue"),
    timeSendQueue: integer("time_send_queue").notNull().default(0),
    maxUseBotQueues: integer("max_use_bot_queues").notNull().default(3),
    timeUseBotQueues: integer("time_use_bot_queues").notNull().default(0),
    expiresTicket: integer("expires_ticket").notNull().default(0),
    expiresInactiveMessage: text("expires_inactive_message").notNull().default(""),
    /** Health line: last inbound message, last ack, reconnects today. */
    lastMessageAt: text("last_message_at"),
    lastAckAt: text("last_ack_at"),
    reconnectsToday: integer("reconnects_today").notNull().default(0),
    reconnectsDay: text("reconnects_day"),
    /** Recent history imported when a number is linked: days back (0 = off, the default). */
    historyDays: integer("history_days").notNull().default(0),
    /** The last history import (JSON HistoryImportDto): status, progress, chats and messages imported. */
    historyImport: text("history_import"),
    ...timestamps(),
  },
  (t) => [index("whatsapps_company_idx").on(t.companyId), uniqueIndex("whatsapps_token_uq").on(t.token)],
);
export type WhatsappRow = typeof whatsapps.$inferSelect;

/** Queues offered by a connection's menu. */
export const whatsappQueues = sqliteTable(
  "whatsapp_queues",
  {
    whatsappId: belongsTo("whatsapp_id", () => whatsapps.id),
    queueId: belongsTo("queue_id", () => queues.id),
  },
  (t) => [primaryKey({ columns: [t.whatsappId, t.queueId] }), index("whatsapp_queues_queue_idx").on(t.queueId)],
);
