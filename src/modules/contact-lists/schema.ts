import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { companyRow } from "../companies/schema";
import { belongsTo, timestamps } from "../../db/columns";

/** A list of numbers a campaign targets (R-CMP-15); distinct from contacts. */
export const contactLists = sqliteTable(
  "contact_lists",
  {
    ...companyRow(),
    name: text("name").notNull(),
    ...timestamps(),
  },
  (t) => [index("contact_lists_company_name_idx").on(t.companyId, t.name)],
);
export type ContactListRow = typeof contactLists.$inferSelect;

/**
 * One number of a contact list (R-CMP-15). `isWhatsappValid` is null until
 * the number was checked through a connection, then true/false.
 */
export const contactListItems = sqliteTable(
  "contact_list_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    companyId: integer("company_id").notNull(),
    contactListId: belongsTo("contact_list_id", () => contactLists.id),
    name: text("name").notNull(),
    number: text("number").notNull(),
    email: text("email").notNull().default(""),
    isWhatsappValid: integer("is_whatsapp_valid", { mode: "boolean" }),
    checkedAt: text("checked_at"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("contact_list_items_list_number_uq").on(t.contactListId, t.number),
    index("contact_list_items_list_name_idx").on(t.contactListId, t.name),
    index("contact_list_items_unchecked_idx").on(t.companyId, t.checkedAt),
  ],
);
export type ContactListItemRow = typeof contactListItems.$inferSelect;
