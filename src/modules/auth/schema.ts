import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "../users/schema";

/**
 * A session family: one per sign-in. Its refresh tokens rotate (each refresh moves `generation` on
 * and the older cookie stops working); presenting a used one again ends the family and the user's
 * sessions. The auth module is the only writer (tests/unit/ownership.test.ts).
 */
export const authSessions = sqliteTable(
  "auth_sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    companyId: integer("company_id").notNull(),
    /** The generation of the only refresh token that may still be used. */
    generation: integer("generation").notNull().default(0),
    /** When the last rotation happened (a second tab refreshing at the same moment gets a grace window). */
    rotatedAt: integer("rotated_at").notNull(),
    createdAt: text("created_at").notNull(),
    endedAt: text("ended_at"),
    endReason: text("end_reason"),
  },
  (t) => [index("auth_sessions_user_idx").on(t.userId), index("auth_sessions_company_idx").on(t.companyId)],
);
export type AuthSessionRow = typeof authSessions.$inferSelect;
