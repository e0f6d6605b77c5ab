/** Calendar dates and instants in a time zone (the company's, config TZ), without a library. */

/** The wall-clock fields of an instant in the zone (also used by the SPA: web/src/lib/zone.ts). */
export function wallParts(tz: string, at: number) {
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
  const p = Object.fromEntries(f.formatToParts(new Date(at)).map((x) => [x.type, x.value]));
  return { y: Number(p.year), m: Number(p.month), d: Number(p.day), h: Number(p.hour), min: Number(p.minute), s: Number(p.second) };
}

/** The zone's offset from UTC at an instant, in ms (wall time minus UTC). */
function offsetAt(tz: string, at: number) {
  const w = wallParts(tz, at);
  return Date.UTC(w.y, w.m - 1, w.d, w.h, w.min, w.s) - Math.floor(at / 1000) * 1000;
}

/** The instant a wall-clock time (YYYY-MM-DD, hh:mm:ss) happens in the zone. */
export function zonedInstant(date: string, time: string, tz: string): number {
  const [y, m, d] = date.split("-").map(Number);
  const [hh, mm, ss] = time.split(":").map(Number);
  const guess = Date.UTC(y, m - 1, d, hh, mm, ss);
  const first = guess - offsetAt(tz, guess);
  return guess - offsetAt(tz, first);
}

/** Today's date (YYYY-MM-DD) in the zone. */
export function zonedToday(tz: string, at = Date.now()): string {
  const w = wallParts(tz, at);
  return `${w.y}-${String(w.m).padStart(2, "0")}-${String(w.d).padStart(2, "0")}`;
}

/** Whole days from the zone's today to a YYYY-MM-DD date (negative when past): due dates, trials (server and web). */
export function zonedDaysUntil(date: string, tz: string, at = Date.now()): number {
  const today = Date.parse(`${zonedToday(tz, at)}T00:00:00Z`);
  return Math.round((Date.parse(`${date.slice(0, 10)}T00:00:00Z`) - today) / 86_400_000);
}

/** The hour (0-23) of an instant in the zone. */
export const zonedHour = (tz: string, at: number) => wallParts(tz, at).h;
