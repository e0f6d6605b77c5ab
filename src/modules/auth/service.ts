import type { SessionUserDto } from "../../contract/dto/session";
import { hashPassword, verifyPassword } from "../../lib/password";
import { setPasswordHash } from "../users/accounts";
import type { LoginInput, PasswordChangeInput } from "../../contract/schemas/auth";
import { log } from "../../lib/logger";
import { endUserSessions, familyIsLive, openSessionRecords, rotateFamily } from "./sessions";
import type { Deps } from "../../http/context";
import { AppError } from "../../http/errors";
import { type AccessClaims, type RefreshClaims, signAccess, signRefresh, verifyToken } from "../../http/tokens";
import { isPastDue } from "../../lib/dates";
import { rooms } from "../../realtime/topics";
import { serializeCompany } from "../companies/service";
import { companyFeatures } from "../companies/features";
import { getCompanyPlan } from "../companies/queries";
import { serializePlan } from "../plans/service";
import { readSettings } from "../settings/service";
import { findUserByEmail, loadSessionUser, queuesOfUsers } from "../users/queries";

// A real argon2id hash of a random string: verifying against it when the email is unknown keeps
// the answer time the same as for a wrong password (no user enumeration by timing).
let dummyHash: Promise<string> | null = null;
const getDummyHash = () => {
  dummyHash ??= hashPassword(crypto.randomUUID());
  return dummyHash;
};

/** The session payload answered by login, refresh and /auth/me. */
export function sessionPayload(deps: Deps, userId: number): SessionUserDto {
  const found = loadSessionUser(deps.db, userId);
  if (!found) throw new AppError("ERR_SESSION_EXPIRED", 401);
  const { user, company } = found;
  const plan = getCompanyPlan(deps.db, company.id)?.plan;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    profile: user.profile,
    companyId: user.companyId,
    super: user.super,
    whatsappId: user.whatsappId,
    allTicket: user.allTicket,
    queues: queuesOfUsers(deps.db, [user.id]).get(user.id) ?? [],
    company: {
      ...serializeCompany(company),
      settings: readSettings(deps.db, company.id),
      plan: plan ? serializePlan(plan) : null,
      timezone: deps.config.timezone,
      features: companyFeatures(deps.db, company.id),
      featureGrants: company.featureGrants,
    },
  };
}
export type SessionPayload = ReturnType<typeof sessionPayload>;

async function issueTokens(
  deps: Deps,
  u: { id: number; companyId: number; profile: string; tokenVersion: number },
  family: { id: string; generation: number },
) {
  const token = await signAccess(deps.config.jwtSecret, {
    id: u.id,
    companyId: u.companyId,
    profile: u.profile,
    tv: u.tokenVersion,
  });
  const refresh = await signRefresh(deps.config.jwtRefreshSecret, {
    id: u.id,
    companyId: u.companyId,
    tokenVersion: u.tokenVersion,
    sid: family.id,
    gen: family.generation,
  });
  return { token, refresh };
}

/** Checks email and password under the login throttle (per account and per account + address). */
async function checkCredentials(deps: Deps, email: string, password: string, ip: string, wrong: "ERR_INVALID_CREDENTIALS" | "ERR_WRONG_CURRENT_PASSWORD") {
  const wait = deps.limiters.login.blockedFor(email, ip);
  if (wait) throw new AppError("ERR_TOO_MANY_ATTEMPTS", 429, { retryAfter: wait });
  const row = findUserByEmail(deps.db, email);
  const ok = await verifyPassword(password, row?.passwordHash ?? (await getDummyHash()));
  if (!row || !ok) {
    deps.limiters.login.fail(email, ip);
    throw new AppError(wrong, wrong === "ERR_INVALID_CREDENTIALS" ? 401 : 400);
  }
  deps.limiters.login.succeed(email, ip);
  const found = loadSessionUser(deps.db, row.id)!;
  if (!row.super && (!found.company.status || isPastDue(found.company.dueDate))) {
    throw new AppError("ERR_SUBSCRIPTION_EXPIRED", 402, { dueDate: found.company.dueDate });
  }
  return row;
}

/** Starts a session (new token version, new family, in one transaction) and answers its tokens and payload. */
async function openSession(deps: Deps, userId: number, companyId: number) {
  const { user: updated, family } = openSessionRecords(deps.db, userId, companyId);
  const tokens = await issueTokens(deps, updated, family);
  return { ...tokens, user: sessionPayload(deps, userId), tokenVersion: updated.tokenVersion };
}

