import { type AnySQLiteColumn, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { queues } from "../queues/schema";

/**
 * One node of a queue's chatbot menu (R-QUEUE-3). Root nodes have a null parent;
 * deleting a node deletes its subtree through the parent foreign key.
 */
export const queueOptions = sqliteTable(
  "queue_options",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    queueId: integer("queue_id")
      .notNull()
      .references(() => queues.id, { onDelete: "cascade" }),
    parentId: integer("parent_id").references((): AnySQLiteColumn => queueOptions.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    message: text("message").notNull().default(""),
    /** The ordinal the customer types ("1", "2"…). */
    option: text("option").notNull(),
    mediaPath: text("media_path"),
    mediaName: text("media_name"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [index("queue_options_queue_parent_idx").on(t.queueId, t.parentId), index("queue_options_parent_idx").on(t.parentId)],
);
export type QueueOptionRow = typeof queueOptions.$inferSelect;
