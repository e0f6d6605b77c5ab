import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { companyRow } from "../companies/schema";
import { users } from "../users/schema";
import { belongsTo, timestamps } from "../../db/columns";

/**
 * One task of a user's to-do list (R-UI-6: "a to-do list"). Private to its user: kept on the
 * server so it follows them across browsers and survives another sign-in (issue 29).
 */
export const todos = sqliteTable(
  "todos",
  {
    ...companyRow(),
    userId: belongsTo("user_id", () => users.id),
    text: text("text").notNull(),
    done: integer("done", { mode: "boolean" }).notNull().default(false),
    ...timestamps(),
  },
  // The list reads a user's tasks newest first (id order): one index serves it and the count.
  (t) => [index("todos_user_idx").on(t.userId, t.id)],
);
export type TodoRow = typeof todos.$inferSelect;