/**
 * POST /auth/login. Wrong email or password: 401 ERR_INVALID_CREDENTIALS (429 with retryAfter after
 * too many, counted per account and per account + address). A lapsed company: 402
 * ERR_SUBSCRIPTION_EXPIRED with its due date (super users are never locked out). A generated password
 * not yet changed: 403 ERR_PASSWORD_CHANGE_REQUIRED (the web shows the forced change screen). A
 * successful login ends the user's other sessions (tokenVersion + `auth` event).
 */
export async function login(deps: Deps, input: LoginInput, ip: string) {
  const row = await checkCredentials(deps, input.email, input.password, ip, "ERR_INVALID_CREDENTIALS");
  if (row.mustChangePassword) throw new AppError("ERR_PASSWORD_CHANGE_REQUIRED", 403);
  const res = await openSession(deps, row.id, row.companyId);
  // tokenVersion lets a browser that already holds the new session (another tab of the same browser
  // shares its storage) tell this login apart from one made elsewhere.
  deps.hub.publish(rooms.user(row.id), {
    channel: "auth",
    action: "update",
    user: { id: row.id, email: row.email, companyId: row.companyId },
    tokenVersion: res.tokenVersion,
  });
  return res;
}

/**
 * POST /auth/password: one's own password, proven by the current one (the profile dialog and the
 * forced change screen). Every session of the user ends (tokens, refresh cookies, sockets); this
 * browser gets a new one.
 */
export async function changeOwnPassword(deps: Deps, input: PasswordChangeInput, ip: string) {
  const row = await checkCredentials(deps, input.email, input.currentPassword, ip, "ERR_WRONG_CURRENT_PASSWORD");
  if (input.password === input.currentPassword) throw new AppError("ERR_PASSWORD_UNCHANGED", 400);
  setPasswordHash(deps.db, row.id, await hashPassword(input.password));
  endUserSessions(deps, row.id, "password changed");
  return openSession(deps, row.id, row.companyId);
}

/**
 * POST /auth/refresh_token: a new access token and a rotated refresh cookie (the presented one stops
 * working). A refresh token presented again after it was rotated (a replay: someone else holds a
 * copy) ends every session of the user.
 */
export async function refresh(deps: Deps, cookie: string | undefined) {
  if (!cookie) throw new AppError("ERR_SESSION_EXPIRED", 401);
  const claims = await verifyToken<RefreshClaims>(deps.config.jwtRefreshSecret, cookie);
  if (!claims || typeof claims.sid !== "string" || typeof claims.gen !== "number") throw new AppError("ERR_SESSION_EXPIRED", 401);
  const found = loadSessionUser(deps.db, claims.id);
  if (!found || found.tokenVersion !== claims.tokenVersion) throw new AppError("ERR_SESSION_EXPIRED", 401);
  // A blocked company's sessions end here; a merely past-due one keeps its session to reach the finance page.
  if (!found.user.super && !found.company.status) throw new AppError("ERR_SUBSCRIPTION_EXPIRED", 402, { dueDate: found.company.dueDate });
  const rotated = rotateFamily(deps.db, claims.sid, claims.gen);
  if (rotated.kind === "replay") {
    log.warn("refresh token replayed: ending the user's sessions", { userId: rotated.userId });
    endUserSessions(deps, rotated.userId, "refresh token replayed");
  }
  if (rotated.kind !== "ok") throw new AppError("ERR_SESSION_EXPIRED", 401);
  const tokens = await issueTokens(deps, { ...found.row }, { id: claims.sid, generation: rotated.generation });
  return { ...tokens, user: sessionPayload(deps, claims.id) };
}

/**
 * DELETE /auth/logout: ends the session of this browser on the server (its refresh cookie, access
 * tokens and sockets), identified by the refresh cookie or the access token. A stale cookie of an
 * older session ends nothing (it must not sign out the browser that holds the newer one).
 */
export async function logout(deps: Deps, bearer: string | undefined, cookie: string | undefined) {
  const refreshClaims = cookie ? await verifyToken<RefreshClaims>(deps.config.jwtRefreshSecret, cookie) : null;
  if (refreshClaims?.sid && familyIsLive(deps.db, refreshClaims.sid)) return endUserSessions(deps, refreshClaims.id, "logout");
  const claims = bearer ? await verifyToken<AccessClaims>(deps.config.jwtSecret, bearer) : null;
  if (!claims) return;
  const found = loadSessionUser(deps.db, claims.id);
  if (found && found.tokenVersion === claims.tv) endUserSessions(deps, claims.id, "logout");
}
