import { RECURRENCES, type Recurrence } from "../contract/limits";
import { zonedDaysUntil, zonedToday } from "../contract/zoned";

/** Current instant as an ISO string (the storage format for timestamps). */
export const nowIso = () => new Date().toISOString();

/**
 * Today's calendar date (YYYY-MM-DD) in a zone: for due dates and trials, the installation's zone (`config.timezone`,
 * the one the web counts days in), so a company due today keeps its access until its own midnight.
 */
export const todayDate = (tz: string, now = new Date()) => zonedToday(tz, now.getTime());

/** Adds days to a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Adds whole months to a YYYY-MM-DD date, clamping to the month's last day. */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.slice(0, 10).split("-").map(Number);
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, last));
  return target.toISOString().slice(0, 10);
}

/** Next due date after a payment, by the company's recurrence (D12). */
export function renewDueDate(dueDate: string, recurrence: string): string {
  const months = RECURRENCES[recurrence as Recurrence] ?? 1;
  return addMonths(dueDate, months);
}

/** Whole days from today (in the zone) to a YYYY-MM-DD date (negative when past). */
export const daysUntil = (date: string, tz: string, now = new Date()) => zonedDaysUntil(date, tz, now.getTime());

/** True when a YYYY-MM-DD due date is before today (in the zone). */
export const isPastDue = (dueDate: string | null | undefined, tz: string, now = new Date()) => !!dueDate && dueDate.slice(0, 10) < todayDate(tz, now);
