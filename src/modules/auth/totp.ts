/**
 * The authenticator app (TOTP, RFC 6238: SHA-1, 6 digits, 30 s, through `otpauth`) and the
 * recovery codes. Secrets are sealed with the data folder's key and never answered after setup; a
 * code is accepted once (the last step used is remembered per user); recovery codes are kept as
 * peppered hashes and each works once.
 */
import { and, count, eq, isNull, sql } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import QRCode from "qrcode";
import type { TotpSetupDto } from "../../contract/dto/auth";
import { LIMITS } from "../../contract/limits";
import type { DbOrTx } from "../../core/db";
import type { Deps } from "../../core/deps";
import { nowIso } from "../../lib/dates";
import { pepperedHash, seal, unseal } from "../../lib/sealed";
import { recoveryCodes, userSecondFactors } from "./schema";

const PERIOD_S = 30;
/** A setup waits this long for its first code. */
const PENDING_TTL_MS = 15 * 60_000;
const ISSUER = "Balcão";

const totpOf = (secretBase32: string, label = "") =>
  new OTPAuth.TOTP({ issuer: ISSUER, label, algorithm: "SHA1", digits: 6, period: PERIOD_S, secret: OTPAuth.Secret.fromBase32(secretBase32) });

/** The user's second-factor row (created on first use). */
async function rowOf(db: DbOrTx, userId: number) {
  return (await db.select().from(userSecondFactors).where(eq(userSecondFactors.userId, userId)).limit(1))[0];
}

async function upsert(db: DbOrTx, userId: number, set: Partial<typeof userSecondFactors.$inferInsert>) {
  await db
    .insert(userSecondFactors)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: userSecondFactors.userId, set });
}

/** Whether the user's authenticator app is on. */
export async function hasTotp(db: DbOrTx, userId: number): Promise<boolean> {
  return !!(await rowOf(db, userId))?.totpSecret;
}

/** Starts (or restarts) a setup: a new secret waits for its first code; the app in use, if any, stays on until then. */
export async function startTotpSetup(deps: Pick<Deps, "db" | "config" | "clock">, userId: number, email: string): Promise<TotpSetupDto> {
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  await upsert(deps.db, userId, { pendingSecret: seal(deps.config.encryptionKey, secret), pendingAt: deps.clock.now() });
  const uri = totpOf(secret, email).toString();
  return { secret, uri, qr: await QRCode.toDataURL(uri, { margin: 1, width: 220 }) };
}

/** The time step a code belongs to, or null when it is not a current code of the secret. */
function stepOf(secret: string, code: string, now: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_S) + delta;
}

/** Confirms a setup with its first code: the new secret becomes the user's. False for a wrong or late code. */
export async function confirmTotpSetup(deps: Pick<Deps, "db" | "config" | "clock">, userId: number, code: string, db: DbOrTx = deps.db): Promise<boolean> {
  const row = await rowOf(db, userId);
  const now = deps.clock.now();
  if (!row?.pendingSecret || !row.pendingAt || now - row.pendingAt > PENDING_TTL_MS) return false;
  const secret = unseal(deps.config.encryptionKey, row.pendingSecret);
  const step = secret ? stepOf(secret, code, now) : null;
  if (step === null) return false;
  await upsert(db, userId, { totpSecret: row.pendingSecret, totpLastStep: step, totpEnabledAt: nowIso(), pendingSecret: null, pendingAt: null });
  return true;
}

/**
 * Checks a code of the user's app. A code whose time step was already used (by this code or a
 * later one) is refused: a code seen over someone's shoulder cannot be used again.
 */
export async function verifyTotp(deps: Pick<Deps, "db" | "config" | "clock">, userId: number, code: string): Promise<boolean> {
  const row = await rowOf(deps.db, userId);
  if (!row?.totpSecret) return false;
  const secret = unseal(deps.config.encryptionKey, row.totpSecret);
  const step = secret ? stepOf(secret, code, deps.clock.now()) : null;
  if (step === null) return false;
  // compare-and-set: of two requests with one code, one wins
  const won = (
    await deps.db
      .update(userSecondFactors)
      .set({ totpLastStep: step })
      .where(and(eq(userSecondFactors.userId, userId), sql`${userSecondFactors.totpLastStep} < ${step}`))
      .returning({ userId: userSecondFactors.userId })
  )[0];
  return !!won;
}

/** Turns the app off (and drops a setup in progress). */
export async function disableTotp(db: DbOrTx, userId: number) {
  await db
    .update(userSecondFactors)
    .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: 0, pendingSecret: null, pendingAt: null })
    .where(eq(userSecondFactors.userId, userId));
}

/** Whether a super user was already asked to set a second factor up; marks them asked. */
export async function askedOnce(db: DbOrTx, userId: number): Promise<boolean> {
  if ((await rowOf(db, userId))?.promptedAt) return true;
  await upsert(db, userId, { promptedAt: nowIso() });
  return false;
}

// ---- recovery codes

const CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** A recovery code as typed: lower case, without spaces or dashes. */
const normalizeCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, "");

function newCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  const chars = [...bytes].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** Replaces the user's recovery codes with a new set; answers the codes (shown once). */
export async function newRecoveryCodes(deps: Pick<Deps, "config">, db: DbOrTx, userId: number): Promise<string[]> {
  const codes = Array.from({ length: LIMITS.recoveryCodes }, newCode);
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codes.map((c) => ({ userId, codeHash: pepperedHash(deps.config.encryptionKey, normalizeCode(c)) })));
  return codes;
}

/** Uses a recovery code up: true once per code (two requests with one code: one wins). */
export async function redeemRecoveryCode(deps: Pick<Deps, "db" | "config">, userId: number, code: string): Promise<boolean> {
  const normalized = normalizeCode(code);
  if (!/^[a-z0-9]{10}$/.test(normalized)) return false;
  const hash = pepperedHash(deps.config.encryptionKey, normalized);
  return !!(
    await deps.db
      .update(recoveryCodes)
      .set({ usedAt: nowIso() })
      .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hash), isNull(recoveryCodes.usedAt)))
      .returning({ id: recoveryCodes.id })
  )[0];
}

/** Unused recovery codes of a user. */
export async function recoveryCodesLeft(db: DbOrTx, userId: number): Promise<number> {
  return (
    (
      await db
        .select({ n: count() })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
        .limit(1)
    )[0]?.n ?? 0
  );
}

/** Removes every recovery code of a user (the last second factor went away). */
export async function dropRecoveryCodes(db: DbOrTx, userId: number) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}
