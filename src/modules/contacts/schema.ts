import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { companyRow } from "../companies/schema";
import { belongsTo, timestamps } from "../../db/columns";

/** Accented letters of pt and es and their plain letter (SQLite's lower() folds ASCII only). */
const FOLD: [string, string][] = [..."áàâãäÁÀÂÃÄ"]
  .map((c) => [c, "a"] as [string, string])
  .concat(
    [..."éèêëÉÈÊË"].map((c) => [c, "e"]),
    [..."íìîïÍÌÎÏ"].map((c) => [c, "i"]),
    [..."óòôõöÓÒÔÕÖ"].map((c) => [c, "o"]),
    [..."úùûüÚÙÛÜ"].map((c) => [c, "u"]),
    [..."çÇ"].map((c) => [c, "c"]),
    [..."ñÑ"].map((c) => [c, "n"]),
  );
/** The name without case or accents, for ordering ("álvaro" sorts with "Alice", "ana" before "Bruno"). */
const sortNameSql = FOLD.reduce((expr, [from, to]) => `replace(${expr}, '${from}', '${to}')`, "lower(name)");
const FOLD_MAP = new Map(FOLD);

/** A text folded as `sort_name` folds names (ASCII lower case, then the accents above), for searching it. */
export const foldName = (text: string) => [...text.replace(/[A-Z]/g, (c) => c.toLowerCase())].map((c) => FOLD_MAP.get(c) ?? c).join("");

/** A customer the company talks to (R-CONT-1). Numbers are stored as digits only. */
export const contacts = sqliteTable(
  "contacts",
  {
    ...companyRow(),
    name: text("name").notNull(),
    /** The name folded for sorting (no case, no accents): computed by SQLite, never written. */
    sortName: text("sort_name").generatedAlwaysAs(sql.raw(sortNameSql), { mode: "virtual" }),
    /** Digits only (or a group jid's digits); unique per company. */
    number: text("number").notNull(),
    email: text("email").notNull().default(""),
    profilePicUrl: text("profile_pic_url").notNull().default(""),
    uuid: text("uuid").notNull().unique(),
    isGroup: integer("is_group", { mode: "boolean" }).notNull().default(false),
    /** Default connection id (the whatsapps table belongs to the connections module). */
    whatsappId: integer("whatsapp_id"),
    /** WhatsApp LID (linked identity) when known; unique per company when set. */
    lid: text("lid"),
    /** When the contact said no to campaigns (an opt-out word in answer to one); null while they accept them. */
    optedOutAt: text("opted_out_at"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("contacts_company_number_uq").on(t.companyId, t.number),
    uniqueIndex("contacts_company_lid_uq").on(t.companyId, t.lid),
    index("contacts_company_name_idx").on(t.companyId, t.name),
    index("contacts_company_sort_name_idx").on(t.companyId, t.sortName, t.id),
    // the few contacts who opted out, by number: a campaign's start skips them in one pass
    index("contacts_company_opted_out_idx").on(t.companyId, t.number).where(sql`opted_out_at is not null`),
  ],
);
export type ContactRow = typeof contacts.$inferSelect;

/** Extra information fields of a contact (R-CONT-1: name and value). */
export const contactCustomFields = sqliteTable(
  "contact_custom_fields",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    contactId: belongsTo("contact_id", () => contacts.id),
    name: text("name").notNull(),
    value: text("value").notNull().default(""),
  },
  (t) => [index("contact_custom_fields_contact_idx").on(t.contactId)],
);
export type ContactCustomFieldRow = typeof contactCustomFields.$inferSelect;
