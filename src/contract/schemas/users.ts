import * as v from "valibot";
import { emailField, MSG, nameField, nullableId, passwordField, profileField } from "./common";

const queueIds = v.optional(v.array(v.pipe(v.number(MSG.invalid), v.integer(MSG.invalid), v.minValue(1))), []);
const allTicket = v.optional(v.picklist(["enable", "disable", "enabled", "disabled"], MSG.invalid));

/** POST /users. */
export const UserCreateBody = v.object({
  name: nameField,
  email: emailField,
  password: passwordField,
  profile: v.optional(profileField, "user"),
  queueIds,
  whatsappId: nullableId,
  allTicket,
  super: v.optional(v.boolean()),
  companyId: v.optional(v.number()),
});
export type UserCreateInput = v.InferOutput<typeof UserCreateBody>;

/** PUT /users/{id}: password optional when editing. */
export const UserUpdateBody = v.object({
  name: v.optional(nameField),
  email: v.optional(emailField),
  password: v.optional(v.union([v.literal(""), passwordField])),
  /** Required when changing one's own password. */
  currentPassword: v.optional(v.pipe(v.string(), v.maxLength(200, MSG.tooLong))),
  profile: v.optional(profileField),
  queueIds: v.optional(v.array(v.pipe(v.number(MSG.invalid), v.integer(MSG.invalid), v.minValue(1)))),
  whatsappId: nullableId,
  allTicket,
  super: v.optional(v.boolean()),
  companyId: v.optional(v.number()),
});
export type UserUpdateInput = v.InferOutput<typeof UserUpdateBody>;

/**
 * The user form of the web (create and edit share it; password optional when editing). In the
 * profile dialog (`self`) a new password needs the current one.
 */
export const UserForm = (editing: boolean, self = false) =>
  v.pipe(
    v.object({
      name: nameField,
      email: emailField,
      password: editing ? v.union([v.literal(""), passwordField]) : passwordField,
      currentPassword: v.optional(v.string()),
      profile: profileField,
    }),
    v.forward(
      v.check((f) => !self || !f.password || !!f.currentPassword, "validation.required"),
      ["currentPassword"],
    ),
  );
