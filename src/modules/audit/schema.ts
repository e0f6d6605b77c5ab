import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * The audit log: who did what to which object, when and from where. Append-only through the
 * product (the audit module is its only writer: entries are added by `audit()` and removed only by
 * the retention job). `companyId` is the company whose log holds the entry (the platform company
 * for super users' platform work). `actorId` is a user id, a connection id (API token) or null
 * (a job); `actorName` is kept as it was, so the log still reads after a user is deleted.
 * `changes` is JSON `{ field: [before, after] }` without secrets, passwords or message bodies.
 */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    companyId: integer("company_id").notNull(),
    /** Epoch milliseconds. */
    at: integer("at").notNull(),
    actorType: text("actor_type").notNull(),
    actorId: integer("actor_id"),
    actorName: text("actor_name").notNull().default(""),
    event: text("event").notNull(),
    targetType: text("target_type").notNull().default(""),
    targetId: text("target_id").notNull().default(""),
    targetLabel: text("target_label").notNull().default(""),
    address: text("address").notNull().default(""),
    changes: text("changes"),
  },
  (t) => [
    index("audit_company_at_idx").on(t.companyId, t.at),
    index("audit_company_actor_idx").on(t.companyId, t.actorId, t.at),
    index("audit_company_event_idx").on(t.companyId, t.event, t.at),
    index("audit_company_target_idx").on(t.companyId, t.targetType, t.targetId, t.at),
    index("audit_at_idx").on(t.at),
  ],
);
export type AuditRow = typeof auditLog.$inferSelect;
