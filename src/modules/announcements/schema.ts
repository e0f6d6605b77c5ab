import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { timestamps } from "../../db/columns";

/**
 * An announcement a super user publishes to every company (R-LIB-5). Its one
 * image is the only public file: `mediaPath` is a generated name under `<data>/public/announcements/`.
 */
export const announcements = sqliteTable(
  "announcements",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    title: text("title").notNull(),
    text: text("text").notNull(),
    /** 1 Alta, 2 Média, 3 Baixa. */
    priority: integer("priority").notNull().default(3),
    status: integer("status", { mode: "boolean" }).notNull().default(true),
    mediaPath: text("media_path"),
    mediaName: text("media_name"),
    /** The super user who wrote it (informative). */
    userId: integer("user_id"),
    ...timestamps(),
  },
  (t) => [index("announcements_status_created_idx").on(t.status, t.createdAt)],
);
export type AnnouncementRow = typeof announcements.$inferSelect;
