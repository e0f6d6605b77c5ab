import type { TemplateChoice } from "../templates";

/** A schedule's message template and the Cloud API connection it belongs to. */
export type ScheduleTemplate = TemplateChoice & { whatsappId: number };

/** The wire shape of a scheduled message (R-SCH-1). */
export interface ScheduleDto {
  id: number;
  body: string;
  contactId: number;
  contact: { id: number; name: string; number: string } | null;
  userId: number | null;
  user: { id: number; name: string } | null;
  sendAt: string;
  sentAt: string | null;
  /** PENDENTE, ENVIADA or ERRO. */
  status: string;
  /** The error code when status is ERRO. */
  error: string | null;
  ticketId: number | null;
  mediaPath: string | null;
  mediaName: string | null;
  mediaUrl: string | null;
  /** Cloud API: the template sent instead of the body when the customer's 24-hour window is closed. */
  template: ScheduleTemplate | null;
  createdAt: string;
  updatedAt: string;
}

/** How many schedules fall on each day of a month (the calendar beside the list). */
export interface ScheduleDayDto {
  /** YYYY-MM-DD in the company's time zone. */
  date: string;
  count: number;
}
