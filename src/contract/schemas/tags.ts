import * as v from "valibot";
import { LIMITS } from "../limits";
import { MSG } from "./common";
import { colorField } from "./queues";

/** Tag name: required, at least 3 characters (R-TAG-1). */
export const tagNameField = v.pipe(
  v.string(MSG.required),
  v.trim(),
  v.nonEmpty(MSG.required),
  v.minLength(LIMITS.tagNameMin, MSG.tooShort),
  v.maxLength(LIMITS.nameMax, MSG.tooLong),
);

/** 0/1 (booleans and "0"/"1" accepted). */
const kanbanField = v.optional(
  v.pipe(
    v.union([v.literal(0), v.literal(1), v.boolean(), v.literal("0"), v.literal("1")], MSG.invalid),
    v.transform((x) => (x === true || x === 1 || x === "1" ? 1 : 0)),
  ),
);

/** POST /tags. */
export const TagCreateBody = v.object({
  name: tagNameField,
  color: v.optional(colorField, "#A4CCCC"),
  kanban: kanbanField,
});
export type TagCreateInput = v.InferOutput<typeof TagCreateBody>;

/** PUT /tags/{id}. */
export const TagUpdateBody = v.object({
  name: v.optional(tagNameField),
  color: v.optional(colorField),
  kanban: kanbanField,
});
export type TagUpdateInput = v.InferOutput<typeof TagUpdateBody>;

/** The tag form of the web. */
export const TagForm = v.object({ name: tagNameField, color: colorField });
