import * as v from "valibot";
import { COMPANY_LANGUAGES } from "../auto-texts";
import { MSG } from "./common";

export const SETTING_KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/** PUT /settings/{key}. */
export const SettingUpdateBody = v.object({
  value: v.pipe(v.string(MSG.required), v.maxLength(4000, MSG.tooLong)),
  key: v.optional(v.string()),
});
export const SettingKeyParam = v.object({
  key: v.pipe(v.string(), v.regex(SETTING_KEY_PATTERN, MSG.invalid)),
});

const choice = (...values: string[]) => v.picklist(values, MSG.invalid);
const text = (max: number) => v.pipe(v.string(MSG.required), v.trim(), v.maxLength(max, MSG.tooLong));
const onOff = choice("enabled", "disabled");

/** What a stored secret reads back as; saving this value keeps the secret unchanged. */
export const SECRET_MASK = "********";

/** Settings whose value is a credential: read back masked, to everyone. */
export const SECRET_SETTINGS: readonly string[] = ["tokenixc", "clientsecretmkauth", "asaas", "pixWebhookSecret"];

/** Settings of the platform itself (the Pix receiver): only super users write them, on the platform company. */
export const PLATFORM_SETTINGS: readonly string[] = ["pixKey", "pixMerchantName", "pixMerchantCity", "pixWebhookSecret"];

/**
 * The schema of each known setting's value (R-SET-1, R-SET-2). A key not listed
 * here is refused by PUT /settings/{key} (400 ERR_NO_SETTING_FOUND): a feature adding a setting adds it here.
 */
export const SETTING_SCHEMAS: Record<string, v.GenericSchema<string, string>> = {
  userRating: onOff,
  scheduleType: choice("disabled", "queue", "company"),
  call: onOff,
  CheckMsgIsGroup: onOff,
  sendGreetingAccepted: onOff,
  sendMsgTransfTicket: onOff,
  sendGreetingMessageOneQueues: onOff,
  chatBotType: choice("text"),
  allTicket: onOff,
  userCreation: onOff,
  campaignsEnabled: choice("true", "false"),
  /** The language of the texts the system sends customers by default (contract/auto-texts.ts). */
  language: choice(...COMPANY_LANGUAGES),
  ipixc: v.pipe(
    text(200),
    v.check((s) => s === "" || /^https?:\/\/\S+$/.test(s) || /^[\w.-]+(:\d+)?$/.test(s), MSG.invalid),
  ),
  tokenixc: text(500),
  ipmkauth: v.pipe(
    text(200),
    v.check((s) => s === "" || /^https?:\/\/\S+$/.test(s) || /^[\w.-]+(:\d+)?$/.test(s), MSG.invalid),
  ),
  clientidmkauth: text(200),
  clientsecretmkauth: text(500),
  asaas: text(500),
  pixKey: v.pipe(text(77), v.nonEmpty(MSG.required)),
  pixMerchantName: v.pipe(text(25), v.nonEmpty(MSG.required)),
  pixMerchantCity: v.pipe(text(15), v.nonEmpty(MSG.required)),
  pixWebhookSecret: v.pipe(text(200), v.minLength(16, MSG.tooShort)),
  requireSecondFactor: onOff,
  singleSession: onOff,
};
