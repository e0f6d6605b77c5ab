import * as v from "valibot";
import { LIMITS } from "../limits";
import { MSG, nameField } from "./common";
import { schedulesField } from "./hours";

/** `#` followed by 3 to 6 hex digits; 3 to 9 characters (R-QUEUE-1). */
export const colorField = v.pipe(
  v.string(MSG.required),
  v.trim(),
  v.nonEmpty(MSG.required),
  v.minLength(3, MSG.tooShort),
  v.maxLength(9, MSG.tooLong),
  v.regex(/^#[0-9a-fA-F]{3,6}$/, MSG.invalid),
);

const text = (max: number) => v.optional(v.pipe(v.string(MSG.invalid), v.maxLength(max, MSG.tooLong)), "");
/** "" and null become null; numbers and numeric strings become integers. */
const optionalInt = v.optional(
  v.nullable(
    v.pipe(
      v.union([v.string(), v.number()], MSG.invalid),
      v.transform((x) => (x === "" ? null : Number(x))),
      v.nullable(v.pipe(v.number(MSG.invalid), v.integer(MSG.invalid), v.minValue(0, MSG.invalid))),
    ),
  ),
);

/** POST /queue. */
export const QueueCreateBody = v.object({
  name: nameField,
  color: colorField,
  greetingMessage: text(4000),
  outOfHoursMessage: text(4000),
  orderQueue: optionalInt,
  integrationId: optionalInt,
  promptId: optionalInt,
  schedules: v.optional(schedulesField),
});
export type QueueCreateInput = v.InferOutput<typeof QueueCreateBody>;

/** PUT /queue/{id}: any subset. */
export const QueueUpdateBody = v.partial(QueueCreateBody);
export type QueueUpdateInput = v.InferOutput<typeof QueueUpdateBody>;

/** The queue data form of the web. */
export const QueueForm = v.object({ name: nameField, color: colorField });

/** A parent id: -1, "", null or missing mean the root. */
const parentField = v.optional(
  v.nullable(
    v.pipe(
      v.union([v.string(), v.number()], MSG.invalid),
      v.transform((x) => (x === "" || Number(x) === -1 ? null : Number(x))),
      v.nullable(v.pipe(v.number(MSG.invalid), v.integer(MSG.invalid), v.minValue(1, MSG.invalid))),
    ),
  ),
);
const idValue = v.pipe(
  v.union([v.string(), v.number()], MSG.required),
  v.transform((x) => Number(x)),
  v.number(MSG.invalid),
  v.integer(MSG.invalid),
  v.minValue(1, MSG.invalid),
);

/** GET /queue-options?queueId&parentId (-1 = root; missing = every level). */
export const QueueOptionsQuery = v.object({ queueId: v.optional(idValue), parentId: parentField });

const optionOrdinal = v.pipe(
  v.union([v.string(), v.number()], MSG.required),
  v.transform((x) => String(x).trim()),
  v.nonEmpty(MSG.required),
  v.maxLength(10, MSG.tooLong),
);
const optionTitle = v.pipe(v.string(MSG.required), v.trim(), v.nonEmpty(MSG.required), v.maxLength(100, MSG.tooLong));

/** POST /queue-options. */
export const QueueOptionCreateBody = v.object({
  queueId: idValue,
  parentId: parentField,
  title: optionTitle,
  message: text(4000),
  option: optionOrdinal,
});
export type QueueOptionCreateInput = v.InferOutput<typeof QueueOptionCreateBody>;

/** PUT /queue-options/{id}. */
export const QueueOptionUpdateBody = v.object({
  title: v.optional(optionTitle),
  message: v.optional(v.pipe(v.string(MSG.invalid), v.maxLength(4000, MSG.tooLong))),
  option: v.optional(optionOrdinal),
});
export type QueueOptionUpdateInput = v.InferOutput<typeof QueueOptionUpdateBody>;

export const QUEUE_LIMITS = { nameMin: LIMITS.nameMin, nameMax: LIMITS.nameMax, colorMin: 3, colorMax: 9 } as const;
