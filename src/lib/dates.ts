import { RECURRENCES, type Recurrence } from "../contract/limits";

/** Current instant as an ISO string (the storage format for timestamps). */
export const nowIso = () => new Date().toISOString();

/** Today's calendar date (UTC) as YYYY-MM-DD. */
export const todayDate = (now = new Date()) => now.toISOString().slice(0, 10);

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

/** Whole days from today to a YYYY-MM-DD date (negative when past). */
export function daysUntil(date: string, now = new Date()): number {
  const a = Date.parse(`${todayDate(now)}T00:00:00Z`);
  const b = Date.parse(`${date.slice(0, 10)}T00:00:00Z`);
  return Math.round((b - a) / 86_400_000);
}

/** True when a YYYY-MM-DD due date is before today. */
export const isPastDue = (dueDate: string | null | undefined, now = new Date()) => !!dueDate && dueDate.slice(0, 10) < todayDate(now);
