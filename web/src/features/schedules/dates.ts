/** Date-time helpers of the schedule screens, in the company's time zone (web/src/lib/zone.ts). */
import { fromZoneInput, toZoneInput } from "../../lib/zone";

const pad = (n: number) => String(n).padStart(2, "0");

/** The default send time of a new schedule: one hour from now (R-SCH-1), in the company's zone. */
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
