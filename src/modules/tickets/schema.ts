import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { companies } from "../companies/schema";
import { whatsapps } from "../connections/schema";
import { contacts } from "../contacts/schema";
import { queues } from "../queues/schema";
import { users } from "../users/schema";
import { belongsTo, timestamps } from "../../db/columns";

/** A conversation with a contact on a connection (R-TKT-1). */
export const tickets = sqliteTable(
  "tickets",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    uuid: text("uuid").notNull().unique(),
    companyId: belongsTo("company_id", () => companies.id),
    status: text("status", { enum: ["pending", "open", "closed"] })
      .notNull()
      .default("pending"),
    contactId: belongsTo("contact_id", () => contacts.id),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    queueId: integer("queue_id").references(() => queues.id, { onDelete: "set null" }),
    whatsappId: integer("whatsapp_id").references(() => whatsapps.id, { onDelete: "set null" }),
    lastMessage: text("last_message").notNull().default(""),
    unreadMessages: integer("unread_messages").notNull().default(0),
    isGroup: integer("is_group", { mode: "boolean" }).notNull().default(false),
    /** True while the queue's option tree (bot) is answering. */
    chatbot: integer("chatbot", { mode: "boolean" }).notNull().default(false),
    queueOptionId: integer("queue_option_id"),
    amountUsedBotQueues: integer("amount_used_bot_queues").notNull().default(0),
    useIntegration: integer("use_integration", { mode: "boolean" }).notNull().default(false),
    integrationId: integer("integration_id"),
    promptId: integer("prompt_id"),
    /** True when the last message was ours (inactivity auto-close looks at it). */
    fromMe: integer("from_me", { mode: "boolean" }).notNull().default(false),
    /** Set while the customer is asked to rate the service (D9). */
    awaitingRatingSince: text("awaiting_rating_since"),
    ...timestamps(),
  },
  (t) => [
    // At most one pending/open ticket per contact and connection, enforced by the database.
    uniqueIndex("tickets_active_contact_uq").on(t.companyId, t.contactId, sql`coalesce(${t.whatsappId}, 0)`).where(sql`status in ('open', 'pending')`),
    // The tabs: in list order (newest activity, then id), with the visibility columns, so a tab's
    // page and its count are read from the index alone.
    index("tickets_tab_idx").on(t.companyId, t.status, t.updatedAt, t.id, t.queueId, t.userId),
    index("tickets_company_updated_idx").on(t.companyId, t.updatedAt),
    // The dashboard's hourly chart of today's tickets.
    index("tickets_company_created_idx").on(t.companyId, t.createdAt),
    // The dashboard's leads join stretches to their ticket's contact: a narrow index answers it
    // without reading the wide ticket rows (2.5x faster over a year of 50,000 stretches).
    index("tickets_id_contact_idx").on(t.id, t.contactId),
    index("tickets_contact_idx").on(t.contactId),
    index("tickets_user_idx").on(t.userId),
    index("tickets_queue_idx").on(t.queueId),
  ],
);
export type TicketRow = typeof tickets.$inferSelect;

/**
 * Whole minutes between two instants of a stretch, seconds dropped (R-DASH-2); NULL when either
 * is missing or they are under a minute apart (the dashboard's averages count non-zero times only).
 * Rounded to the second first so that floating-point julian days never lose a minute.
 */
const minutesBetween = (from: string, to: string) => `NULLIF(CAST(ROUND((julianday(${to}) - julianday(${from})) * 86400) / 60 AS INTEGER), 0)`;
/** A stretch's wait (queued → accepted) and support (accepted → finished or rated) in minutes. */
export const TRACKING_WAIT_MINUTES = minutesBetween("queued_at", "started_at");
export const TRACKING_SUPPORT_MINUTES = minutesBetween("started_at", "coalesce(rating_at, finished_at)");

/** One row per stretch of service of a ticket: feeds the dashboard (R-TKT-15). */
export const ticketTracking = sqliteTable(
  "ticket_tracking",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    ticketId: belongsTo("ticket_id", () => tickets.id),
    companyId: integer("company_id").notNull(),
    /** The ticket's contact (kept with the ticket when contacts merge): the dashboard's leads count contacts without the ticket rows. */
    contactId: integer("contact_id"),
    whatsappId: integer("whatsapp_id"),
    userId: integer("user_id"),
    queuedAt: text("queued_at"),
    startedAt: text("started_at"),
    finishedAt: text("finished_at"),
    ratingAt: text("rating_at"),
    rated: integer("rated", { mode: "boolean" }).notNull().default(false),
    chatbotAt: text("chatbot_at"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    index("ticket_tracking_ticket_idx").on(t.ticketId, t.finishedAt),
    // Covers the dashboard's period scans (no table lookups): the range, then every column it reads,
    // the wait and support minutes worked out once when the row is written, not on every read (a
    // query using these same expressions, TRACKING_*_MINUTES, reads them from the index).
    index("ticket_tracking_company_idx").on(
      t.companyId,
      t.queuedAt,
      t.finishedAt,
      t.userId,
      t.contactId,
      t.ticketId,
      sql`NULLIF(CAST(ROUND((julianday(${t.startedAt}) - julianday(${t.queuedAt})) * 86400) / 60 AS INTEGER), 0)`,
      sql`NULLIF(CAST(ROUND((julianday(coalesce(${t.ratingAt}, ${t.finishedAt})) - julianday(${t.startedAt})) * 86400) / 60 AS INTEGER), 0)`,
    ),
  ],
);

/** A customer's rating of a ticket's service (1 unsatisfied, 2 satisfied, 3 very satisfied). */
export const userRatings = sqliteTable(
  "user_ratings",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    ticketId: belongsTo("ticket_id", () => tickets.id),
    companyId: integer("company_id").notNull(),
    userId: integer("user_id"),
    rate: integer("rate").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("user_ratings_company_user_idx").on(t.companyId, t.userId, t.createdAt)],
);
