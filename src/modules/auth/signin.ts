/**
 * Signing in: the password, then the second step when the user has a second factor, or the forced
 * setup when their company requires one; a passkey alone also signs in. Tokens are issued only by
 * `nextStep`, once every proof the account needs was given: the password alone never opens a session
 * of a user with a second factor.
 */
import { can } from "../../contract/permissions";
import type { SecondFactorMethod, SignInStepDto } from "../../contract/dto/auth";
import type { SessionUserDto } from "../../contract/dto/session";
import { LIMITS } from "../../contract/limits";
import type { LoginInput, SecondStepInput } from "../../contract/schemas/auth";
import type { DbOrTx } from "../../core/db";
import type { Deps } from "../../core/deps";
import { AppError } from "../../core/errors";
import { isPastDue } from "../../lib/dates";
import { hashPassword, verifyPassword } from "../../lib/password";
import { rooms } from "../../contract/rooms";
import { audit } from "../audit";
import { getSetting } from "../settings";
import { findUserByEmail, loadSessionUser, type UserRow } from "../users";
import { type ChallengeKind, consumeChallenge, createChallenge, failChallenge, findChallenge, setWebauthnChallenge } from "./challenges";
import { describeDevice } from "./device";
import { authenticationOptions, countPasskeys, type RelyingParty, verifyPasskey } from "./passkeys";
import type { AuthChallengeRow } from "./schema";
import { issueTokens, sessionPayload } from "./service";
import { openSessionRecords, singleSession } from "./sessions";
import { askedOnce, hasTotp, redeemRecoveryCode, verifyTotp } from "./totp";

/** Where a sign-in comes from: the client address and its User-Agent. */
export interface RequestOrigin {
  address: string;
  userAgent: string | null;
}

/** A sign-in that opened a session (tokens, payload), or the next step the client must take. */
export type SignInResult =
  | { kind: "session"; token: string; refresh: string; user: SessionUserDto; suggestSecondFactor?: boolean; recoveryCodes?: string[] }
  | { kind: "step"; body: SignInStepDto };

// A real argon2id hash of a random string: verifying against it when the email is unknown keeps
// the answer time the same as for a wrong password (no user enumeration by timing).
let dummyHash: Promise<string> | null = null;
const getDummyHash = () => {
  dummyHash ??= hashPassword(crypto.randomUUID());
  return dummyHash;
};

const auditCtx = (deps: Pick<Deps, "db">, row: Pick<UserRow, "id" | "name" | "email" | "companyId">, address?: string) => ({
  db: deps.db,
  companyId: row.companyId,
  user: row,
  address,
});
const userTarget = (row: Pick<UserRow, "id" | "email">) => ({ type: "user", id: row.id, label: row.email });

/** Whether the user has a second factor (an authenticator app or a passkey). */
export async function hasSecondFactor(db: DbOrTx, userId: number): Promise<boolean> {
  return (await hasTotp(db, userId)) || (await countPasskeys(db, userId)) > 0;
}

async function methodsOf(db: DbOrTx, userId: number): Promise<SecondFactorMethod[]> {
  const list: SecondFactorMethod[] = [];
  if (await hasTotp(db, userId)) list.push("totp");
  list.push("recovery");
  if ((await countPasskeys(db, userId)) > 0) list.push("passkey");
  return list;
}

/** A lapsed company cannot sign in (D1); super users are never locked out. */
async function assertCompanyOpen(deps: Deps, row: UserRow) {
  const found = await loadSessionUser(deps.db, row.id);
  if (!found) throw new AppError("ERR_INVALID_CREDENTIALS", 401);
  if (!can(row, "subscription:exempt") && (!found.company.status || isPastDue(found.company.dueDate, deps.config.timezone))) {
    throw new AppError("ERR_SUBSCRIPTION_EXPIRED", 402, { dueDate: found.company.dueDate });
  }
}

/** Checks email and password under the login throttle (per account and per account + address). */
export async function checkCredentials(
  deps: Deps,
  email: string,
  password: string,
  ip: string,
  wrong: "ERR_INVALID_CREDENTIALS" | "ERR_WRONG_CURRENT_PASSWORD",
) {
  const wait = await deps.limiters.login.blockedFor(email, ip);
  if (wait) throw new AppError("ERR_TOO_MANY_ATTEMPTS", 429, { retryAfter: wait });
  const row = await findUserByEmail(deps.db, email);
  const ok = await verifyPassword(password, row?.passwordHash ?? (await getDummyHash()));
  if (!row || !ok) {
    await deps.limiters.login.fail(email, ip);
    // Attempts on an existing account are recorded in its company's log (unknown emails are not: a spray would fill it).
    if (row) await audit(auditCtx(deps, row, ip), "auth.signin.failed", userTarget(row), { step: [null, "password"] });
    throw new AppError(wrong, wrong === "ERR_INVALID_CREDENTIALS" ? 401 : 400);
  }
  await deps.limiters.login.succeed(email, ip);
  await assertCompanyOpen(deps, row);
  return row;
}

