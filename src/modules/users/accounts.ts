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
export async function insertUser(db: DbOrTx, values: NewUser): Promise<UserRow> {
  const now = nowIso();
  return (
    await db
      .insert(users)
      .values({ ...values, createdAt: now, updatedAt: now })
      .returning()
  )[0];
}

/** A sign-in starts a new session: older tokens stop working (single session, D3). */
export async function startSession(db: DbOrTx, userId: number): Promise<UserRow> {
  return (
    await db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1`, online: true, lastSeenAt: nowIso() })
      .where(eq(users.id, userId))
      .returning()
  )[0]!;
}

/** A sign-in alongside the user's other sessions (several sessions allowed): online, tokens unchanged. */
export async function markSignedIn(db: DbOrTx, userId: number): Promise<UserRow> {
  return (await db.update(users).set({ online: true, lastSeenAt: nowIso() }).where(eq(users.id, userId)).returning())[0]!;
}

/**
 * Sets a new password hash and ends every session of the user (their tokens stop working; the auth
 * module's endUserSessions also closes their sockets). `mustChange`: a generated password that the
 * user must replace at the next sign-in.
 */
export async function setPasswordHash(db: DbOrTx, userId: number, passwordHash: string, mustChange = false) {
  await db
    .update(users)
    .set({ passwordHash, mustChangePassword: mustChange, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: nowIso() })
    .where(eq(users.id, userId));
}

/** Ends every session of a user: access and refresh tokens of older versions are refused from now on. */
export async function bumpTokenVersion(db: DbOrTx, userId: number) {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, online: false })
    .where(eq(users.id, userId));
}

/** Ends the sessions of every user of a company except super users (never locked out); answers their ids. */
export async function bumpCompanyTokenVersions(db: DbOrTx, companyId: number): Promise<number[]> {
  return (
    await db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1`, online: false })
      .where(and(eq(users.companyId, companyId), eq(users.super, false)))
      .returning({ id: users.id })
  ).map((r) => r.id);
}

/** A deleted connection is nobody's default connection any more. */
export async function clearDefaultConnection(db: DbOrTx, companyId: number, whatsappId: number) {
  await db
    .update(users)
    .set({ whatsappId: null })
    .where(and(eq(users.companyId, companyId), eq(users.whatsappId, whatsappId)));
}
