import { sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { companyRow } from "../companies/schema";
import { timestamps } from "../../db/columns";

/** Key/value settings per company (R-SET-1). */
export const settings = sqliteTable(
  "settings",
  {
    ...companyRow(),
    key: text("key").notNull(),
    value: text("value").notNull().default(""),
    ...timestamps(),
  },
  (t) => [uniqueIndex("settings_company_key_uq").on(t.companyId, t.key)],
);
export type SettingRow = typeof settings.$inferSelect;
