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
export function createChallenge(db: DbOrTx, kind: ChallengeKind, userId: number | null, ttlMs: number, now: number, webauthn?: string): string {
  db.delete(authChallenges).where(lt(authChallenges.expiresAt, now)).run();
  const token = randomToken();
  db.insert(authChallenges)
    .values({ id: sha256Hex(token), kind, userId, webauthn: webauthn ?? null, expiresAt: now + ttlMs })
    .run();
  return token;
}

/** The live challenge of a token and kind, or null (unknown, expired, or of another kind). */
export function findChallenge(db: DbOrTx, token: string, kind: ChallengeKind, now: number): AuthChallengeRow | null {
  if (!token || token.length > 100) return null;
  return (
    db
      .select()
      .from(authChallenges)
      .where(and(eq(authChallenges.id, sha256Hex(token)), eq(authChallenges.kind, kind), gt(authChallenges.expiresAt, now)))
      .get() ?? null
  );
}

/** Uses a challenge up: true for the one caller that removed it (two parallel answers: one wins). */
export function consumeChallenge(db: DbOrTx, row: AuthChallengeRow): boolean {
  return !!db.delete(authChallenges).where(eq(authChallenges.id, row.id)).returning({ id: authChallenges.id }).get();
}

/** Sets the WebAuthn challenge a challenge row waits for (a second step or a forced setup answered by a passkey). */
export function setWebauthnChallenge(db: DbOrTx, row: AuthChallengeRow, webauthn: string | null) {
  db.update(authChallenges).set({ webauthn }).where(eq(authChallenges.id, row.id)).run();
}

/** Counts a wrong answer; past `max` the challenge is gone (the password must be given again). */
export function failChallenge(db: DbOrTx, row: AuthChallengeRow, max: number) {
  const left = db
    .update(authChallenges)
    .set({ attempts: sql`${authChallenges.attempts} + 1`, webauthn: null })
    .where(eq(authChallenges.id, row.id))
    .returning({ attempts: authChallenges.attempts })
    .get();
  if (left && left.attempts >= max) db.delete(authChallenges).where(eq(authChallenges.id, row.id)).run();
}
