import { integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { companies } from "../companies/schema";

/** Key/value settings per company (R-SET-1). */
export const settings = sqliteTable(
  "settings",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    value: text("value").notNull().default(""),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [uniqueIndex("settings_company_key_uq").on(t.companyId, t.key)],
);
export type SettingRow = typeof settings.$inferSelect;
