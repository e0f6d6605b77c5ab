import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { companyRow } from "../companies/schema";
import { contacts } from "../contacts/schema";
import { tickets } from "../tickets/schema";
import { belongsTo, timestamps } from "../../db/columns";

/**
 * A message of a ticket (R-MSG-11). `wid` is the channel's message id, unique per
 * connection (exactly-once ingest); outgoing messages reserve theirs before the send (durable outbox).
 * Message text is indexed by the FTS5 table messages_fts (custom migrations 0004 and 0030: contentless,
 * keyed by (company_id << 44) | id so a company's messages are one rowid range; kept in sync by triggers).
 */
export const messages = sqliteTable(
  "messages",
  {
    ...companyRow(),
    ticketId: belongsTo("ticket_id", () => tickets.id),
    /** The connection the message travelled on (part of the uniqueness of wid). */
    whatsappId: integer("whatsapp_id"),
    wid: text("wid").notNull(),
    /** Sender contact for inbound group messages (and the contact for 1:1 inbound). */
    contactId: integer("contact_id").references(() => contacts.id, { onDelete: "set null" }),
    userId: integer("user_id"),
    body: text("body").notNull().default(""),
    fromMe: integer("from_me", { mode: "boolean" }).notNull().default(false),
    read: integer("read", { mode: "boolean" }).notNull().default(false),
    mediaUrl: text("media_url"),
    mediaType: text("media_type").notNull().default("chat"),
    mediaName: text("media_name"),
    /** 0 error, 1 pending/sent, 2 server, 3 delivered, 4 read, 5 played. */
    ack: integer("ack").notNull().default(0),
    /** Outbox state of our sends: "queued", "sent", "failed" (null for inbound). */
    sendStatus: text("send_status", { enum: ["queued", "sent", "failed"] }),
    sendError: text("send_error"),
    quotedMsgId: integer("quoted_msg_id"),
    isDeleted: integer("is_deleted", { mode: "boolean" }).notNull().default(false),
    isEdited: integer("is_edited", { mode: "boolean" }).notNull().default(false),
    /** Bot and automatic texts are marked here (D17), never with hidden characters. */
    isAutomatic: integer("is_automatic", { mode: "boolean" }).notNull().default(false),
    queueId: integer("queue_id"),
    /**
     * What our message sends beyond its body and media (JSON): a template (`{ template: TemplateChoice }`)
     * or the chatbot's menu (`{ menu: MenuSpec }`), which channels with buttons show as such. Null otherwise.
     */
    payload: text("payload"),
    /** Raw channel payload (JSON) kept for quoting, retries and deletes. */
    dataJson: text("data_json"),
    ...timestamps(),
  },
  (t) => [
    index("messages_ticket_id_idx").on(t.ticketId, t.id),
    uniqueIndex("messages_wid_uq").on(t.companyId, t.whatsappId, t.wid),
    // The customer's unread messages only: opening a ticket finds them (or that there are none) at once.
    // Search: message ids found by FTS5 turn into their tickets without reading the rows.
    index("messages_search_idx").on(t.companyId, t.id, t.ticketId),
    index("messages_unread_idx").on(t.ticketId, t.id).where(sql`read = 0 and from_me = 0`),
    // The media route finds the tickets a chat file belongs to (visibility), for media messages only.
    index("messages_media_idx").on(t.companyId, t.mediaUrl).where(sql`media_url is not null`),
    // The outbox: queued messages only (the retry job every 30 s, the outbox depth in /metrics); a full
    // scan of 1,000,000 messages took 400 ms, the partial index answers at once.
    index("messages_queued_idx").on(t.sendStatus, t.updatedAt).where(sql`send_status = 'queued'`),
  ],
);
export type MessageRow = typeof messages.$inferSelect;

/** The outbox's condition as a literal, so queries can use `messages_queued_idx` (see plannerStable in db/client.ts). */
export const isQueued = sql`${messages.sendStatus} = 'queued'`;
