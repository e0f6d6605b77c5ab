import * as v from "valibot";
import { LIMITS } from "../limits";
import { MSG } from "./common";

export const PROMPT_DEFAULTS = { voice: "texto", maxTokens: 100, temperature: 1, maxMessages: 10, model: "gpt-4o-mini" } as const;

/** The 15 Brazilian Portuguese neural voices offered besides text (R-INT-11). */
export const PROMPT_VOICES = [
  "texto",
  "pt-BR-FranciscaNeural",
  "pt-BR-AntonioNeural",
  "pt-BR-BrendaNeural",
  "pt-BR-DonatoNeural",
  "pt-BR-ElzaNeural",
  "pt-BR-FabioNeural",
  "pt-BR-GiovannaNeural",
  "pt-BR-HumbertoNeural",
  "pt-BR-JulioNeural",
  "pt-BR-LeilaNeural",
  "pt-BR-LeticiaNeural",
  "pt-BR-ManuelaNeural",
  "pt-BR-NicolauNeural",
  "pt-BR-ValerioNeural",
  "pt-BR-YaraNeural",
] as const;

const num = (min: number, max: number, fallback: number, integer = true) =>
  v.optional(
    v.pipe(
      v.union([v.string(), v.number()], MSG.invalid),
      v.transform((x) => (x === "" ? fallback : Number(x))),
      v.number(MSG.invalid),
      integer ? v.integer(MSG.invalid) : v.finite(MSG.invalid),
      v.minValue(min, MSG.invalid),
      v.maxValue(max, MSG.invalid),
    ),
    fallback,
  );
const queueIdField = v.pipe(
  v.union([v.string(), v.number(), v.null()], "validation.selectSector"),
  v.transform((x) => (x === "" || x === null ? 0 : Number(x))),
  v.number("validation.selectSector"),
  v.integer("validation.selectSector"),
  v.minValue(1, "validation.selectSector"),
);
const text = (max: number) => v.optional(v.pipe(v.string(MSG.invalid), v.trim(), v.maxLength(max, MSG.tooLong)), "");

/**
 * POST /prompt (R-INT-11): name 5-100, prompt 50+, queue required ("Informe o setor"), the
 * numbers bounded. On PUT an apiKey left empty (or sent back masked) keeps the stored key.
 */
export const PromptBody = v.object({
  name: v.pipe(v.string(MSG.required), v.trim(), v.nonEmpty(MSG.required), v.minLength(5, MSG.tooShort), v.maxLength(100, MSG.tooLong)),
  prompt: v.pipe(v.string(MSG.required), v.trim(), v.nonEmpty(MSG.required), v.minLength(50, MSG.tooShort), v.maxLength(20_000, MSG.tooLong)),
  voice: v.optional(v.picklist(PROMPT_VOICES, MSG.invalid), "texto"),
  voiceKey: text(200),
  voiceRegion: v.optional(v.pipe(v.string(MSG.invalid), v.trim(), v.maxLength(50, MSG.tooLong), v.regex(/^[a-z0-9-]*$/, MSG.invalid)), ""),
  model: v.optional(v.pipe(v.string(MSG.invalid), v.trim(), v.nonEmpty(MSG.required), v.maxLength(100, MSG.tooLong)), PROMPT_DEFAULTS.model),
  maxTokens: num(10, 4096, 100),
  temperature: num(0, 2, 1, false),
  apiKey: text(300),
  queueId: queueIdField,
  maxMessages: num(1, 50, 10),
  /** The holding message when the assistant fails; empty = the default in the company's language. */
  holdingMessage: text(LIMITS.holdingMessageMax),
});
export type PromptInput = v.InferOutput<typeof PromptBody>;
