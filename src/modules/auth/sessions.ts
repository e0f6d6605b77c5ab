/**
 * Session families (one per sign-in) and the ending of sessions. The auth module is the only writer
 * of `auth_sessions`; other modules end sessions through `endUserSessions` / `endCompanySessions`.
 */
import { and, desc, eq, gt, inArray, isNull, ne, or, sql } from "drizzle-orm";
import type { AuthSessionDto } from "../../contract/dto/auth";
import type { DB, DbOrTx } from "../../core/db";
import { prepared } from "../../db/prepared";
import type { Deps } from "../../core/deps";
import { REFRESH_TTL_S } from "./tokens";
import { nowIso } from "../../lib/dates";
import { log } from "../../lib/logger";
import { CLOSE } from "../../contract/frames";
import { getSetting } from "../settings";
import { bumpCompanyTokenVersions, bumpTokenVersion, markSignedIn, startSession } from "../users";
import { publishEnded } from "../users";
import { loadSessionUser } from "../users";
import { type AuthSessionRow, authSessions } from "./schema";

const companyOf = async (db: DB, userId: number) => (await loadSessionUser(db, userId))?.user.companyId ?? 0;

/**
 * Two tabs of one browser share the refresh cookie and may refresh at the same moment: the cookie
 * rotated less than this long ago is still answered (with the current generation) instead of being
 * taken for a replay.
 */
export const ROTATION_GRACE_MS = 10_000;

/** Where a session was started from: parsed device and browser, and the client address. */
export interface SessionOrigin {
  device: string;
  browser: string;
  address: string;
}

/**
 * A sign-in starts a family. With one session per user (the company's default, D3) the
 * user's older families are forgotten; otherwise only their ended or expired ones are.
 */
export async function startFamily(
  db: DbOrTx,
  userId: number,
  companyId: number,
  origin: SessionOrigin,
  single: boolean,
  now = Date.now(),
): Promise<AuthSessionRow> {
  const stale = or(sql`${authSessions.endedAt} is not null`, sql`${authSessions.rotatedAt} < ${now - REFRESH_TTL_S * 1000}`);
  await db.delete(authSessions).where(single ? eq(authSessions.userId, userId) : and(eq(authSessions.userId, userId), stale));
  return (
    await db
      .insert(authSessions)
      .values({ id: crypto.randomUUID(), userId, companyId, generation: 0, rotatedAt: now, createdAt: nowIso(), ...origin })
      .returning()
  )[0];
}

/**
 * A sign-in's writes, all or nothing: the user's new token version (which ends their other sessions,
 * with one session per user) or their online mark (several sessions), and the new family. Apart, a
 * failure of the second write (a full disk) ended the user's session without starting the new one.
 */
export function openSessionRecords(db: DB, userId: number, companyId: number, origin: SessionOrigin, single: boolean) {
  return db.transaction(async (tx) => {
    const user = single ? await startSession(tx, userId) : await markSignedIn(tx, userId);
    const family = await startFamily(tx, userId, companyId, origin, single);
    return { user, family };
  });
}

export type RotateResult = { kind: "ok"; generation: number } | { kind: "ended" } | { kind: "replay"; userId: number };

/**
 * Moves a family to its next refresh token. Compare-and-set on the generation: of two requests with
 * one cookie, one rotates; the other is a concurrent tab (inside the grace window: it gets the current
 * generation) or a replay of a stolen, already used token. The rotation is also the session's
 * "last seen" (and its latest address): a page in use refreshes every 15 minutes.
 */
export async function rotateFamily(db: DbOrTx, familyId: string, generation: number, now = Date.now(), address?: string): Promise<RotateResult> {
  const won = (
    await db
      .update(authSessions)
      .set({ generation: generation + 1, rotatedAt: now, ...(address ? { address: address.slice(0, 64) } : {}) })
      .where(and(eq(authSessions.id, familyId), eq(authSessions.generation, generation), isNull(authSessions.endedAt)))
      .returning({ generation: authSessions.generation })
  )[0];
  if (won) return { kind: "ok", generation: won.generation };
  const row = (await db.select().from(authSessions).where(eq(authSessions.id, familyId)).limit(1))[0];
  if (!row || row.endedAt) return { kind: "ended" };
  if (row.generation === generation + 1 && now - row.rotatedAt < ROTATION_GRACE_MS) return { kind: "ok", generation: row.generation };
  return { kind: "replay", userId: row.userId };
}

/** Whether a family is still live (logout and every ending mark it). */
export async function familyIsLive(db: DbOrTx, familyId: string): Promise<boolean> {
  const row = (await db.select({ endedAt: authSessions.endedAt }).from(authSessions).where(eq(authSessions.id, familyId)).limit(1))[0];
  return !!row && !row.endedAt;
}

/**
 * Whether the session of an access token is live. With one session per user (the default) an
 * ending moves the user's token version, which every request already checks, so nothing more is
 * read; with several, each request reads its session row (one prepared primary-key lookup).
 */
