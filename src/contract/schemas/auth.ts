import * as v from "valibot";
import { MSG, passwordField } from "./common";

export const LoginBody = v.object({
  email: v.pipe(v.string(MSG.required), v.trim(), v.nonEmpty(MSG.required), v.maxLength(120, MSG.tooLong), v.toLowerCase()),
  password: v.pipe(v.string(MSG.required), v.nonEmpty(MSG.required), v.maxLength(200, MSG.tooLong)),
});
export type LoginInput = v.InferOutput<typeof LoginBody>;

/** POST /auth/password: one's own password, proven by the current one. */
export const PasswordChangeBody = v.object({
  email: LoginBody.entries.email,
  currentPassword: LoginBody.entries.password,
  password: passwordField,
});
export type PasswordChangeInput = v.InferOutput<typeof PasswordChangeBody>;
