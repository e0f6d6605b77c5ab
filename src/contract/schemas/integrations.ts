import * as v from "valibot";
import { MSG, nameField } from "./common";

export const INTEGRATION_TYPES = ["dialogflow", "n8n", "webhook", "typebot"] as const;
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];
export const DIALOGFLOW_LANGUAGES = ["pt-BR", "en", "es"] as const;

const text = (max: number) => v.optional(v.pipe(v.string(MSG.invalid), v.trim(), v.maxLength(max, MSG.tooLong)), "");
const intIn = (min: number, max: number, fallback: number) =>
  v.optional(
    v.pipe(
      v.union([v.string(), v.number()], MSG.invalid),
      v.transform((x) => (x === "" ? fallback : Number(x))),
      v.number(MSG.invalid),
      v.integer(MSG.invalid),
      v.minValue(min, MSG.invalid),
      v.maxValue(max, MSG.invalid),
    ),
    fallback,
  );
/** An http(s) address, or empty. */
const urlField = v.optional(v.pipe(v.string(MSG.invalid), v.trim(), v.maxLength(500, MSG.tooLong), v.regex(/^(https?:\/\/\S+)?$/, "validation.url")), "");

/** POST/PUT /queueIntegration (R-INT-4). Which fields are required depends on the type (service). */
export const QueueIntegrationBody = v.object({
  type: v.picklist(INTEGRATION_TYPES, MSG.required),
  name: nameField,
  projectName: text(100),
  jsonContent: v.optional(v.pipe(v.string(MSG.invalid), v.maxLength(20_000, MSG.tooLong)), ""),
  language: v.optional(v.picklist(DIALOGFLOW_LANGUAGES, MSG.invalid), "pt-BR"),
  urlN8N: urlField,
  typebotSlug: v.optional(v.pipe(v.string(MSG.invalid), v.trim(), v.maxLength(200, MSG.tooLong), v.regex(/^[\w-]*$/, MSG.invalid)), ""),
  typebotExpires: intIn(0, 10_080, 1),
  typebotKeywordFinish: text(100),
  typebotKeywordRestart: text(100),
  typebotRestartMessage: text(1000),
  typebotUnknownMessage: text(1000),
  typebotDelayMessage: intIn(0, 10_000, 1000),
});
export type QueueIntegrationInput = v.InferOutput<typeof QueueIntegrationBody>;

/** The web form: the spec's name rule (2 to 50) and the type. */
export const QueueIntegrationForm = v.object({ type: v.picklist(INTEGRATION_TYPES, MSG.required), name: nameField });
