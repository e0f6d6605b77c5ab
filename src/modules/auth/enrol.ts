/**
 * The forced setup of a second factor: a user whose company requires one and who has none gets an
 * "enrol" challenge after the password, and signs in once an authenticator app or a passkey is set
 * up with it (the first factor brings ten recovery codes, answered with the session).
 */
import type { TotpSetupDto } from "../../contract/dto/auth";
import type { Deps } from "../../core/deps";
import { AppError } from "../../core/errors";
import { audit } from "../audit";
import { consumeChallenge, setWebauthnChallenge } from "./challenges";
import { type RelyingParty, registerPasskey, registrationOptions } from "./passkeys";
import { assertNotThrottled, challengeUser, nextStep, type RequestOrigin, type SignInResult } from "./signin";
import { confirmTotpSetup, newRecoveryCodes, startTotpSetup } from "./totp";
import { LIMITS } from "../../contract/limits";
import { failChallenge } from "./challenges";

const ctxOf = (deps: Deps, row: { id: number; name: string; email: string; companyId: number }, address?: string) => ({
  db: deps.db,
  companyId: row.companyId,
  user: row,
  address,
});

/** POST /auth/second-factor/setup/totp: a secret for the app. */
export async function enrolTotpStart(deps: Deps, token: string): Promise<TotpSetupDto> {
  const { row } = await challengeUser(deps, token, "enrol");
  return startTotpSetup(deps, row.id, row.email);
}

/** POST /auth/second-factor/setup/totp/confirm: the first code turns the app on and signs in. */
export async function enrolTotpConfirm(deps: Deps, token: string, code: string, origin: RequestOrigin): Promise<SignInResult> {
  const { challenge, row } = await challengeUser(deps, token, "enrol");
  await assertNotThrottled(deps, row, origin);
  const codes = await deps.db.transaction(async (tx) => {
    if (!(await confirmTotpSetup(deps, row.id, code, tx))) return null;
    await audit(ctxOf(deps, row, origin.address), "auth.totp.enabled", { type: "user", id: row.id, label: row.email }, undefined, tx);
    return newRecoveryCodes(deps, tx, row.id);
  });
  if (!codes) {
    await deps.limiters.login.fail(row.email, origin.address);
    await failChallenge(deps.db, challenge, LIMITS.secondStepAttempts * 2);
    throw new AppError("ERR_SECOND_FACTOR_INVALID", 400);
  }
  await consumeChallenge(deps.db, challenge);
  return nextStep(deps, row, origin, "second-factor", { recoveryCodes: codes });
}

/** POST /auth/second-factor/setup/passkey-options: WebAuthn options for creating the passkey. */
export async function enrolPasskeyOptions(deps: Deps, token: string, rp: RelyingParty) {
  const { challenge, row } = await challengeUser(deps, token, "enrol");
  const options = await registrationOptions(deps.db, rp, row);
  await setWebauthnChallenge(deps.db, challenge, options.challenge);
  return options;
}

/** POST /auth/second-factor/setup/passkey: stores the passkey and signs in. */
export async function enrolPasskey(deps: Deps, input: { challenge: string; name: string; response: unknown }, rp: RelyingParty, origin: RequestOrigin) {
  const { challenge, row } = await challengeUser(deps, input.challenge, "enrol");
  if (!challenge.webauthn) throw new AppError("ERR_CHALLENGE_EXPIRED", 401);
  const expected = challenge.webauthn;
  await setWebauthnChallenge(deps.db, challenge, null);
  const passkey = await registerPasskey(deps.db, rp, { userId: row.id, companyId: row.companyId }, expected, input.response, input.name);
  await consumeChallenge(deps.db, challenge);
  await audit(ctxOf(deps, row, origin.address), "auth.passkey.added", { type: "user", id: row.id, label: row.email }, { passkey: [null, passkey.name] });
  return nextStep(deps, row, origin, "second-factor", { recoveryCodes: await newRecoveryCodes(deps, deps.db, row.id) });
}
