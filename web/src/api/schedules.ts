import type { ScheduleDayDto, ScheduleDto } from "@contract/dto/schedules";
import { api } from "./client";
import { listPage, mediaOf, resource } from "./resource";

export type Schedule = ScheduleDto;
export type ScheduleDay = ScheduleDayDto;

export interface ScheduleInput {
  body: string;
  contactId: number;
  sendAt: string;
  /** Cloud API: the template sent instead of the body when the customer's 24-hour window is closed. */
  template?: ScheduleDto["template"];
}

export interface ScheduleFilter {
  contactId?: number;
  /** ISO instants of a day's start and end (the calendar's pick). */
  from?: string;
  to?: string;
}

/** GET /schedules: a page, soonest pending first. */
export const listSchedules = listPage<"schedules", Schedule>("/schedules");
/** GET /schedules/calendar: how many schedules fall on each day of a month (YYYY-MM). */
export const scheduleCalendar = (month: string) => api<ScheduleDay[]>("/schedules/calendar", { query: { month } });
/** A schedule's own calls and its one image. */
export const schedulesApi = resource<Schedule, ScheduleInput>("/schedules");
export const scheduleMedia = mediaOf<Schedule>("/schedules");