export async function accessSessionLive(deps: Pick<Deps, "db" | "caches">, companyId: number, familyId: string, userId: number): Promise<boolean> {
  return (await singleSession(deps, companyId)) || (await sessionIsLive(deps.db, familyId, userId));
}

/** The company's sessions policy: one per user (D3, the default) or several. */
export const singleSession = async (deps: Pick<Deps, "db" | "caches">, companyId: number) =>
  (await getSetting(deps, companyId, "singleSession")) !== "disabled";

/** Whether a session family is live and belongs to the user (one prepared primary-key lookup). */
export async function sessionIsLive(db: DB, familyId: string, userId: number): Promise<boolean> {
  const q = prepared(db, "auth.session-live", (d) =>
    d
      .select({ userId: authSessions.userId, endedAt: authSessions.endedAt })
      .from(authSessions)
      .where(eq(authSessions.id, sql.placeholder("id")))
      .prepare(),
  );
  const row = await q.get({ id: familyId });
  return !!row && row.userId === userId && !row.endedAt;
}

async function markEnded(db: DbOrTx, userIds: number[], reason: string) {
  if (!userIds.length) return;
  await db
    .update(authSessions)
    .set({ endedAt: nowIso(), endReason: reason })
    .where(and(inArray(authSessions.userId, userIds), isNull(authSessions.endedAt)));
}

/**
 * Ends every session of a user at once: access tokens and refresh cookies stop working and their
 * open sockets close with 4401 (the SPA goes to /login). Password changes, demotion, deletion, a
 * second factor reset and a replayed refresh token call it.
 */
export async function endUserSessions(deps: Pick<Deps, "db" | "hub">, userId: number, reason: string) {
  await endUserSessionsOffline(deps.db, userId, reason);
  deps.hub.closeUser(userId, reason, CLOSE.sessionEnded);
  await publishEnded(deps, userId);
  log.info("sessions ended", { userId, reason });
}

/**
 * Ends some of a user's sessions (by id), or all but one (`except`): their refresh cookies and
 * access tokens stop working and their sockets close; the user's other sessions go on. Answers the
 * ids ended.
 */
export async function endSessions(
  deps: Pick<Deps, "db" | "hub" | "caches">,
  userId: number,
  which: { ids?: string[]; except?: string },
  reason: string,
): Promise<string[]> {
  const where = [eq(authSessions.userId, userId), isNull(authSessions.endedAt)];
  if (which.ids) where.push(inArray(authSessions.id, which.ids.length ? which.ids : [""]));
  if (which.except) where.push(ne(authSessions.id, which.except));
  const ended = (
    await deps.db
      .update(authSessions)
      .set({ endedAt: nowIso(), endReason: reason })
      .where(and(...where))
      .returning({ id: authSessions.id })
  ).map((r) => r.id);
  // With one session per user, access tokens are not checked against their session: the version moves.
  if (ended.length && which.ids && (await singleSession(deps, await companyOf(deps.db, userId)))) await bumpTokenVersion(deps.db, userId);
  for (const id of ended) deps.hub.closeSession(id, reason, CLOSE.sessionEnded);
  if (ended.length && deps.hub.socketCount(userId) === 0) await publishEnded(deps, userId);
  if (ended.length) log.info("sessions ended", { userId, count: ended.length, reason });
  return ended;
}

/** A user's live sessions, most recently used first (`current`: the caller's own). */
export async function listSessions(db: DbOrTx, userId: number, current: string | undefined, now = Date.now()): Promise<AuthSessionDto[]> {
  return (
    await db
      .select()
      .from(authSessions)
      .where(and(eq(authSessions.userId, userId), isNull(authSessions.endedAt), gt(authSessions.rotatedAt, now - REFRESH_TTL_S * 1000)))
      .orderBy(desc(authSessions.rotatedAt))
      .limit(100)
  ).map((r) => ({
    id: r.id,
    device: r.device,
    browser: r.browser,
    address: r.address,
    startedAt: r.createdAt,
    lastSeenAt: new Date(r.rotatedAt).toISOString(),
    current: r.id === current,
  }));
}

/** Ends the sessions of every user of a company (blocked company); super users are never locked out. */
export async function endCompanySessions(deps: Pick<Deps, "db" | "hub">, companyId: number, reason: string) {
  const ids = await deps.db.transaction(async (tx) => {
    const ended = await bumpCompanyTokenVersions(tx, companyId);
    await markEnded(tx, ended, reason);
    return ended;
  });
  for (const id of ids) deps.hub.closeUser(id, reason, CLOSE.sessionEnded);
  log.info("company sessions ended", { companyId, users: ids.length, reason });
  return ids.length;
}

/** For operator commands run in their own process (no hub): ends the user's families in the database. */
export async function endUserSessionsOffline(db: DbOrTx, userId: number, reason: string) {
  await db.transaction(async (tx) => {
    await bumpTokenVersion(tx, userId);
    await markEnded(tx, [userId], reason);
  });
}
