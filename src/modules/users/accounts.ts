/**
 * Writes to `users` that other areas need (sign-up, seed, CLI, sign-in, connections): the users
 * module stays the only writer of its table (tests/unit/ownership.test.ts).
 */
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
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

/** A sign-in starts a new session: older tokens stop working (single session, decision 3). */
export function startSession(db: DbOrTx, userId: number): UserRow {
  return db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, online: true, lastSeenAt: nowIso() })
    .where(eq(users.id, userId))
    .returning()
    .get()!;
}

/** Sets a new password hash and ends every session of the user. */
export function setPasswordHash(db: DbOrTx, userId: number, passwordHash: string) {
  db.update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: nowIso() })
    .where(eq(users.id, userId))
    .run();
}

/** A deleted connection is nobody's default connection any more. */
export function clearDefaultConnection(db: DbOrTx, companyId: number, whatsappId: number) {
  db.update(users)
    .set({ whatsappId: null })
    .where(and(eq(users.companyId, companyId), eq(users.whatsappId, whatsappId)))
    .run();
}
