import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { timestamps } from "../../db/columns";

/** A help video of the platform (R-LIB-8): shown to every company, managed by super users. */
export const helps = sqliteTable(
  "helps",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    /** A public YouTube video id. */
    video: text("video").notNull(),
    ...timestamps(),
  },
  (t) => [index("helps_title_idx").on(t.title)],
);
export type HelpRow = typeof helps.$inferSelect;
