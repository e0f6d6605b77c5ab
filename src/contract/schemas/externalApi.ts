import * as v from "valibot";
import { LIMITS } from "../limits";
import { MSG } from "./common";
import { TemplateChoiceField } from "./templates";

/** Country code + area code + number, digits only (R-API-10). */
export const apiNumberField = v.pipe(
  v.union([v.string(MSG.required), v.number(MSG.required)], MSG.required),
  v.transform((x) => String(x).trim()),
  v.nonEmpty(MSG.required),
  v.regex(/^\d{10,15}$/, "validation.phoneDigits"),
);

/** POST /api/messages/send (JSON, or the text fields of the multipart form). */
export const ExternalSendBody = v.object({
  number: apiNumberField,
  body: v.optional(v.pipe(v.string(MSG.invalid), v.maxLength(LIMITS.apiBodyMax, MSG.tooLong)), ""),
  /** Close the ticket once sent (the completion message goes out as when an agent resolves it). */
  closeTicket: v.optional(
    v.pipe(
      v.union([v.boolean(), v.string(), v.number()], MSG.invalid),
      v.transform((x) => x === true || x === 1 || x === "true" || x === "1"),
    ),
    false,
  ),
  /** Cloud API connections: send this approved message template (needed outside the customer's 24-hour window). */
  template: v.optional(TemplateChoiceField),
});
export type ExternalSendInput = v.InferOutput<typeof ExternalSendBody>;
