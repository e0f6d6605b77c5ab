import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { companies } from "../companies/schema";
import { users } from "../users/schema";
import { belongsTo, timestamps } from "../../db/columns";

/** An internal chat between users of one company (R-CHAT-1). */
export const chats = sqliteTable(
  "chats",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    uuid: text("uuid").notNull(),
    companyId: belongsTo("company_id", () => companies.id),
    /** Only the owner edits or deletes the chat. */
    ownerId: belongsTo("owner_id", () => users.id),
    title: text("title").notNull(),
    /** "<sender name>: <text>" of the newest message. */
    lastMessage: text("last_message").notNull().default(""),
    ...timestamps(),
  },
  (t) => [uniqueIndex("chats_uuid_uq").on(t.uuid), index("chats_company_updated_idx").on(t.companyId, t.updatedAt)],
);
export type ChatRow = typeof chats.$inferSelect;

/** A member of a chat and how many of its messages they have not read. */
export const chatUsers = sqliteTable(
  "chat_users",
  {
    chatId: belongsTo("chat_id", () => chats.id),
    userId: belongsTo("user_id", () => users.id),
    unreads: integer("unreads").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.chatId, t.userId] }), index("chat_users_user_idx").on(t.userId, t.unreads)],
);
export type ChatUserRow = typeof chatUsers.$inferSelect;

/** A message of a chat. */
export const chatMessages = sqliteTable(
  "chat_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    chatId: belongsTo("chat_id", () => chats.id),
    senderId: integer("sender_id").references(() => users.id, { onDelete: "set null" }),
    message: text("message").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("chat_messages_chat_idx").on(t.chatId, t.id)],
);
export type ChatMessageRow = typeof chatMessages.$inferSelect;
