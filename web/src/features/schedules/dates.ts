/**
 * Date-time helpers of the schedule screens. Times are shown and entered in the company's time zone
 * (the server's TZ, sent with the session), the zone the server sends in, whatever the browser's zone.
 */
import { company } from "../../stores/session";

const pad = (n: number) => String(n).padStart(2, "0");

/** The company's IANA time zone; the browser's while no session has told it. */
export const companyZone = (): string => company.value?.timezone || Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The wall-clock fields of an instant in a zone. */
function wallOf(ms: number, tz: string) {
  const f = new Intl.DateTimeFormat("en-US", {
    timeZone: tz,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });
  const p = Object.fromEntries(f.formatToParts(new Date(ms)).map((x) => [x.type, Number(x.value)]));
  return { y: p.year, m: p.month, d: p.day, h: p.hour, min: p.minute, s: p.second };
}

/** How far the zone's wall clock is ahead of UTC at an instant (ms). */
function offsetAt(ms: number, tz: string) {
  const w = wallOf(ms, tz);
  return Date.UTC(w.y, w.m - 1, w.d, w.h, w.min, w.s) - Math.floor(ms / 1000) * 1000;
}

/** An instant as the value of an <input type="datetime-local"> in the zone (minutes). */
export function toZoneInput(at: Date | string | number, tz = companyZone()): string {
  const w = wallOf(new Date(at).getTime(), tz);
  return `${w.y}-${pad(w.m)}-${pad(w.d)}T${pad(w.h)}:${pad(w.min)}`;
}

/** The instant (ISO UTC) of a wall-clock "YYYY-MM-DDTHH:mm" in the zone; an unreadable value is given back as is. */
export function fromZoneInput(value: string, tz = companyZone()): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!m) return value;
  const wall = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5]);
  // the offset at the guessed instant (twice: right across a daylight-saving change)
  const guess = wall - offsetAt(wall, tz);
  return new Date(wall - offsetAt(guess, tz)).toISOString();
}

/** The default send time of a new schedule: one hour from now (core.md §5), in the company's zone. */
export const inOneHour = () => toZoneInput(Date.now() + 3_600_000);

/** YYYY-MM of a calendar month (a local Date used as a month cursor, not an instant). */
export const monthOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}`;

/** Today (YYYY-MM-DD) in the company's zone. */
export const todayInZone = () => toZoneInput(Date.now()).slice(0, 10);

/** The ISO bounds of a day (YYYY-MM-DD) of the company's zone. */
export function dayBounds(day: string): { from: string; to: string } {
  const [y, m, d] = day.split("-").map(Number);
  const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  return { from: fromZoneInput(`${day}T00:00`), to: new Date(Date.parse(fromZoneInput(`${next}T00:00`)) - 1).toISOString() };
}

/** An instant for the list, in the company's zone: short date and time. */
export const formatInZone = (iso: string, lang: string) =>
  new Date(iso).toLocaleString(lang, { dateStyle: "short", timeStyle: "short", timeZone: companyZone() });

/** The zone as people read it, e.g. "Horário Padrão de Brasília (America/Sao_Paulo)". */
export function zoneLabel(lang: string, tz = companyZone()): string {
  const name = new Intl.DateTimeFormat(lang, { timeZone: tz, timeZoneName: "long" }).formatToParts(new Date()).find((p) => p.type === "timeZoneName")?.value;
  return name && name !== tz ? `${name} (${tz})` : tz;
}
