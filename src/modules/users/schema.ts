import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { companyRow } from "../companies/schema";
import { queues } from "../queues/schema";
import { belongsTo, timestamps } from "../../db/columns";

/** A person who signs in. Email is unique across the platform (it is the login). */
export const users = sqliteTable(
  "users",
  {
    ...companyRow(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    profile: text("profile").notNull().default("user"),
    super: integer("super", { mode: "boolean" }).notNull().default(false),
    /** Default connection id (the whatsapps table belongs to the connections module). */
    whatsappId: integer("whatsapp_id"),
    allTicket: text("all_ticket").notNull().default("disable"),
    online: integer("online", { mode: "boolean" }).notNull().default(false),
    lastSeenAt: text("last_seen_at"),
    /** Bumped on each login and whenever the user's sessions end: tokens carrying an older version are refused. */
    tokenVersion: integer("token_version").notNull().default(0),
    /** A generated password (first admin, `cli reset-password`) must be changed at the next sign-in. */
    mustChangePassword: integer("must_change_password", { mode: "boolean" }).notNull().default(false),
    ...timestamps(),
  },
  (t) => [index("users_company_name_idx").on(t.companyId, t.name)],
);
export type UserRow = typeof users.$inferSelect;

/** Which queues a user serves. */
export const userQueues = sqliteTable(
  "user_queues",
  {
    userId: belongsTo("user_id", () => users.id),
    queueId: belongsTo("queue_id", () => queues.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.queueId] }), index("user_queues_queue_idx").on(t.queueId)],
);
