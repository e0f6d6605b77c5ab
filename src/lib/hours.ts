import type { OpeningHours } from "../contract/limits";

/** Weekday (english, lowercase) and minutes since midnight in a time zone. */
export function localClock(tz: string, now = new Date()) {
  const f = new Intl.DateTimeFormat("en-US", { timeZone: tz, weekday: "long", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  const p = Object.fromEntries(f.formatToParts(now).map((x) => [x.type, x.value]));
  return { weekdayEn: String(p.weekday).toLowerCase(), minutes: Number(p.hour) * 60 + Number(p.minute) };
}

const toMinutes = (hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number);
  return h * 60 + m;
};

/**
 * True when `now` falls outside today's hours (R-BOT-8). A day without an entry or with
 * empty times counts as open; "00:00"-"00:00" (the Sunday default) is closed all day.
 */
export function isOutOfHours(schedules: OpeningHours[] | null | undefined, tz: string, now = new Date()): boolean {
  if (!schedules?.length) return false;
  const { weekdayEn, minutes } = localClock(tz, now);
  const today = schedules.find((s) => s.weekdayEn === weekdayEn);
  if (!today?.startTime || !today.endTime) return false;
  const start = toMinutes(today.startTime);
  const end = toMinutes(today.endTime);
  if (start === end) return true;
  return minutes < start || minutes >= end;
}
