import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { companyRow } from "../companies/schema";
import { contacts } from "../contacts/schema";
import { belongsTo, timestamps } from "../../db/columns";

/** Schedule statuses: PENDENTE until the send job stores the message (ENVIADA) or gives up (ERRO). */
export const SCHEDULE_STATUSES = ["PENDENTE", "ENVIADA", "ERRO"] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

/** A message scheduled to a contact (R-SCH-1). */
export const schedules = sqliteTable(
  "schedules",
  {
    ...companyRow(),
    contactId: belongsTo("contact_id", () => contacts.id),
    /** Who scheduled it (informative; users may be deleted). */
    userId: integer("user_id"),
    body: text("body").notNull(),
    /** ISO instant the message is due. */
    sendAt: text("send_at").notNull(),
    /** Set in the transaction that stores the message: a schedule with sentAt can no longer be saved. */
    sentAt: text("sent_at"),
    status: text("status").$type<ScheduleStatus>().notNull().default("PENDENTE"),
    /** Why the send failed (an error code), for status ERRO. */
    error: text("error"),
    /** The ticket the message went to, once sent. */
    ticketId: integer("ticket_id"),
    mediaPath: text("media_path"),
    mediaName: text("media_name"),
    /** On a Cloud API connection: the message template sent instead of the body (JSON TemplateChoice). */
    template: text("template"),
    ...timestamps(),
  },
  (t) => [
    index("schedules_status_send_at_idx").on(t.status, t.sendAt),
    index("schedules_company_send_at_idx").on(t.companyId, t.sendAt),
    index("schedules_contact_idx").on(t.contactId),
  ],
);
export type ScheduleRow = typeof schedules.$inferSelect;
