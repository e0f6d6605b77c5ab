import * as v from "valibot";
import { LIMITS } from "../limits";
import { MSG, passwordField } from "./common";

const challengeField = v.pipe(v.string(MSG.required), v.nonEmpty(MSG.required), v.maxLength(100, MSG.tooLong));
const codeField = v.pipe(v.string(MSG.required), v.trim(), v.nonEmpty(MSG.required), v.maxLength(40, MSG.tooLong));
/** A WebAuthn answer as the browser package gives it (checked by @simplewebauthn/server); bounded by the body limit. */
const webauthnResponse = v.looseObject({ id: v.pipe(v.string(), v.maxLength(1500)), type: v.string() });
const passwordProof = v.pipe(v.string(MSG.required), v.nonEmpty(MSG.required), v.maxLength(200, MSG.tooLong));
const passkeyName = v.pipe(v.string(MSG.required), v.trim(), v.nonEmpty(MSG.required), v.maxLength(LIMITS.passkeyNameMax, MSG.tooLong));

/** POST /auth/second-factor: the second step, answered by one of a code, a recovery code or a passkey. */
export const SecondStepBody = v.object({
  challenge: challengeField,
  code: v.optional(codeField),
  recoveryCode: v.optional(codeField),
  passkey: v.optional(webauthnResponse),
});
export type SecondStepInput = v.InferOutput<typeof SecondStepBody>;

/** Bodies that carry only the challenge of the step they continue. */
export const ChallengeBody = v.object({ challenge: challengeField });

/** Confirms an authenticator app with its first code (`challenge`: during a forced setup). */
export const TotpConfirmBody = v.object({ challenge: v.optional(challengeField), code: codeField });

/** A new passkey: its name and the browser's answer (`challenge`: the registration's, or the forced setup's). */
export const PasskeyRegisterBody = v.object({ challenge: challengeField, name: passkeyName, response: webauthnResponse });

/** A passkey sign-in without password. */
export const PasskeyLoginBody = v.object({ challenge: challengeField, response: webauthnResponse });

/** Changes to one's second factors are confirmed with the current password. */
export const PasswordProofBody = v.object({ password: passwordProof });

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
  /** The challenge of a second step just answered (a user with a second factor whose password must change). */
  challenge: v.optional(challengeField),
});
export type PasswordChangeInput = v.InferOutput<typeof PasswordChangeBody>;
