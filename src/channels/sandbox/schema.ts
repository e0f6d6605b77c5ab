import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { whatsapps } from "../../modules/connections/schema";
import { belongsTo } from "../../db/columns";

/**
 * What the sandbox phone shows: every message between a simulated customer (number) and the
 * company on a sandbox connection, both directions, with its ack. Kept in SQLite so a restart does
 * not wipe the phone's view. `wid` is the channel message id shared with the messages table.
 */
export const sandboxMessages = sqliteTable(
  "sandbox_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    companyId: integer("company_id").notNull(),
    connectionId: belongsTo("connection_id", () => whatsapps.id),
    /** The customer's phone number (digits). */
    number: text("number").notNull(),
    /** The customer's display name (push name) as typed on the phone. */
    name: text("name").notNull().default(""),
    /** "in" = customer → company, "out" = company → customer. */
    direction: text("direction").notNull(),
    wid: text("wid").notNull(),
    /** text, image, audio, video, document, sticker, location, contact, reaction (body: the emoji; quotedWid: its message). */
    type: text("type").notNull().default("text"),
    body: text("body").notNull().default(""),
    mediaPath: text("media_path"),
    mediaName: text("media_name"),
    mimetype: text("mimetype"),
    /** A company voice note (what the phone plays as one). */
    ptt: integer("ptt", { mode: "boolean" }).notNull().default(false),
    /** JSON of what the phone got with the media: thumbnail (base64 JPEG), size, seconds, waveform, pages. */
    mediaInfo: text("media_info"),
    latitude: real("latitude"),
    longitude: real("longitude"),
    vcard: text("vcard"),
    quotedWid: text("quoted_wid"),
    /** 1 sent, 3 delivered, 4 read (company messages); 1 sent, 4 read (customer messages). */
    ack: integer("ack").notNull().default(1),
    isDeleted: integer("is_deleted", { mode: "boolean" }).notNull().default(false),
    isEdited: integer("is_edited", { mode: "boolean" }).notNull().default(false),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("sandbox_messages_conv_idx").on(t.connectionId, t.number, t.id), uniqueIndex("sandbox_messages_wid_uq").on(t.connectionId, t.wid)],
);
export type SandboxMessageRow = typeof sandboxMessages.$inferSelect;
