import { language } from "../i18n";

const dateCache = new Map<string, Intl.DateTimeFormat>();

/** Formats a date (YYYY-MM-DD or ISO) in the active language: DD/MM/YYYY in pt-BR. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return "";
  const lang = language.peek();
  // A bare calendar date is a day, not an instant: format it in UTC so no timezone shifts it.
  const d = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(d.getTime())) return value;
  let f = dateCache.get(lang);
  if (!f) {
    f = new Intl.DateTimeFormat(lang, { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "UTC" });
    dateCache.set(lang, f);
  }
  return f.format(d);
}

/** Date and time in the user's language (DD/MM/YYYY HH:MM in pt-BR). */
export function formatDateTime(value: string | null | undefined) {
  if (!value) return "";
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  return new Intl.DateTimeFormat(language.value, { day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit" }).format(d);
}

/** Formats a monthly price in BRL in the active language. */
export const formatMoney = (value: number) => new Intl.NumberFormat(language.peek(), { style: "currency", currency: "BRL" }).format(value);

/** Whole days from today (local calendar) to a YYYY-MM-DD date; negative when past. */
export function daysUntil(date: string, now = new Date()): number {
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  const target = Date.parse(`${date.slice(0, 10)}T00:00:00Z`);
  return Math.round((target - today) / 86_400_000);
}
