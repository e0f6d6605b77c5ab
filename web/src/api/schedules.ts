import type { Page } from "@contract/dto/common";
import type { ScheduleDayDto, ScheduleDto } from "@contract/dto/schedules";
import { api } from "./client";
import { uploadFile } from "./files";

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
export const listSchedules = (searchParam: string, pageNumber: number, f: ScheduleFilter = {}) =>
  api<Page<"schedules", Schedule>>("/schedules", { query: { searchParam, pageNumber, ...f } });
/** GET /schedules/calendar: how many schedules fall on each day of a month (YYYY-MM). */
export const scheduleCalendar = (month: string) => api<ScheduleDay[]>("/schedules/calendar", { query: { month } });
export const getSchedule = (id: number) => api<Schedule>(`/schedules/${id}`);
export const createSchedule = (input: ScheduleInput) => api<Schedule>("/schedules", { method: "POST", body: input });
export const updateSchedule = (id: number, input: ScheduleInput) => api<Schedule>(`/schedules/${id}`, { method: "PUT", body: input });
export const deleteSchedule = (id: number) => api(`/schedules/${id}`, { method: "DELETE" });
export const uploadScheduleMedia = (id: number, file: File) => uploadFile<Schedule>(`/schedules/${id}/media-upload`, file);
export const deleteScheduleMedia = (id: number) => api<Schedule>(`/schedules/${id}/media-upload`, { method: "DELETE" });
