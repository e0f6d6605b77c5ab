import { integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { companies } from "../companies/schema";
import { belongsTo, timestamps } from "../../db/columns";

/** Key/value settings per company (R-SET-1). */
export const settings = sqliteTable(
  "settings",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    companyId: belongsTo("company_id", () => companies.id),
    key: text("key").notNull(),
    value: text("value").notNull().default(""),
    ...timestamps(),
  },
  (t) => [uniqueIndex("settings_company_key_uq").on(t.companyId, t.key)],
);
export type SettingRow = typeof settings.$inferSelect;
