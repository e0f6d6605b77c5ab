import { hashPassword, verifyPassword } from "../../lib/password";
import { startSession } from "../users/accounts";
import { setUserOnline } from "../users/presence";
import type { LoginInput } from "../../contract/schemas/auth";
import type { Deps } from "../../http/context";
import { AppError } from "../../http/errors";
import { type AccessClaims, type RefreshClaims, signAccess, signRefresh, verifyToken } from "../../http/tokens";
import { isPastDue } from "../../lib/dates";
import { rooms } from "../../realtime/topics";
import { serializeCompany } from "../companies/service";
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
export function sessionPayload(deps: Deps, userId: number) {
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
    },
  };
}
export type SessionPayload = ReturnType<typeof sessionPayload>;

async function issueTokens(deps: Deps, u: { id: number; companyId: number; profile: string; tokenVersion: number }) {
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
  });
  return { token, refresh };
}

/**
 * POST /auth/login. Wrong email or password: 401 ERR_INVALID_CREDENTIALS (counted per address, 429
 * after too many). A lapsed company: 402 ERR_SUBSCRIPTION_EXPIRED with its due date (super users are
 * never locked out). A successful login ends the user's other sessions (tokenVersion + `auth` event).
 */
export async function login(deps: Deps, input: LoginInput, ip: string) {
  const wait = deps.limiters.login.blockedFor(ip);
  if (wait) throw new AppError("ERR_TOO_MANY_ATTEMPTS", 429, { retryAfter: wait });
  const row = findUserByEmail(deps.db, input.email);
  const ok = await verifyPassword(input.password, row?.passwordHash ?? (await getDummyHash()));
  if (!row || !ok) {
    deps.limiters.login.fail(ip);
    throw new AppError("ERR_INVALID_CREDENTIALS", 401);
  }
  deps.limiters.login.reset(ip);
  const found = loadSessionUser(deps.db, row.id)!;
  if (!row.super && (!found.company.status || isPastDue(found.company.dueDate))) {
    throw new AppError("ERR_SUBSCRIPTION_EXPIRED", 402, { dueDate: found.company.dueDate });
  }
  const updated = startSession(deps.db, row.id);
  // tokenVersion lets a browser that already holds the new session (another tab of the same browser
  // shares its storage) tell this login apart from one made elsewhere.
  deps.hub.publish(rooms.user(row.id), {
    channel: "auth",
    action: "update",
    user: { id: row.id, email: row.email, companyId: row.companyId },
    tokenVersion: updated.tokenVersion,
  });
  const tokens = await issueTokens(deps, updated);
  return { ...tokens, user: sessionPayload(deps, row.id) };
}

/** POST /auth/refresh_token: a new access token and a rotated refresh cookie. */
export async function refresh(deps: Deps, cookie: string | undefined) {
  if (!cookie) throw new AppError("ERR_SESSION_EXPIRED", 401);
  const claims = await verifyToken<RefreshClaims>(deps.config.jwtRefreshSecret, cookie);
  if (!claims) throw new AppError("ERR_SESSION_EXPIRED", 401);
  const found = loadSessionUser(deps.db, claims.id);
  if (!found || found.tokenVersion !== claims.tokenVersion) throw new AppError("ERR_SESSION_EXPIRED", 401);
  // A blocked company's sessions end here; a merely past-due one keeps its session to reach the finance page.
  if (!found.user.super && !found.company.status) throw new AppError("ERR_SUBSCRIPTION_EXPIRED", 402, { dueDate: found.company.dueDate });
  const tokens = await issueTokens(deps, { ...found.row });
  return { ...tokens, user: sessionPayload(deps, claims.id) };
}

/** DELETE /auth/logout: marks the user offline when the token still identifies them. */
export async function logout(deps: Deps, bearer: string | undefined) {
  if (!bearer) return;
  const claims = await verifyToken<AccessClaims>(deps.config.jwtSecret, bearer);
  if (!claims) return;
  setUserOnline(deps.db, claims.id, false);
}
