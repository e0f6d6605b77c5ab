import * as v from "valibot";
import { WEEKDAYS } from "../limits";
import { MSG } from "./common";

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
/** HH:MM or empty (no hours that day). */
export const timeField = v.pipe(
  v.string(MSG.invalid),
  v.trim(),
  v.check((s) => s === "" || HHMM.test(s), MSG.invalid),
);

const weekdayEns = WEEKDAYS.map((d) => d.weekdayEn) as unknown as readonly [string, ...string[]];

/** One weekday of service hours. */
export const OpeningHoursItem = v.object({
  weekday: v.pipe(v.string(MSG.invalid), v.maxLength(30, MSG.tooLong)),
  weekdayEn: v.picklist(weekdayEns, MSG.invalid),
  startTime: timeField,
  endTime: timeField,
});

/** Seven entries, one per weekday: the hours of a queue or of the company (R-QUEUE-4). */
export const schedulesField = v.pipe(
  v.array(OpeningHoursItem, MSG.invalid),
  v.length(7, MSG.invalid),
  v.check((list) => new Set(list.map((d) => d.weekdayEn)).size === 7, MSG.invalid),
);
