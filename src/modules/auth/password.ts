import type { PasswordChangeInput } from "../../contract/schemas/auth";
import type { Deps } from "../../core/deps";
import { AppError } from "../../core/errors";
import { hashPassword } from "../../lib/password";
import { audit } from "../audit";
import { loadSessionUser, setPasswordHash } from "../users";
import { consumeChallenge, findChallenge } from "./challenges";
import { bearerUserId } from "./service";
import { endUserSessions } from "./sessions";
import { checkCredentials, hasSecondFactor, nextStep, type RequestOrigin, type SignInResult } from "./signin";

/**
 * POST /auth/password: one's own password, proven by the current one (the profile dialog and the
 * forced change screen). A user with a second factor also proves it: by a live session of theirs
 * (the profile) or by the challenge their second step answered (the forced change after a reset).
 * Every session of the user ends (tokens, refresh cookies, sockets); this browser gets a new one.
 */
export async function changeOwnPassword(deps: Deps, input: PasswordChangeInput, origin: RequestOrigin, bearer: string | undefined): Promise<SignInResult> {
  const row = await checkCredentials(deps, input.email, input.currentPassword, origin.address, "ERR_WRONG_CURRENT_PASSWORD");
  const twoFactor = await hasSecondFactor(deps.db, row.id);
  const challenge = input.challenge ? await findChallenge(deps.db, input.challenge, "password", deps.clock.now()) : null;
  if (twoFactor) {
    const signedIn = await bearerUserId(deps, bearer);
    if (signedIn?.userId !== row.id && challenge?.userId !== row.id) throw new AppError("ERR_SECOND_FACTOR_REQUIRED", 403);
  }
  if (input.password === input.currentPassword) throw new AppError("ERR_PASSWORD_UNCHANGED", 400);
  if (challenge?.userId === row.id) await consumeChallenge(deps.db, challenge);
  await setPasswordHash(deps.db, row.id, await hashPassword(input.password));
  await endUserSessions(deps, row.id, "password changed");
  await audit({ db: deps.db, companyId: row.companyId, user: row, address: origin.address }, "auth.password.changed", {
    type: "user",
    id: row.id,
    label: row.email,
  });
  const fresh = (await loadSessionUser(deps.db, row.id))!.row;
  return nextStep(deps, fresh, origin, twoFactor ? "second-factor" : "password", { announce: false });
}
