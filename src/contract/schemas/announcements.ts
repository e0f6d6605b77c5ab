import * as v from "valibot";
import { MSG } from "./common";

const boolish = v.pipe(
  v.union([v.boolean(), v.literal(0), v.literal(1), v.literal("true"), v.literal("false"), v.literal("0"), v.literal("1")], MSG.invalid),
  v.transform((x) => x === true || x === 1 || x === "true" || x === "1"),
);
const priority = v.pipe(
  v.union([v.number(), v.string()], MSG.invalid),
  v.transform(Number),
  v.number(MSG.invalid),
  v.integer(MSG.invalid),
  v.minValue(1, MSG.invalid),
  v.maxValue(3, MSG.invalid),
);
const title = v.pipe(v.string(MSG.required), v.trim(), v.nonEmpty(MSG.required), v.maxLength(200, MSG.tooLong));
const text = v.pipe(v.string(MSG.required), v.trim(), v.nonEmpty(MSG.required), v.maxLength(10_000, MSG.tooLong));

/** POST /announcements: title and text required ('Obrigatório'); priority 3 and status active by default. */
export const AnnouncementCreateBody = v.object({ title, text, priority: v.optional(priority, 3), status: v.optional(boolish, true) });
export type AnnouncementCreateInput = v.InferOutput<typeof AnnouncementCreateBody>;

/** PUT /announcements/{id}. */
export const AnnouncementUpdateBody = v.partial(AnnouncementCreateBody);
export type AnnouncementUpdateInput = v.InferOutput<typeof AnnouncementUpdateBody>;

/** The announcement form of the web. */
export const AnnouncementForm = v.object({ title, text });
