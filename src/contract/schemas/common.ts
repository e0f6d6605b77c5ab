import * as v from "valibot";
import { LIMITS, PROFILES } from "../limits";

/** Validation messages are i18n keys (validation.*), translated by the web. */
export const MSG = {
  required: "validation.required",
  tooShort: "validation.tooShort",
  tooLong: "validation.tooLong",
  invalidEmail: "validation.invalidEmail",
  invalid: "validation.invalid",
  selectQueue: "validation.selectQueue",
  /** "nome muito curto" (file list name, R-LIB-3). */
  nameTooShort: "validation.nameTooShort",
  /** "Mensagem muito curta" (schedule body, R-SCH-1). */
  messageTooShort: "validation.messageTooShort",
  /** "Por favor, preencha o título da conversa." (chat dialog). */
  chatTitle: "validation.chatTitle",
  /** "Por favor, selecione pelo menos um usuário." (chat dialog). */
  chatUsers: "validation.chatUsers",
} as const;

/** A required trimmed string of min..max characters with the spec's messages. */
export const boundedString = (min: number, max: number) =>
  v.pipe(v.string(MSG.required), v.trim(), v.nonEmpty(MSG.required), v.minLength(min, MSG.tooShort), v.maxLength(max, MSG.tooLong));

export const nameField = boundedString(LIMITS.nameMin, LIMITS.nameMax);
export const passwordField = v.pipe(
  v.string(MSG.required),
  v.nonEmpty(MSG.required),
  v.minLength(LIMITS.passwordMin, MSG.tooShort),
  v.maxLength(LIMITS.passwordMax, MSG.tooLong),
);
export const emailField = v.pipe(
  v.string(MSG.required),
  v.trim(),
  v.nonEmpty(MSG.required),
  v.email(MSG.invalidEmail),
  v.maxLength(120, MSG.tooLong),
  v.toLowerCase(),
);
export const profileField = v.picklist(PROFILES, MSG.invalid);

/** Positive integer id from a path or query string ("12" or 12). */
export const idField = v.pipe(
  v.union([v.string(), v.number()], MSG.invalid),
  v.transform((x) => Number(x)),
  v.number(MSG.invalid),
  v.integer(MSG.invalid),
  v.minValue(1, MSG.invalid),
);
export const IdParam = v.object({ id: idField });

/** The search text of a list (trimmed, at most 200 characters). */
export const searchField = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, MSG.tooLong)), "");

/** A list's page number (default 1, at most `max`): the one paging field of every paged list. */
export const pageNumberField = (max = 100_000) =>
  v.optional(
    v.pipe(
      v.union([v.string(), v.number()]),
      v.transform((x) => Number(x)),
      v.number(MSG.invalid),
      v.integer(MSG.invalid),
      v.minValue(1, MSG.invalid),
      v.maxValue(max, MSG.invalid),
    ),
    1,
  );

/** Optional page number (default 1) and search parameter for paged lists. */
export const PageQuery = v.object({ searchParam: searchField, pageNumber: pageNumberField() });

/** A nullable optional id: accepts null, "" (as null), a number or a numeric string. */
export const nullableId = v.optional(
  v.nullable(
    v.pipe(
      v.union([v.string(), v.number()]),
      v.transform((x) => (x === "" ? null : Number(x))),
      v.nullable(v.pipe(v.number(MSG.invalid), v.integer(MSG.invalid), v.minValue(1, MSG.invalid))),
    ),
  ),
);
