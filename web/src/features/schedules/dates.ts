/** Local date-time helpers of the schedule screens (the browser's time zone). */

const pad = (n: number) => String(n).padStart(2, "0");

/** An instant as the value of an <input type="datetime-local"> (local time, minutes). */
export function toLocalInput(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The default send time of a new schedule: one hour from now (core.md §5). */
export const inOneHour = () => toLocalInput(new Date(Date.now() + 3_600_000));

/** YYYY-MM of a date. */
export const monthOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}`;

/** YYYY-MM-DD of a date (local). */
export const dayOf = (d: Date) => `${monthOf(d)}-${pad(d.getDate())}`;

/** The ISO bounds of a local day (YYYY-MM-DD). */
export function dayBounds(day: string): { from: string; to: string } {
  const [y, m, d] = day.split("-").map(Number);
  return { from: new Date(y, m - 1, d).toISOString(), to: new Date(y, m - 1, d, 23, 59, 59, 999).toISOString() };
}
