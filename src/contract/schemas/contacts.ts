import * as v from "valibot";
import { LIMITS } from "../limits";
import { MSG, nameField } from "./common";

/** Keeps only the digits of a phone number (D18). */
export const normalizeNumber = (raw: string) => raw.replace(/\D+/g, "");

/** A contact number: any formatting, stored as 8 to 50 digits. */
export const contactNumberField = v.pipe(
  v.string(MSG.required),
  v.trim(),
  v.nonEmpty(MSG.required),
  v.transform(normalizeNumber),
  v.nonEmpty(MSG.invalid),
  v.minLength(LIMITS.contactNumberMin, MSG.tooShort),
  v.maxLength(LIMITS.contactNumberMax, MSG.tooLong),
);

/** An optional email: empty allowed, otherwise valid. */
export const optionalEmailField = v.optional(
  v.pipe(
    v.string(MSG.invalid),
    v.trim(),
    v.toLowerCase(),
    v.maxLength(120, MSG.tooLong),
    v.check((s) => s === "" || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s), MSG.invalidEmail),
  ),
  "",
);

/** One extra-info field of a contact. */
export const ExtraInfoItem = v.object({
  id: v.optional(v.unknown()),
  name: v.pipe(v.string(MSG.required), v.trim(), v.nonEmpty(MSG.required), v.maxLength(100, MSG.tooLong)),
  value: v.optional(v.pipe(v.string(MSG.invalid), v.trim(), v.maxLength(1000, MSG.tooLong)), ""),
});

const extraInfo = v.optional(v.pipe(v.array(ExtraInfoItem, MSG.invalid), v.maxLength(50, MSG.tooLong)));

/** POST /contacts (R-CONT-1: name 2-50, number 8-50, email valid if given). */
export const ContactCreateBody = v.object({
  name: nameField,
  number: contactNumberField,
  email: optionalEmailField,
  extraInfo,
  whatsappId: v.optional(v.nullable(v.pipe(v.number(MSG.invalid), v.integer(MSG.invalid), v.minValue(1, MSG.invalid)))),
});
export type ContactCreateInput = v.InferOutput<typeof ContactCreateBody>;

/** PUT /contacts/{id}: same fields, all optional. */
export const ContactUpdateBody = v.object({
  name: v.optional(nameField),
  number: v.optional(contactNumberField),
  email: v.optional(optionalEmailField),
  extraInfo,
  whatsappId: v.optional(v.nullable(v.pipe(v.number(MSG.invalid), v.integer(MSG.invalid), v.minValue(1, MSG.invalid)))),
});
export type ContactUpdateInput = v.InferOutput<typeof ContactUpdateBody>;

/** PUT /contacts/{id}/opt-out: out of campaigns (true) or back in (false). */
export const ContactOptOutBody = v.object({ optedOut: v.boolean(MSG.invalid) });

/** The contact form of the web (add/edit modal). */
export const ContactForm = v.object({
  name: nameField,
  number: contactNumberField,
  email: optionalEmailField,
});

/** GET /contacts/export: the header row's language (the user's; English when absent). */
export const ContactExportQuery = v.object({ lang: v.optional(v.picklist(["pt-BR", "en", "es"], MSG.invalid)) });
