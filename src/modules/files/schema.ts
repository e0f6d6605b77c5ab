import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { companies, companyRow } from "../companies/schema";
import { belongsTo, timestamps } from "../../db/columns";

/** A file list: a named set of files with a message, sent before a campaign's text (R-LIB-3). */
export const fileLists = sqliteTable(
  "file_lists",
  {
    ...companyRow(),
    name: text("name").notNull(),
    message: text("message").notNull(),
    /** Who created it (informative; users may be deleted). */
    userId: integer("user_id"),
    ...timestamps(),
  },
  (t) => [uniqueIndex("file_lists_company_name_uq").on(t.companyId, t.name)],
);
export type FileListRow = typeof fileLists.$inferSelect;

/** One option of a file list: a name (the caption) and an optional stored file. */
export const fileListOptions = sqliteTable(
  "file_list_options",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    fileListId: belongsTo("file_list_id", () => fileLists.id),
    companyId: belongsTo("company_id", () => companies.id),
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
