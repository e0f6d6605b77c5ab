import * as v from "valibot";
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
