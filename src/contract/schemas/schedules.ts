import * as v from "valibot";
import { LIMITS } from "../limits";
import { idField, MSG, PageQuery } from "./common";
import { TemplateChoiceField } from "./templates";

/** A schedule's template: the choice and the Cloud API connection it belongs to (null / "" = none). */
export const ScheduleTemplateField = v.optional(
  v.nullable(
    v.pipe(
      v.union([v.literal(""), v.object({ ...TemplateChoiceField.entries, whatsappId: idField })], MSG.invalid),
      v.transform((x) => (x === "" ? null : x)),
    ),
  ),
);

/** Body: at least 5 characters ('Mensagem muito curta', R-SCH-1). */
export const scheduleBodyField = v.pipe(
  v.string(MSG.required),
  v.trim(),
  v.nonEmpty(MSG.required),
  v.minLength(LIMITS.scheduleBodyMin, MSG.messageTooShort),
  v.maxLength(4000, MSG.tooLong),
);

/** An instant (ISO 8601 with a zone, or what Date parses), normalised to ISO UTC. */
export const sendAtField = v.pipe(
  v.string(MSG.required),
  v.trim(),
  v.nonEmpty(MSG.required),
  v.maxLength(40, MSG.invalid),
  v.check((s) => !Number.isNaN(Date.parse(s)), MSG.invalid),
  v.transform((s) => new Date(s).toISOString()),
  v.check((s) => s > "2000" && s < "2100", MSG.invalid),
);

/** POST /schedules. */
export const ScheduleCreateBody = v.object({
  body: scheduleBodyField,
  contactId: v.pipe(
    v.union([v.string(), v.number()], MSG.required),
    v.transform(Number),
    v.number(MSG.required),
    v.integer(MSG.required),
    v.minValue(1, MSG.required),
  ),
  sendAt: sendAtField,
  /** A Cloud API connection's message template, sent instead of the body when the customer's 24-hour window is closed. */
  template: ScheduleTemplateField,
});
export type ScheduleCreateInput = v.InferOutput<typeof ScheduleCreateBody>;

/** PUT /schedules/{id}: any of body, contact and sendAt. */
export const ScheduleUpdateBody = v.partial(ScheduleCreateBody);
export type ScheduleUpdateInput = v.InferOutput<typeof ScheduleUpdateBody>;

/** GET /schedules: search and page, optionally one contact and a day range (the calendar). */
export const ScheduleListQuery = v.object({
  ...PageQuery.entries,
  contactId: v.optional(idField),
  userId: v.optional(idField),
  from: v.optional(sendAtField),
  to: v.optional(sendAtField),
});

/** GET /schedules/calendar?month=YYYY-MM. */
export const ScheduleMonthQuery = v.object({ month: v.pipe(v.string(MSG.required), v.regex(/^\d{4}-(0[1-9]|1[0-2])$/, MSG.invalid)) });

/** The schedule form of the web (the contact is picked separately). */
export const ScheduleForm = v.object({
  body: scheduleBodyField,
  contactId: v.pipe(v.number(MSG.required), v.minValue(1, MSG.required)),
  sendAt: sendAtField,
});
