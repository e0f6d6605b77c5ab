import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { OpeningHours } from "../../contract/limits";
import { companies } from "../companies/schema";

/** A queue (department) with its greeting, hours and chatbot options (R-QUEUE-1). */
export const queues = sqliteTable(
  "queues",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
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
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("queues_company_name_uq").on(t.companyId, t.name),
    uniqueIndex("queues_company_color_uq").on(t.companyId, t.color),
    index("queues_company_order_idx").on(t.companyId, t.orderQueue),
  ],
);
export type QueueRow = typeof queues.$inferSelect;
