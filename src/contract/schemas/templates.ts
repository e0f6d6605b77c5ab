import * as v from "valibot";
import { TEMPLATE_LIMITS } from "../templates";
import { MSG } from "./common";

/**
 * A message template choice (Cloud API): its name, language and one value per variable (header
 * first, then body). Values may use the template variables of messages ({{name}}, {{firstName}}…),
 * filled per contact.
 */
export const TemplateChoiceField = v.object({
  name: v.pipe(v.string(MSG.required), v.trim(), v.nonEmpty(MSG.required), v.maxLength(TEMPLATE_LIMITS.nameMax, MSG.tooLong)),
  language: v.pipe(v.string(MSG.required), v.trim(), v.nonEmpty(MSG.required), v.maxLength(TEMPLATE_LIMITS.languageMax, MSG.tooLong)),
  params: v.optional(
    v.pipe(
      v.array(v.pipe(v.string(MSG.invalid), v.maxLength(TEMPLATE_LIMITS.paramMax, MSG.tooLong)), MSG.invalid),
      v.maxLength(TEMPLATE_LIMITS.paramsMax, MSG.tooLong),
    ),
    [],
  ),
});

/** POST /messages/{ticketId}/template. */
export const TemplateSendBody = TemplateChoiceField;

/** A stored template choice (campaigns, schedules): the choice, or null / "" for none. */
export const OptionalTemplateField = v.optional(
  v.nullable(
    v.pipe(
      v.union([v.literal(""), TemplateChoiceField], MSG.invalid),
      v.transform((x) => (x === "" ? null : x)),
    ),
  ),
);

/** POST /messages/reaction/{id}: one emoji. */
export const ReactionBody = v.object({
  emoji: v.pipe(
    v.string(MSG.required),
    v.trim(),
    v.nonEmpty(MSG.required),
    v.maxLength(16, MSG.tooLong),
    v.check((s) => /\p{Extended_Pictographic}/u.test(s), MSG.invalid),
  ),
});
