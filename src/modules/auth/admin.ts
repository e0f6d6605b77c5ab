/**
 * What an admin does to the accounts of their company's users (and what `balcao reset-2fa` does):
 * see and end their sessions, reset their second factor.
 */
import type { AuthSessionDto, UserSecurityDto } from "../../contract/dto/auth";
import type { DB } from "../../core/db";
import type { Ctx } from "../../core/deps";
import { AppError, forbidden, notFound } from "../../core/errors";
import { audit, type AuditActor } from "../audit";
import { canActOnAccount, canManageUsers } from "../users";
import { findUser, findUserByEmail } from "../users";
import { countPasskeys, dropPasskeys } from "./passkeys";
import { endSessions, endUserSessions, endUserSessionsOffline, listSessions } from "./sessions";
import { disableTotp, dropRecoveryCodes, hasTotp } from "./totp";

/** A user of the caller's company the caller may manage (admins; a super user's account only by a super user). */
async function managedUser(ctx: Ctx, userId: number) {
  if (!canManageUsers(ctx.user)) throw forbidden();
  const u = await findUser(ctx.db, ctx.companyId, userId);
  if (!u) throw notFound("ERR_NO_USER_FOUND");
  if (!canActOnAccount(ctx.user, u)) throw forbidden();
  return u;
}

const target = (u: { id: number; email: string }) => ({ type: "user", id: u.id, label: u.email });

/** GET /auth/sessions: the caller's live sessions. */
export const mySessions = (ctx: Ctx): Promise<AuthSessionDto[]> => listSessions(ctx.db, ctx.user.id, ctx.sessionId);

/** DELETE /auth/sessions/{id}: ends one of one's own sessions (this one too: a sign-out). */
export async function endMySession(ctx: Ctx, id: string) {
  if (!(await endSessions(ctx, ctx.user.id, { ids: [id] }, "ended by the user")).length) throw notFound("ERR_NO_SESSION_FOUND");
  await audit(ctx, "auth.session.ended", target(ctx.user), { session: [id, null] });
  return { ended: 1 };
}

/** POST /auth/sessions/end-others: ends every session of the caller but this one. */
export async function endMyOtherSessions(ctx: Ctx) {
  const ended = await endSessions(ctx, ctx.user.id, { except: ctx.sessionId ?? "" }, "ended by the user");
  if (ended.length) await audit(ctx, "auth.sessions.ended", target(ctx.user), { sessions: [ended.length, 0] });
  return { ended: ended.length };
}

/** GET /users/{id}/sessions: a user's sessions and second factors, for an admin of their company. */
export async function userSecurity(ctx: Ctx, userId: number): Promise<UserSecurityDto> {
  const u = await managedUser(ctx, userId);
  return { sessions: await listSessions(ctx.db, u.id, ctx.sessionId), totp: await hasTotp(ctx.db, u.id), passkeys: await countPasskeys(ctx.db, u.id) };
}

/** DELETE /users/{id}/sessions/{sid}: an admin ends one session of a user. */
export async function endUserSession(ctx: Ctx, userId: number, sessionId: string) {
  const u = await managedUser(ctx, userId);
  if (!(await endSessions(ctx, u.id, { ids: [sessionId] }, "ended by an admin")).length) throw notFound("ERR_NO_SESSION_FOUND");
  await audit(ctx, "auth.session.ended", target(u), { session: [sessionId, null] });
  return { ended: 1 };
}

/** DELETE /users/{id}/sessions: an admin ends every session of a user. */
export async function endAllUserSessions(ctx: Ctx, userId: number) {
  const u = await managedUser(ctx, userId);
  await endUserSessions(ctx, u.id, "ended by an admin");
  await audit(ctx, "auth.sessions.ended", target(u));
  return { ended: true };
}

/** Removes every second factor of a user (app, passkeys, recovery codes) and ends their sessions, in the database. */
async function clearSecondFactor(db: DB, userId: number) {
  await db.transaction(async (tx) => {
    await disableTotp(tx, userId);
    await dropPasskeys(tx, userId);
    await dropRecoveryCodes(tx, userId);
  });
}

/**
 * POST /users/{id}/second-factor/reset: an admin removes a user's second factors (lost phone) and
 * ends their sessions; at the next sign-in the password alone opens a session, unless the company
 * requires a second factor: then its setup.
 */
export async function resetUserSecondFactor(ctx: Ctx, userId: number) {
  const u = await managedUser(ctx, userId);
  if (u.id === ctx.user.id) throw new AppError("ERR_NO_PERMISSION", 403);
  await clearSecondFactor(ctx.db, u.id);
  await endUserSessions(ctx, u.id, "second factor reset");
  await audit(ctx, "auth.second-factor.reset", target(u));
  return { reset: true };
}

/** `balcao reset-2fa <email>`: the operator's reset for a locked-out account (the running server closes its sockets at its next sweep). */
export async function resetSecondFactorOffline(db: DB, email: string): Promise<{ id: number; companyId: number } | null> {
  const u = await findUserByEmail(db, email.trim().toLowerCase());
  if (!u) return null;
  await clearSecondFactor(db, u.id);
  await endUserSessionsOffline(db, u.id, "second factor reset by the operator");
  const actor: AuditActor = { type: "system", id: null, name: "cli reset-2fa" };
  await audit({ db, companyId: u.companyId, actor }, "auth.second-factor.reset", target(u));
  return { id: u.id, companyId: u.companyId };
}
