/**
 * Session families (one per sign-in) and the ending of sessions. The auth module is the only writer
 * of `auth_sessions`; other modules end sessions through `endUserSessions` / `endCompanySessions`.
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { DB, DbOrTx } from "../../db/client";
import type { Deps } from "../../http/context";
import { nowIso } from "../../lib/dates";
import { log } from "../../lib/logger";
import { CLOSE } from "../../realtime/hub";
import { bumpCompanyTokenVersions, bumpTokenVersion, startSession } from "../users/accounts";
import { loadTokenVersions } from "../users/queries";
import { type AuthSessionRow, authSessions } from "./schema";

/**
 * Two tabs of one browser share the refresh cookie and may refresh at the same moment: the cookie
 * rotated less than this long ago is still answered (with the current generation) instead of being
 * taken for a replay.
 */
export const ROTATION_GRACE_MS = 10_000;

/** A sign-in starts a family; the user's older families are forgotten (single session, D3). */
export function startFamily(db: DbOrTx, userId: number, companyId: number, now = Date.now()): AuthSessionRow {
  db.delete(authSessions).where(eq(authSessions.userId, userId)).run();
  return db.insert(authSessions).values({ id: crypto.randomUUID(), userId, companyId, generation: 0, rotatedAt: now, createdAt: nowIso() }).returning().get();
}

/**
 * A sign-in's writes, all or nothing: the user's new token version (which ends their other sessions)
 * and the new family. Apart, a failure of the second write (a full disk) ended the user's session
 * without starting the new one.
 */
export function openSessionRecords(db: DB, userId: number, companyId: number) {
  return db.transaction((tx) => {
    const user = startSession(tx, userId);
    const family = startFamily(tx, userId, companyId);
    return { user, family };
  });
}

export type RotateResult = { kind: "ok"; generation: number } | { kind: "ended" } | { kind: "replay"; userId: number };

/**
 * Moves a family to its next refresh token. Compare-and-set on the generation: of two requests with
 * one cookie, one rotates; the other is a concurrent tab (inside the grace window: it gets the current
 * generation) or a replay of a stolen, already used token.
 */
export function rotateFamily(db: DbOrTx, familyId: string, generation: number, now = Date.now()): RotateResult {
  const won = db
    .update(authSessions)
    .set({ generation: generation + 1, rotatedAt: now })
    .where(and(eq(authSessions.id, familyId), eq(authSessions.generation, generation), isNull(authSessions.endedAt)))
    .returning({ generation: authSessions.generation })
    .get();
  if (won) return { kind: "ok", generation: won.generation };
  const row = db.select().from(authSessions).where(eq(authSessions.id, familyId)).get();
  if (!row || row.endedAt) return { kind: "ended" };
  if (row.generation === generation + 1 && now - row.rotatedAt < ROTATION_GRACE_MS) return { kind: "ok", generation: row.generation };
  return { kind: "replay", userId: row.userId };
}

/** Whether a family is still live (logout and every ending mark it). */
export function familyIsLive(db: DbOrTx, familyId: string): boolean {
  const row = db.select({ endedAt: authSessions.endedAt }).from(authSessions).where(eq(authSessions.id, familyId)).get();
  return !!row && !row.endedAt;
}

function markEnded(db: DbOrTx, userIds: number[], reason: string) {
  if (!userIds.length) return;
  db.update(authSessions)
    .set({ endedAt: nowIso(), endReason: reason })
    .where(and(inArray(authSessions.userId, userIds), isNull(authSessions.endedAt)))
    .run();
}

/**
 * Ends every session of a user at once: access tokens and refresh cookies stop working and their
 * open sockets close with 4401 (the SPA goes to /login). Logout, password changes, demotion,
 * deletion and a replayed refresh token call it.
 */
export function endUserSessions(deps: Pick<Deps, "db" | "hub">, userId: number, reason: string) {
  endUserSessionsOffline(deps.db, userId, reason);
  deps.hub.closeUser(userId, reason, CLOSE.sessionEnded);
  log.info("sessions ended", { userId, reason });
}

/** Ends the sessions of every user of a company (blocked company); super users are never locked out. */
export function endCompanySessions(deps: Pick<Deps, "db" | "hub">, companyId: number, reason: string) {
  const ids = deps.db.transaction((tx) => {
    const ended = bumpCompanyTokenVersions(tx, companyId);
    markEnded(tx, ended, reason);
    return ended;
  });
  for (const id of ids) deps.hub.closeUser(id, reason, CLOSE.sessionEnded);
  log.info("company sessions ended", { companyId, users: ids.length, reason });
  return ids.length;
}

/**
 * Closes the sockets of sessions ended outside this process (`cli reset-password` writes the
 * database directly) and of deleted users: a socket whose user's token version moved on while the
 * user has no live session family is closed with 4401. (A newer sign-in leaves a live family: the
 * older browser is told by the `auth` frame instead, and another tab of the same browser keeps going.)
 */
export function sweepEndedSockets(deps: Pick<Deps, "db" | "hub">) {
  const open = deps.hub.openSessions();
  if (!open.length) return 0;
  const ids = [...new Set(open.map((s) => s.userId))];
  const current = loadTokenVersions(deps.db, ids);
  const stale = new Set(open.filter((s) => current.get(s.userId) !== s.tokenVersion).map((s) => s.userId));
  if (!stale.size) return 0;
  const live = new Set(
    deps.db
      .select({ userId: authSessions.userId })
      .from(authSessions)
      .where(and(inArray(authSessions.userId, [...stale]), isNull(authSessions.endedAt)))
      .all()
      .map((r) => r.userId),
  );
  let closed = 0;
  for (const userId of stale) {
    if (current.has(userId) && live.has(userId)) continue;
    deps.hub.closeUser(userId, "session ended", CLOSE.sessionEnded);
    closed++;
  }
  return closed;
}

/** For operator commands run in their own process (no hub): ends the user's families in the database. */
export function endUserSessionsOffline(db: DbOrTx, userId: number, reason: string) {
  db.transaction((tx) => {
    bumpTokenVersion(tx, userId);
    markEnded(tx, [userId], reason);
  });
}
