import type { DbOrTx } from "../../core/db";
/**
 * One's own second factors (the profile's "Security"): the authenticator app, recovery codes and
 * passkeys. Every change is confirmed with the current password (a stolen session alone cannot add
 * the thief's own factor), recorded in the audit log, and the first factor brings ten recovery codes.
 */
import type { PasskeyDto, RecoveryCodesDto, SecurityDto, TotpSetupDto } from "../../contract/dto/auth";
import type { Ctx } from "../../core/deps";
import { AppError, notFound } from "../../core/errors";
import { audit } from "../audit";
import { getSetting } from "../settings";
import { createChallenge, consumeChallenge, findChallenge } from "./challenges";
import { listPasskeys, type RelyingParty, registerPasskey, registrationOptions, removePasskey } from "./passkeys";
import { checkCredentials, hasSecondFactor, type RequestOrigin } from "./signin";
import { confirmTotpSetup, disableTotp, dropRecoveryCodes, hasTotp, newRecoveryCodes, recoveryCodesLeft, startTotpSetup } from "./totp";
import { LIMITS } from "../../contract/limits";

const me = (ctx: Ctx) => ({ type: "user", id: ctx.user.id, label: ctx.user.email });
const required = async (ctx: Ctx) => (await getSetting(ctx, ctx.companyId, "requireSecondFactor")) === "enabled";

/** Proves the caller knows the account's password (throttled like a sign-in). */
const provePassword = (ctx: Ctx, password: string, origin: RequestOrigin) =>
  checkCredentials(ctx, ctx.user.email, password, origin.address, "ERR_WRONG_CURRENT_PASSWORD");

/**
 * The company requires a second factor: the last one cannot be removed (an admin's reset can). Inside the
 * removal's transaction: `mustKeep` is the company's setting, read before it.
 */
async function assertNotLast(tx: DbOrTx, ctx: Ctx, mustKeep: boolean) {
  if (mustKeep && !(await hasSecondFactor(tx, ctx.user.id))) throw new AppError("ERR_SECOND_FACTOR_REQUIRED", 400);
}

/** GET /auth/security. */
export async function securityStatus(ctx: Ctx): Promise<SecurityDto> {
  return {
    totp: await hasTotp(ctx.db, ctx.user.id),
    passkeys: await listPasskeys(ctx.db, ctx.user.id),
    recoveryCodesLeft: await recoveryCodesLeft(ctx.db, ctx.user.id),
    required: await required(ctx),
  };
}

/** POST /auth/totp/setup: a new secret for the app (the current one, if any, stays on until the new one is confirmed). */
export async function setupTotp(ctx: Ctx, password: string, origin: RequestOrigin): Promise<TotpSetupDto> {
  await provePassword(ctx, password, origin);
  return startTotpSetup(ctx, ctx.user.id, ctx.user.email);
}

/** POST /auth/totp/confirm: the first code turns the app on; the first factor of the account brings recovery codes. */
export async function confirmTotp(ctx: Ctx, code: string, origin: RequestOrigin): Promise<Partial<RecoveryCodesDto>> {
  const wait = await ctx.limiters.login.blockedFor(ctx.user.email, origin.address);
  if (wait) throw new AppError("ERR_TOO_MANY_ATTEMPTS", 429, { retryAfter: wait });
  const first = !(await hasSecondFactor(ctx.db, ctx.user.id));
  const codes = await ctx.db.transaction(async (tx) => {
    if (!(await confirmTotpSetup(ctx, ctx.user.id, code, tx))) return null;
    await audit(ctx, "auth.totp.enabled", me(ctx), undefined, tx);
    return first ? await newRecoveryCodes(ctx, tx, ctx.user.id) : [];
  });
  if (!codes) {
    await ctx.limiters.login.fail(ctx.user.email, origin.address);
    throw new AppError("ERR_SECOND_FACTOR_INVALID", 400);
  }
  return codes.length ? { recoveryCodes: codes } : {};
}

