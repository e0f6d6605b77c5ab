import * as v from "valibot";
import { MSG } from "./common";

/** Shortcode: required, no spaces (typed after "/" in the message box). */
export const shortcodeField = v.pipe(v.string(MSG.required), v.trim(), v.nonEmpty(MSG.required), v.maxLength(50, MSG.tooLong), v.regex(/^\S+$/, MSG.invalid));

const boolish = v.pipe(
  v.union([v.boolean(), v.literal(0), v.literal(1), v.literal("true"), v.literal("false"), v.literal("0"), v.literal("1")], MSG.invalid),
  v.transform((x) => x === true || x === 1 || x === "true" || x === "1"),
);

/** POST /quick-messages. */
export const QuickMessageCreateBody = v.object({
  shortcode: shortcodeField,
  message: v.optional(v.pipe(v.string(MSG.invalid), v.maxLength(4000, MSG.tooLong)), ""),
  geral: v.optional(boolish, false),
  status: v.optional(boolish, true),
});
export type QuickMessageCreateInput = v.InferOutput<typeof QuickMessageCreateBody>;

/** PUT /quick-messages/{id}. */
export const QuickMessageUpdateBody = v.object({
  shortcode: v.optional(shortcodeField),
  message: v.optional(v.pipe(v.string(MSG.invalid), v.maxLength(4000, MSG.tooLong))),
  geral: v.optional(boolish),
  status: v.optional(boolish),
});
export type QuickMessageUpdateInput = v.InferOutput<typeof QuickMessageUpdateBody>;

/** The quick-message form of the web. */
export const QuickMessageForm = v.object({ shortcode: shortcodeField });