/** Opens a session: a new family (one per user by default, D3), its tokens, and the sign-in entry. */
async function openSession(deps: Deps, row: UserRow, origin: RequestOrigin, announce: boolean) {
  const single = await singleSession(deps, row.companyId);
  const origin_ = { ...describeDevice(origin.userAgent), address: origin.address.slice(0, 64) };
  const { user: updated, family } = await openSessionRecords(deps.db, row.id, row.companyId, origin_, single);
  const tokens = await issueTokens(deps, updated, family);
  await audit(auditCtx(deps, row, origin.address), "auth.signin", userTarget(row));
  if (single && announce) {
    // tokenVersion lets a browser that already holds the new session (another tab of the same
    // browser shares its storage) tell this sign-in apart from one made elsewhere.
    deps.hub.publish(rooms.user(row.id), {
      channel: "auth",
      action: "update",
      user: { id: row.id, email: row.email, companyId: row.companyId },
      tokenVersion: updated.tokenVersion,
    });
  }
  return { ...tokens, user: await sessionPayload(deps, row.id) };
}

/**
 * The gate every sign-in path passes: after the password, a user with a second factor gets the
 * second step; a generated password must be changed first (403 ERR_PASSWORD_CHANGE_REQUIRED, with a
 * `challenge` proving the second step when there was one); a user whose company requires a second
 * factor and who has none gets the forced setup; everyone else a session.
 */
export async function nextStep(
  deps: Deps,
  row: UserRow,
  origin: RequestOrigin,
  proven: "password" | "second-factor",
  opts: { announce?: boolean; recoveryCodes?: string[] } = {},
): Promise<SignInResult> {
  const now = deps.clock.now();
  const twoFactor = await hasSecondFactor(deps.db, row.id);
  if (proven === "password" && twoFactor) {
    const challenge = await createChallenge(deps.db, "signin", row.id, LIMITS.secondStepTtlMs, now);
    return { kind: "step", body: { secondFactor: { challenge, methods: await methodsOf(deps.db, row.id) } } };
  }
  if (row.mustChangePassword) {
    const params = proven === "second-factor" ? { challenge: await createChallenge(deps.db, "password", row.id, LIMITS.enrolTtlMs, now) } : undefined;
    throw new AppError("ERR_PASSWORD_CHANGE_REQUIRED", 403, params);
  }
  if (!twoFactor && (await getSetting(deps, row.companyId, "requireSecondFactor")) === "enabled") {
    const challenge = await createChallenge(deps.db, "enrol", row.id, LIMITS.enrolTtlMs, now);
    return { kind: "step", body: { secondFactorSetup: { challenge } } };
  }
  const session = await openSession(deps, row, origin, opts.announce ?? true);
  // The platform's super user is asked once, at the first sign-in, to protect the account.
  const suggestSecondFactor = can(row, "security:suggestSecondFactor") && !twoFactor && !(await askedOnce(deps.db, row.id)) ? true : undefined;
  return { kind: "session", ...session, suggestSecondFactor, recoveryCodes: opts.recoveryCodes };
}

/**
 * POST /auth/login. Wrong email or password: 401 ERR_INVALID_CREDENTIALS (429 with retryAfter after
 * too many, counted per account and per account + address). A lapsed company: 402
 * ERR_SUBSCRIPTION_EXPIRED with its due date (super users are never locked out). Then `nextStep`.
 */
export async function login(deps: Deps, input: LoginInput, origin: RequestOrigin): Promise<SignInResult> {
  const row = await checkCredentials(deps, input.email, input.password, origin.address, "ERR_INVALID_CREDENTIALS");
  return nextStep(deps, row, origin, "password");
}

/** The live challenge of a step and its user; 401 ERR_CHALLENGE_EXPIRED otherwise (the password must be given again). */
export async function challengeUser(deps: Deps, token: string, kind: ChallengeKind): Promise<{ challenge: AuthChallengeRow; row: UserRow }> {
  const challenge = await findChallenge(deps.db, token, kind, deps.clock.now());
  const found = challenge?.userId ? await loadSessionUser(deps.db, challenge.userId) : null;
  if (!challenge || !found) throw new AppError("ERR_CHALLENGE_EXPIRED", 401);
  return { challenge, row: found.row };
}