/** POST /auth/totp/disable. */
export async function turnOffTotp(ctx: Ctx, password: string, origin: RequestOrigin) {
  await provePassword(ctx, password, origin);
  if (!(await hasTotp(ctx.db, ctx.user.id))) throw new AppError("ERR_TOTP_NOT_ENABLED", 400);
  const mustKeep = await required(ctx);
  await ctx.db.transaction(async (tx) => {
    await disableTotp(tx, ctx.user.id);
    if (!(await hasSecondFactor(tx, ctx.user.id))) {
      await assertNotLast(tx, ctx, mustKeep);
      await dropRecoveryCodes(tx, ctx.user.id);
    }
    await audit(ctx, "auth.totp.disabled", me(ctx), undefined, tx);
  });
  return securityStatus(ctx);
}

/** POST /auth/recovery-codes: a new set; the old codes stop working. */
export async function regenerateRecoveryCodes(ctx: Ctx, password: string, origin: RequestOrigin): Promise<RecoveryCodesDto> {
  await provePassword(ctx, password, origin);
  if (!(await hasSecondFactor(ctx.db, ctx.user.id))) throw new AppError("ERR_TOTP_NOT_ENABLED", 400);
  const recoveryCodes = await ctx.db.transaction(async (tx) => {
    await audit(ctx, "auth.recovery.regenerated", me(ctx), undefined, tx);
    return newRecoveryCodes(ctx, tx, ctx.user.id);
  });
  return { recoveryCodes };
}

/** POST /auth/passkeys/options: starts adding a passkey (the answer goes to POST /auth/passkeys with `challenge`). */
export async function passkeyRegistrationOptions(ctx: Ctx, password: string, rp: RelyingParty, origin: RequestOrigin) {
  await provePassword(ctx, password, origin);
  const options = await registrationOptions(ctx.db, rp, ctx.user);
  const challenge = await createChallenge(ctx.db, "register", ctx.user.id, LIMITS.secondStepTtlMs, ctx.clock.now(), options.challenge);
  return { challenge, options };
}

/** POST /auth/passkeys: stores the new passkey under its name. */
export async function addPasskey(ctx: Ctx, input: { challenge: string; name: string; response: unknown }, rp: RelyingParty) {
  const challenge = await findChallenge(ctx.db, input.challenge, "register", ctx.clock.now());
  if (!challenge?.webauthn || challenge.userId !== ctx.user.id || !(await consumeChallenge(ctx.db, challenge)))
    throw new AppError("ERR_CHALLENGE_EXPIRED", 400);
  const first = !(await hasSecondFactor(ctx.db, ctx.user.id));
  const passkey: PasskeyDto = await registerPasskey(
    ctx.db,
    rp,
    { userId: ctx.user.id, companyId: ctx.companyId },
    challenge.webauthn,
    input.response,
    input.name,
  );
  await audit(ctx, "auth.passkey.added", me(ctx), { passkey: [null, passkey.name] });
  return { passkey, ...(first ? { recoveryCodes: await newRecoveryCodes(ctx, ctx.db, ctx.user.id) } : {}) };
}

/** DELETE /auth/passkeys/{id}. */
export async function deletePasskey(ctx: Ctx, id: number, password: string, origin: RequestOrigin) {
  await provePassword(ctx, password, origin);
  const mustKeep = await required(ctx);
  await ctx.db.transaction(async (tx) => {
    const name = await removePasskey(tx, ctx.user.id, id);
    if (name === null) throw notFound("ERR_NO_PASSKEY_FOUND");
    if (!(await hasSecondFactor(tx, ctx.user.id))) {
      await assertNotLast(tx, ctx, mustKeep);
      await dropRecoveryCodes(tx, ctx.user.id);
    }
    await audit(ctx, "auth.passkey.removed", me(ctx), { passkey: [name, null] }, tx);
  });
  return securityStatus(ctx);
}
