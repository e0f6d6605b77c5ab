import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { companyRow } from "../companies/schema";
import { contacts } from "../contacts/schema";
import { tickets } from "../tickets/schema";
import { users } from "../users/schema";
import { belongsTo } from "../../db/columns";

/** An internal note on a ticket (R-TKT-16). */
export const ticketNotes = sqliteTable(
  "ticket_notes",
  {
    ...companyRow(),
    ticketId: belongsTo("ticket_id", () => tickets.id),
    contactId: belongsTo("contact_id", () => contacts.id),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    note: text("note").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("ticket_notes_ticket_idx").on(t.ticketId), index("ticket_notes_contact_idx").on(t.contactId)],
);
