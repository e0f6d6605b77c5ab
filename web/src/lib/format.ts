/**
 * The one place that turns dates, times and money into text. Every instant of the company's work
 * (messages, tickets, notes, internal chat, schedules, campaigns, backups…) is shown in the company's
 * time zone, whatever the browser's, so one moment reads the same on every screen and for every agent.
 * `lang` and `tz` default to the active language and the company's zone; tests pass them explicitly.
 */
import { wallParts, zonedDaysUntil } from "../../../src/contract/zoned";
import { language } from "../i18n";
import { companyZone, zoneAbbreviation, zoneDiffers } from "./zone";

const formats = new Map<string, Intl.DateTimeFormat>();

/** A cached Intl formatter (building one costs far more than using it; lists format hundreds of times). */
function formatter(lang: string, tz: string, kind: "date" | "time" | "dateTime"): Intl.DateTimeFormat {
  const key = `${lang}|${tz}|${kind}`;
  let f = formats.get(key);
  if (!f) {
    // 24 h in pt-BR and es (14:05); English keeps its own clock (2:05 PM).
    const clock = lang.startsWith("en") ? { hour: "numeric" as const } : { hour: "2-digit" as const, hourCycle: "h23" as const };
    const date = { day: "2-digit", month: "2-digit", year: "numeric" } as const;
    const time = { minute: "2-digit", ...clock } as const;
    f = new Intl.DateTimeFormat(lang, { timeZone: tz, ...(kind === "date" ? date : kind === "time" ? time : { ...date, ...time }) });
    formats.set(key, f);
  }
  return f;
}

const parse = (value: string | Date | number) => (value instanceof Date ? value : new Date(value));
const valid = (d: Date) => !Number.isNaN(d.getTime());

/** The calendar day (YYYY-MM-DD) of an instant in the zone: what "today" and day separators compare. */
export function dayKey(value: string | Date | number, tz = companyZone()): string {
  const d = parse(value);
  if (!valid(d)) return "";
  const w = wallParts(tz, d.getTime());
  return `${w.y}-${String(w.m).padStart(2, "0")}-${String(w.d).padStart(2, "0")}`;
}

/**
 * A date in the active language (DD/MM/YYYY in pt-BR). A bare calendar date (YYYY-MM-DD, e.g. a due
 * date) is a day, not an instant, and is never shifted; an instant is dated in the company's zone.
 */
export function formatDate(value: string | null | undefined, lang: string = language.peek(), tz = companyZone()): string {
  if (!value) return "";
  const bare = value.length === 10;
  const d = new Date(bare ? `${value}T00:00:00Z` : value);
  if (!valid(d)) return value;
  return formatter(lang, bare ? "UTC" : tz, "date").format(d);
}

/** The time of day (14:05) of an instant in the company's zone. */
export function clockTime(value: string | Date | number, lang: string = language.peek(), tz = companyZone()): string {
  const d = parse(value);
  return valid(d) ? formatter(lang, tz, "time").format(d) : "";
}

/**
 * Date and time of an instant in the company's zone (DD/MM/YYYY, HH:MM in pt-BR), followed by the
 * zone's short name (BRT, GMT-3) when the browser runs in another zone, so nobody reads it as theirs.
 */
export function formatDateTime(value: string | number | Date | null | undefined, lang: string = language.peek(), tz = companyZone()): string {
  if (!value) return "";
  const d = parse(value);
  if (!valid(d)) return String(value);
  const text = formatter(lang, tz, "dateTime").format(d);
  return zoneDiffers(tz) ? `${text} ${zoneAbbreviation(tz, lang)}` : text;
}

/** The hour when the instant is today in the company's zone, else its date (ticket cards). */
export function ticketTime(value: string, lang: string = language.peek(), tz = companyZone(), now: Date = new Date()): string {
  const d = parse(value);
  if (!valid(d)) return "";
  return dayKey(d, tz) === dayKey(now, tz) ? clockTime(d, lang, tz) : formatter(lang, tz, "date").format(d);
}

/** What a day separator says: "today", "yesterday" (as the caller words them) or the date. */
export function dayLabel(
  value: string,
  words: { today: string; yesterday: string },
  lang: string = language.peek(),
  tz = companyZone(),
  now = Date.now(),
): string {
  const key = dayKey(value, tz);
  if (key === dayKey(now, tz)) return words.today;
  if (key === dayKey(now - 86_400_000, tz)) return words.yesterday;
  return formatter(lang, tz, "date").format(parse(value));
}

/** Formats a monthly price in BRL in the active language. */
export const formatMoney = (value: number) => new Intl.NumberFormat(language.peek(), { style: "currency", currency: "BRL" }).format(value);

/** Whole days from today (the company's calendar) to a YYYY-MM-DD date; negative when past. */
export const daysUntil = (date: string, now = new Date(), tz = companyZone()) => zonedDaysUntil(date, tz, now.getTime());
