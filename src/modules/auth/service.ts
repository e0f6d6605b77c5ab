/**
 * Sessions: the session payload, tokens, refresh, logout and one's own password change. The sign-in
 * itself (password, second step, forced setup, passkeys) is in signin.ts.
 */
import { can } from "../../contract/permissions";
import type { SessionUserDto } from "../../contract/dto/session";
import type { Deps } from "../../core/deps";
import { AppError } from "../../core/errors";
import { type AccessClaims, type RefreshClaims, signAccess, signRefresh, verifyToken } from "./tokens";
import { log } from "../../lib/logger";
import { audit } from "../audit";
import { serializeCompany } from "../companies";
import { companyFeatures } from "../companies";
import { getCompanyPlan } from "../companies";
import { serializePlan } from "../plans";
import { readSettings } from "../settings";
import { loadSessionUser, queuesOfUsers } from "../users";
import { endSessions, endUserSessions, familyIsLive, rotateFamily, sessionIsLive } from "./sessions";

/** The session payload answered by login, refresh and /auth/me. */
export async function sessionPayload(deps: Deps, userId: number): Promise<SessionUserDto> {
  const found = await loadSessionUser(deps.db, userId);
  if (!found) throw new AppError("ERR_SESSION_EXPIRED", 401);
  const { user, company } = found;
  const plan = (await getCompanyPlan(deps.db, company.id))?.plan;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    profile: user.profile,
    companyId: user.companyId,
    super: user.super,
    whatsappId: user.whatsappId,
    allTicket: user.allTicket,
    queues: (await queuesOfUsers(deps.db, [user.id])).get(user.id) ?? [],
    company: {
      ...serializeCompany(company),
      settings: await readSettings(deps.db, company.id),
      plan: plan ? serializePlan(plan) : null,
      timezone: deps.config.timezone,
      features: await companyFeatures(deps, company.id),
      featureGrants: company.featureGrants,
    },
  };
}
export type SessionPayload = ReturnType<typeof sessionPayload>;

/** Signs the access token and the refresh token of a session family. */
export async function issueTokens(
  deps: Deps,
  u: { id: number; companyId: number; profile: string; tokenVersion: number },
  family: { id: string; generation: number },
) {
  const token = await signAccess(deps.config.jwtSecret, {
    id: u.id,
    companyId: u.companyId,
    profile: u.profile,
    tv: u.tokenVersion,
    sid: family.id,
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

/** The user of a live access token (a public route reading the caller itself), or null. */
export async function bearerUserId(deps: Deps, bearer: string | undefined): Promise<{ userId: number; sessionId: string } | null> {
  const claims = bearer ? await verifyToken<AccessClaims>(deps.config.jwtSecret, bearer) : null;
  if (!claims || typeof claims.sid !== "string") return null;
  const found = await loadSessionUser(deps.db, claims.id);
  if (!found || found.tokenVersion !== claims.tv || !(await sessionIsLive(deps.db, claims.sid, claims.id))) return null;
  return { userId: claims.id, sessionId: claims.sid };
}

/**
 * POST /auth/refresh_token: a new access token and a rotated refresh cookie (the presented one stops
 * working). A refresh token presented again after it was rotated (a replay: someone else holds a
 * copy) ends every session of the user.
 */
export async function refresh(deps: Deps, cookie: string | undefined, address?: string) {
  if (!cookie) throw new AppError("ERR_SESSION_EXPIRED", 401);
  const claims = await verifyToken<RefreshClaims>(deps.config.jwtRefreshSecret, cookie);
  if (!claims || typeof claims.sid !== "string" || typeof claims.gen !== "number") throw new AppError("ERR_SESSION_EXPIRED", 401);
  const found = await loadSessionUser(deps.db, claims.id);
  if (!found || found.tokenVersion !== claims.tokenVersion) throw new AppError("ERR_SESSION_EXPIRED", 401);
  // A blocked company's sessions end here; a merely past-due one keeps its session to reach the finance page.
  if (!can(found.user, "subscription:exempt") && !found.company.status) throw new AppError("ERR_SUBSCRIPTION_EXPIRED", 402, { dueDate: found.company.dueDate });
  const rotated = await rotateFamily(deps.db, claims.sid, claims.gen, Date.now(), address);
  if (rotated.kind === "replay") {
    log.warn("refresh token replayed: ending the user's sessions", { userId: rotated.userId });
    await endUserSessions(deps, rotated.userId, "refresh token replayed");
  }
  if (rotated.kind !== "ok") throw new AppError("ERR_SESSION_EXPIRED", 401);
  const tokens = await issueTokens(deps, { ...found.row }, { id: claims.sid, generation: rotated.generation });
  return { ...tokens, user: await sessionPayload(deps, claims.id) };
}

/**
 * DELETE /auth/logout: ends the session of this browser on the server (its refresh cookie, access
 * tokens and sockets), identified by the refresh cookie or the access token; the user's other
 * sessions (other browsers) go on. A stale cookie of an older session ends nothing.
 */
export async function logout(deps: Deps, bearer: string | undefined, cookie: string | undefined, address?: string) {
  const refreshClaims = cookie ? await verifyToken<RefreshClaims>(deps.config.jwtRefreshSecret, cookie) : null;
  let target: { userId: number; sessionId: string } | null = null;
  if (refreshClaims?.sid && (await familyIsLive(deps.db, refreshClaims.sid))) target = { userId: refreshClaims.id, sessionId: refreshClaims.sid };
  else target = await bearerUserId(deps, bearer);
  if (!target) return;
  if (!(await endSessions(deps, target.userId, { ids: [target.sessionId] }, "logout")).length) return;
  const found = await loadSessionUser(deps.db, target.userId);
  if (found)
    await audit({ db: deps.db, companyId: found.user.companyId, user: found.user, address }, "auth.signout", {
      type: "user",
      id: found.user.id,
      label: found.user.email,
    });
}
