import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { companyRow } from "../companies/schema";
import { users } from "../users/schema";
import { timestamps } from "../../db/columns";

/**
 * A quick reply typed as "/shortcode" (R-LIB-1). Personal ones belong to their user; geral
 * ones are visible to the whole company. A shortcode is unique within its scope.
 */
export const quickMessages = sqliteTable(
  "quick_messages",
  {
    ...companyRow(),
    /** The author; for a personal message also its only reader (a geral one outlives its author). */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    shortcode: text("shortcode").notNull(),
    message: text("message").notNull().default(""),
    geral: integer("geral", { mode: "boolean" }).notNull().default(false),
    status: integer("status", { mode: "boolean" }).notNull().default(true),
    mediaPath: text("media_path"),
    mediaName: text("media_name"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("quick_messages_geral_uq").on(t.companyId, t.shortcode).where(sql`geral = 1`),
    uniqueIndex("quick_messages_personal_uq").on(t.companyId, t.userId, t.shortcode).where(sql`geral = 0`),
    index("quick_messages_company_user_idx").on(t.companyId, t.userId),
  ],
);
export type QuickMessageRow = typeof quickMessages.$inferSelect;
