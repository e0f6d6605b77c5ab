import type { SessionDto } from "./session";

/** One live session of a user (a signed-in browser or device). */
export interface AuthSessionDto {
  id: string;
  device: string;
  browser: string;
  address: string;
  startedAt: string;
  lastSeenAt: string;
  /** The session this request came from. */
  current: boolean;
}

/** A passkey as its owner sees it (never its key). */
export interface PasskeyDto {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** GET /auth/security: the caller's second factors. */
export interface SecurityDto {
  totp: boolean;
  passkeys: PasskeyDto[];
  recoveryCodesLeft: number;
  /** The company requires a second factor of everyone. */
  required: boolean;
}

/** The ways the second step of a sign-in can be answered. */
export type SecondFactorMethod = "totp" | "recovery" | "passkey";

/**
 * POST /auth/login (and the steps after it) when no session opens yet: the password was right and
 * a second step is due (`secondFactor`), or the company requires a second factor the user has not
 * set up (`secondFactorSetup`). `challenge` is the short-lived token that the next step presents.
 */
export type SignInStepDto = { secondFactor: { challenge: string; methods: SecondFactorMethod[] } } | { secondFactorSetup: { challenge: string } };

/** A sign-in answer: a session, or the next step. `suggestSecondFactor`: a super user without one is asked to set one up. */
export type SignInAnswerDto = (SessionDto & { suggestSecondFactor?: boolean; recoveryCodes?: string[] }) | SignInStepDto;

/** POST /auth/totp/setup: the new secret as text and as an otpauth:// URI, with its QR code (PNG data URL). */
export interface TotpSetupDto {
  secret: string;
  uri: string;
  qr: string;
}

/** Answers that create or replace the recovery codes: shown once, never again. */
export interface RecoveryCodesDto {
  recoveryCodes: string[];
}

/** GET /users/{id}/sessions: an admin's view of a user's sessions and whether they have a second factor. */
export interface UserSecurityDto {
  sessions: AuthSessionDto[];
  totp: boolean;
  passkeys: number;
}
