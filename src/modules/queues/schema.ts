import { type AnySQLiteColumn, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { OpeningHours } from "../../contract/limits";
import { companyRow } from "../companies/schema";
import { belongsTo, timestamps } from "../../db/columns";

/** A queue (department) with its greeting, hours and chatbot options (R-QUEUE-1). */
export const queues = sqliteTable(
  "queues",
  {
    ...companyRow(),
    name: text("name").notNull(),
    color: text("color").notNull(),
    greetingMessage: text("greeting_message").notNull().default(""),
    outOfHoursMessage: text("out_of_hours_message").notNull().default(""),
    orderQueue: integer("order_queue"),
    integrationId: integer("integration_id"),
    promptId: integer("prompt_id"),
    schedules: text("schedules", { mode: "json" }).$type<OpeningHours[]>().notNull().default([]),
    mediaPath: text("media_path"),
    mediaName: text("media_name"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("queues_company_name_uq").on(t.companyId, t.name),
    uniqueIndex("queues_company_color_uq").on(t.companyId, t.color),
    index("queues_company_order_idx").on(t.companyId, t.orderQueue),
  ],
);
export type QueueRow = typeof queues.$inferSelect;

/**
 * One node of a queue's chatbot menu (R-QUEUE-3). Root nodes have a null parent;
 * deleting a node deletes its subtree through the parent foreign key.
 */
export const queueOptions = sqliteTable(
  "queue_options",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    queueId: belongsTo("queue_id", () => queues.id),
    parentId: integer("parent_id").references((): AnySQLiteColumn => queueOptions.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    message: text("message").notNull().default(""),
    /** The ordinal the customer types ("1", "2"…). */
    option: text("option").notNull(),
    mediaPath: text("media_path"),
    mediaName: text("media_name"),
    ...timestamps(),
  },
  (t) => [index("queue_options_queue_parent_idx").on(t.queueId, t.parentId), index("queue_options_parent_idx").on(t.parentId)],
);
export type QueueOptionRow = typeof queueOptions.$inferSelect;