/** A wrong answer to a step: counted like a wrong password (same throttle), and by the challenge itself. */
export async function failStep(deps: Deps, challenge: AuthChallengeRow, row: UserRow, origin: RequestOrigin, step: string): Promise<never> {
  await deps.limiters.login.fail(row.email, origin.address);
  await failChallenge(deps.db, challenge, LIMITS.secondStepAttempts);
  await audit(auditCtx(deps, row, origin.address), "auth.signin.failed", userTarget(row), { step: [null, step] });
  throw new AppError("ERR_SECOND_FACTOR_INVALID", 401);
}

/** 429 while the account (or the account at this address) is throttled. */
export async function assertNotThrottled(deps: Deps, row: UserRow, origin: RequestOrigin) {
  const wait = await deps.limiters.login.blockedFor(row.email, origin.address);
  if (wait) throw new AppError("ERR_TOO_MANY_ATTEMPTS", 429, { retryAfter: wait });
}

/**
 * POST /auth/second-factor: the second step, answered by a code of the authenticator app (each code
 * once), a recovery code (each once) or a passkey (after /auth/second-factor/passkey-options).
 * Wrong answers count against the login throttle and end the challenge after a few.
 */
export async function secondStep(deps: Deps, input: SecondStepInput, origin: RequestOrigin, rp: RelyingParty): Promise<SignInResult> {
  const { challenge, row } = await challengeUser(deps, input.challenge, "signin");
  await assertNotThrottled(deps, row, origin);
  let ok = false;
  let step = "totp";
  if (input.code) ok = await verifyTotp(deps, row.id, input.code);
  else if (input.recoveryCode) {
    step = "recovery";
    ok = await redeemRecoveryCode(deps, row.id, input.recoveryCode);
    if (ok) await audit(auditCtx(deps, row, origin.address), "auth.recovery.used", userTarget(row));
  } else if (input.passkey) {
    step = "passkey";
    ok = !!challenge.webauthn && (await verifyPasskey(deps.db, rp, challenge.webauthn, input.passkey, row.id)) === row.id;
  }
  if (!ok) await failStep(deps, challenge, row, origin, step);
  // two answers to one challenge at once: only one opens a session
  if (!(await consumeChallenge(deps.db, challenge))) throw new AppError("ERR_CHALLENGE_EXPIRED", 401);
  await deps.limiters.login.succeed(row.email, origin.address);
  return nextStep(deps, row, origin, "second-factor");
}

/** POST /auth/second-factor/passkey-options: WebAuthn options for answering the second step with a passkey. */
export async function secondStepPasskeyOptions(deps: Deps, token: string, rp: RelyingParty) {
  const { challenge, row } = await challengeUser(deps, token, "signin");
  const options = await authenticationOptions(deps.db, rp, row.id);
  await setWebauthnChallenge(deps.db, challenge, options.challenge);
  return options;
}

/** POST /auth/passkey/options: a challenge for signing in with a passkey alone (throttled per address). */
export async function passkeySignInOptions(deps: Deps, rp: RelyingParty, origin: RequestOrigin) {
  const wait = await deps.limiters.passkey.take(origin.address);
  if (wait) throw new AppError("ERR_TOO_MANY_ATTEMPTS", 429, { retryAfter: wait });
  const options = await authenticationOptions(deps.db, rp, null);
  const challenge = await createChallenge(deps.db, "passkey", null, LIMITS.secondStepTtlMs, deps.clock.now(), options.challenge);
  return { challenge, options };
}

/**
 * POST /auth/passkey/login: a passkey that verified its person (PIN or biometrics) stands for both
 * factors. The challenge is used up whatever the answer.
 */
export async function passkeySignIn(deps: Deps, token: string, response: unknown, rp: RelyingParty, origin: RequestOrigin): Promise<SignInResult> {
  const challenge = await findChallenge(deps.db, token, "passkey", deps.clock.now());
  if (!challenge?.webauthn || !(await consumeChallenge(deps.db, challenge))) throw new AppError("ERR_CHALLENGE_EXPIRED", 401);
  const userId = await verifyPasskey(deps.db, rp, challenge.webauthn, response, null);
  const found = userId ? await loadSessionUser(deps.db, userId) : null;
  if (!found) throw new AppError("ERR_PASSKEY_INVALID", 401);
  await assertCompanyOpen(deps, found.row);
  return nextStep(deps, found.row, origin, "second-factor");
}
