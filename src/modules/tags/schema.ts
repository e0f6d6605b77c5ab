import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { companyRow } from "../companies/schema";
import { tickets } from "../tickets/schema";
import { belongsTo, timestamps } from "../../db/columns";

/** A tag put on tickets; kanban tags are the lanes of the kanban board (R-TAG-1). */
export const tags = sqliteTable(
  "tags",
  {
    ...companyRow(),
    name: text("name").notNull(),
    color: text("color").notNull(),
    /** 0 or 1 (R-TAG-1). */
    kanban: integer("kanban").notNull().default(0),
    /** Who created it (informative; users may be deleted). */
    userId: integer("user_id"),
    ...timestamps(),
  },
  (t) => [uniqueIndex("tags_company_name_uq").on(t.companyId, t.name), index("tags_company_kanban_idx").on(t.companyId, t.kanban)],
);
export type TagRow = typeof tags.$inferSelect;

/** Tags on tickets. */
export const ticketTags = sqliteTable(
  "ticket_tags",
  {
    ticketId: belongsTo("ticket_id", () => tickets.id),
    tagId: belongsTo("tag_id", () => tags.id),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.tagId] }), index("ticket_tags_tag_idx").on(t.tagId)],
);
