import { integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { timestamps } from "../../db/columns";

/** A subscription plan: counts and feature flags (R-BILL-1). */
export const plans = sqliteTable("plans", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull().unique(),
  users: integer("users").notNull().default(10),
  connections: integer("connections").notNull().default(10),
  queues: integer("queues").notNull().default(10),
  value: real("value").notNull().default(0),
  useCampaigns: integer("use_campaigns", { mode: "boolean" }).notNull().default(true),
  useSchedules: integer("use_schedules", { mode: "boolean" }).notNull().default(true),
  useInternalChat: integer("use_internal_chat", { mode: "boolean" }).notNull().default(true),
  useExternalApi: integer("use_external_api", { mode: "boolean" }).notNull().default(true),
  useKanban: integer("use_kanban", { mode: "boolean" }).notNull().default(true),
  useOpenAi: integer("use_open_ai", { mode: "boolean" }).notNull().default(true),
  useIntegrations: integer("use_integrations", { mode: "boolean" }).notNull().default(true),
  /** Hidden plans are not offered on the public signup page (e.g. the platform's own plan). */
  isPublic: integer("is_public", { mode: "boolean" }).notNull().default(true),
  ...timestamps(),
});
export type PlanRow = typeof plans.$inferSelect;
