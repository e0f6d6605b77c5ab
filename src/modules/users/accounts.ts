/**
 * Writes to `users` that other areas need (sign-up, seed, CLI, sign-in, connections): the users
 * module stays the only writer of its table (tests/unit/ownership.test.ts).
 */
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../core/db";
import { nowIso } from "../../lib/dates";
import { type UserRow, users } from "./schema";

export type NewUser = Omit<typeof users.$inferInsert, "id" | "createdAt" | "updatedAt">;

/** Inserts a user (inside the caller's transaction when given one). */
export function insertUser(db: DbOrTx, values: NewUser): UserRow {
  const now = nowIso();
  return db
    .insert(users)
    .values({ ...values, createdAt: now, updatedAt: now })
    .returning()
    .get();
}

/** A sign-in starts a new session: older tokens stop working (single session, D3). */
export function startSession(db: DbOrTx, userId: number): UserRow {
  return db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, online: true, lastSeenAt: nowIso() })
    .where(eq(users.id, userId))
    .returning()
    .get()!;
}

/** A sign-in alongside the user's other sessions (several sessions allowed): online, tokens unchanged. */
export function markSignedIn(db: DbOrTx, userId: number): UserRow {
  return db.update(users).set({ online: true, lastSeenAt: nowIso() }).where(eq(users.id, userId)).returning().get()!;
}

/**
 * Sets a new password hash and ends every session of the user (their tokens stop working; the auth
 * module's endUserSessions also closes their sockets). `mustChange`: a generated password that the
 * user must replace at the next sign-in.
 */
export function setPasswordHash(db: DbOrTx, userId: number, passwordHash: string, mustChange = false) {
  db.update(users)
    .set({ passwordHash, mustChangePassword: mustChange, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: nowIso() })
    .where(eq(users.id, userId))
    .run();
}

/** Ends every session of a user: access and refresh tokens of older versions are refused from now on. */
export function bumpTokenVersion(db: DbOrTx, userId: number) {
  db.update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, online: false })
    .where(eq(users.id, userId))
    .run();
}

/** Ends the sessions of every user of a company except super users (never locked out); answers their ids. */
export function bumpCompanyTokenVersions(db: DbOrTx, companyId: number): number[] {
  return db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, online: false })
    .where(and(eq(users.companyId, companyId), eq(users.super, false)))
    .returning({ id: users.id })
    .all()
    .map((r) => r.id);
}

/** A deleted connection is nobody's default connection any more. */
export function clearDefaultConnection(db: DbOrTx, companyId: number, whatsappId: number) {
  db.update(users)
    .set({ whatsappId: null })
    .where(and(eq(users.companyId, companyId), eq(users.whatsappId, whatsappId)))
    .run();
}
