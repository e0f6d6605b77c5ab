import * as v from "valibot";
import { CAMPAIGN_INTERVALS, CAMPAIGN_LONG_INTERVALS, LIMITS } from "../limits";
import { MSG, nameField, nullableId } from "./common";
import { OptionalTemplateField } from "./templates";

const text = v.optional(v.pipe(v.string(MSG.invalid), v.maxLength(LIMITS.campaignMessageMax, MSG.tooLong)), "");

/** "Nenhuma" (the dialog's none), "" and null mean no tag list. */
const tagListField = v.optional(
  v.pipe(
    v.nullable(v.union([v.string(), v.number()], MSG.invalid)),
    v.transform((x) => (x === null || x === "" || x === "Nenhuma" ? null : Number(x))),
    v.nullable(v.pipe(v.number(MSG.invalid), v.integer(MSG.invalid), v.minValue(1, MSG.invalid))),
  ),
);

/** An ISO date-time, "" or null (no schedule). */
const scheduledAtField = v.optional(
  v.pipe(
    v.nullable(v.string(MSG.invalid)),
    v.transform((x) => (x ? x.trim() : null)),
    v.check((x) => x === null || (x.length <= 40 && !Number.isNaN(Date.parse(x))), MSG.invalid),
    v.transform((x) => (x === null ? null : new Date(x).toISOString())),
  ),
);

const flag = v.optional(
  v.pipe(
    v.union([v.boolean(), v.literal("true"), v.literal("false"), v.literal(0), v.literal(1)], MSG.invalid),
    v.transform((x) => x === true || x === "true" || x === 1),
  ),
);

/** POST /campaigns and PUT /campaigns/{id} (R-CMP-1: name 2-50). */
export const CampaignBody = v.object({
  name: nameField,
  message1: text,
  message2: text,
  message3: text,
  message4: text,
  message5: text,
  confirmationMessage1: text,
  confirmationMessage2: text,
  confirmationMessage3: text,
  confirmationMessage4: text,
  confirmationMessage5: text,
  confirmation: flag,
  whatsappId: nullableId,
  contactListId: nullableId,
  tagListId: tagListField,
  fileListId: nullableId,
  scheduledAt: scheduledAtField,
  /** Cloud API connections: the message template (values may use {nome}, campaign variables and {{name}}). */
  template: OptionalTemplateField,
  /** Sent by the reference client; the server decides the status. */
  status: v.optional(v.unknown()),
});
export type CampaignInput = v.InferOutput<typeof CampaignBody>;

/** The campaign form of the web: the name is what it validates before saving. */
export const CampaignForm = v.object({ name: nameField });

const seconds = (options: readonly number[]) =>
  v.optional(
    v.pipe(
      v.union([v.number(), v.string()], MSG.invalid),
      v.transform(Number),
      v.check((n) => options.includes(n), MSG.invalid),
    ),
  );

/** A campaign variable: used as {shortcut} in campaign texts. */
export const CampaignVariable = v.object({
  key: v.pipe(v.string(MSG.required), v.trim(), v.nonEmpty(MSG.required), v.maxLength(30, MSG.tooLong), v.regex(/^[\p{L}\p{N}_-]+$/u, MSG.invalid)),
  value: v.pipe(v.string(MSG.required), v.trim(), v.nonEmpty(MSG.required), v.maxLength(1000, MSG.tooLong)),
});

/** POST /campaign-settings: `{ settings: { key: value } }`; only the keys sent change. */
export const CampaignSettingsBody = v.object({
  settings: v.object({
    messageInterval: seconds(CAMPAIGN_INTERVALS),
    longerIntervalAfter: seconds(CAMPAIGN_LONG_INTERVALS),
    greaterInterval: seconds(CAMPAIGN_LONG_INTERVALS),
    variables: v.optional(v.pipe(v.array(CampaignVariable, MSG.invalid), v.maxLength(LIMITS.campaignVariablesMax, MSG.tooLong))),
    dailyLimit: v.optional(
      v.pipe(
        v.union([v.number(), v.string()], MSG.invalid),
        v.transform(Number),
        v.number(MSG.invalid),
        v.integer(MSG.invalid),
        v.minValue(0, MSG.invalid),
        v.maxValue(100_000, MSG.invalid),
      ),
    ),
    onlyInOpeningHours: flag,
    optOutWords: v.optional(
      v.pipe(
        v.array(v.pipe(v.string(MSG.invalid), v.trim(), v.nonEmpty(MSG.required), v.maxLength(LIMITS.optOutWordMax, MSG.tooLong)), MSG.invalid),
        v.maxLength(LIMITS.optOutWordsMax, MSG.tooLong),
      ),
    ),
    optOutConfirmation: v.optional(v.pipe(v.string(MSG.invalid), v.trim(), v.maxLength(LIMITS.optOutConfirmationMax, MSG.tooLong))),
  }),
});
export type CampaignSettingsInput = v.InferOutput<typeof CampaignSettingsBody>["settings"];

/** The add-variable form of the settings page. */
export const CampaignVariableForm = CampaignVariable;
