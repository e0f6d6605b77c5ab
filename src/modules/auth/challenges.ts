/**
 * Short-lived, one-time sign-in challenges (auth_challenges). The client holds a random token; the
 * database keeps its SHA-256 only, so a copy of the database answers no challenge. Expired rows are
 * removed whenever a new one is created.
 */
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../../core/db";
import { randomToken, sha256Hex } from "../../lib/sealed";
import { type AuthChallengeRow, authChallenges } from "./schema";

export type ChallengeKind = "signin" | "enrol" | "password" | "passkey" | "register";

/** Creates a challenge; answers the token the client presents next. */
export async function createChallenge(db: DbOrTx, kind: ChallengeKind, userId: number | null, ttlMs: number, now: number, webauthn?: string): Promise<string> {
  await db.delete(authChallenges).where(lt(authChallenges.expiresAt, now));
  const token = randomToken();
  await db.insert(authChallenges).values({ id: sha256Hex(token), kind, userId, webauthn: webauthn ?? null, expiresAt: now + ttlMs });
  return token;
}

/** The live challenge of a token and kind, or null (unknown, expired, or of another kind). */
export async function findChallenge(db: DbOrTx, token: string, kind: ChallengeKind, now: number): Promise<AuthChallengeRow | null> {
  if (!token || token.length > 100) return null;
  return (
    (
      await db
        .select()
        .from(authChallenges)
        .where(and(eq(authChallenges.id, sha256Hex(token)), eq(authChallenges.kind, kind), gt(authChallenges.expiresAt, now)))
        .limit(1)
    )[0] ?? null
  );
}

/** Uses a challenge up: true for the one caller that removed it (two parallel answers: one wins). */
export async function consumeChallenge(db: DbOrTx, row: AuthChallengeRow): Promise<boolean> {
  return !!(await db.delete(authChallenges).where(eq(authChallenges.id, row.id)).returning({ id: authChallenges.id }))[0];
}

/** Sets the WebAuthn challenge a challenge row waits for (a second step or a forced setup answered by a passkey). */
export async function setWebauthnChallenge(db: DbOrTx, row: AuthChallengeRow, webauthn: string | null) {
  await db.update(authChallenges).set({ webauthn }).where(eq(authChallenges.id, row.id));
}

/** Counts a wrong answer; past `max` the challenge is gone (the password must be given again). */
export async function failChallenge(db: DbOrTx, row: AuthChallengeRow, max: number) {
  const left = (
    await db
      .update(authChallenges)
      .set({ attempts: sql`${authChallenges.attempts} + 1`, webauthn: null })
      .where(eq(authChallenges.id, row.id))
      .returning({ attempts: authChallenges.attempts })
  )[0];
  if (left && left.attempts >= max) await db.delete(authChallenges).where(eq(authChallenges.id, row.id));
}
