import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { companies } from "../companies/schema";

/** A file list: a named set of files with a message, sent before a campaign's text (R-LIB-3). */
export const fileLists = sqliteTable(
  "file_lists",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    message: text("message").notNull(),
    /** Who created it (informative; users may be deleted). */
    userId: integer("user_id"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [uniqueIndex("file_lists_company_name_uq").on(t.companyId, t.name)],
);
export type FileListRow = typeof fileLists.$inferSelect;

/** One option of a file list: a name (the caption) and an optional stored file. */
export const fileListOptions = sqliteTable(
  "file_list_options",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    fileListId: integer("file_list_id")
      .notNull()
      .references(() => fileLists.id, { onDelete: "cascade" }),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Relative to the media folder (`<companyId>/file-lists/<generated>`), null without a file. */
    path: text("path"),
    mediaType: text("media_type"),
    /** The uploaded file's display name. */
    mediaName: text("media_name"),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("file_list_options_list_idx").on(t.fileListId, t.position)],
);
export type FileListOptionRow = typeof fileListOptions.$inferSelect;
