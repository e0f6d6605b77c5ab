/**
 * Passkeys (WebAuthn, through @simplewebauthn/server): registration and assertion of platform or
 * roaming authenticators. The relying party is PUBLIC_URL's host, or the request's own (see
 * `relyingParty` in routes-security.ts). The WebAuthn challenge of each ceremony is kept in a
 * one-time auth_challenges row, never in memory.
 */
import type { AuthenticationResponseJSON, RegistrationResponseJSON, verifyRegistrationResponse } from "@simplewebauthn/server";
import { and, asc, count, eq } from "drizzle-orm";
import type { PasskeyDto } from "../../contract/dto/auth";
import { LIMITS } from "../../contract/limits";
import type { DbOrTx } from "../../core/db";
import { AppError } from "../../core/errors";
import { nowIso } from "../../lib/dates";
import { log } from "../../lib/logger";
import { type PasskeyRow, passkeys } from "./schema";

/** The site passkeys are bound to: its host name (`id`) and the origin pages are served from. */
/**
 * @simplewebauthn/server loads on first use: importing it costs 150-450 ms (the x509 and ASN.1 stack), which every
 * boot would pay. Its certificate code needs the Reflect metadata polyfill loaded first (in the single binary the
 * bundle's order does not guarantee it).
 */
let library: Promise<typeof import("@simplewebauthn/server")> | undefined;
const webauthn = () => (library ??= import("reflect-metadata").then(() => import("@simplewebauthn/server")));

export interface RelyingParty {
  id: string;
  origin: string;
}

const RP_NAME = "Balcão";
const transportsOf = (r: PasskeyRow) => JSON.parse(r.transports) as AuthenticatorTransport[];

/** A user's passkeys, oldest first. */
export async function listPasskeys(db: DbOrTx, userId: number): Promise<PasskeyDto[]> {
  return (await db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.id))).map((r) => ({
    id: r.id,
    name: r.name,
    createdAt: r.createdAt,
    lastUsedAt: r.lastUsedAt,
  }));
}

/** How many passkeys a user has. */
export const countPasskeys = async (db: DbOrTx, userId: number) =>
  (await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1))[0]?.n ?? 0;

/** Removes one of the user's passkeys; answers its name, or null when it is not theirs. */
export async function removePasskey(db: DbOrTx, userId: number, id: number): Promise<string | null> {
  return (
    (
      await db
        .delete(passkeys)
        .where(and(eq(passkeys.userId, userId), eq(passkeys.id, id)))
        .returning({ name: passkeys.name })
    )[0]?.name ?? null
  );
}

/** Removes every passkey of a user (an admin's reset). */
export async function dropPasskeys(db: DbOrTx, userId: number) {
  await db.delete(passkeys).where(eq(passkeys.userId, userId));
}

/** Options for creating a passkey (the user's existing ones are excluded, so one authenticator is not added twice). */
export async function registrationOptions(db: DbOrTx, rp: RelyingParty, user: { id: number; email: string; name: string }) {
  const mine = await db.select().from(passkeys).where(eq(passkeys.userId, user.id));
  if (mine.length >= LIMITS.passkeysMax) throw new AppError("ERR_PASSKEY_LIMIT", 400, { max: LIMITS.passkeysMax });
  const { generateRegistrationOptions } = await webauthn();
  return generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name,
    userID: new TextEncoder().encode(`balcao-user-${user.id}`),
    attestationType: "none",
    excludeCredentials: mine.map((p) => ({ id: p.credentialId, transports: transportsOf(p) })),
    // discoverable when the authenticator can: such a passkey also signs in without the password
    authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
  });
}

/** Checks a new passkey against its challenge and stores it under the name the user gave. */
export async function registerPasskey(
  db: DbOrTx,
  rp: RelyingParty,
  owner: { userId: number; companyId: number },
  expectedChallenge: string,
  response: unknown,
  name: string,
): Promise<PasskeyDto> {
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    const { verifyRegistrationResponse } = await webauthn();
    verified = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
  } catch (e) {
    log.info("passkey registration refused", { err: String(e) });
    throw new AppError("ERR_PASSKEY_INVALID", 400);
  }
  if (!verified.verified) throw new AppError("ERR_PASSKEY_INVALID", 400);
  const { credential } = verified.registrationInfo;
  if ((await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.credentialId, credential.id)).limit(1))[0]) {
    throw new AppError("ERR_PASSKEY_INVALID", 400);
  }
  const row = (
    await db
      .insert(passkeys)
      .values({
        userId: owner.userId,
        companyId: owner.companyId,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString("base64url"),
        counter: credential.counter,
        transports: JSON.stringify((credential.transports ?? []).slice(0, 8)),
        name: name.slice(0, LIMITS.passkeyNameMax),
        createdAt: nowIso(),
      })
      .returning()
  )[0];
  return { id: row.id, name: row.name, createdAt: row.createdAt, lastUsedAt: null };
}

/** Options for signing in with a passkey: the user's passkeys (second step), or any discoverable one (no user yet). */
export async function authenticationOptions(db: DbOrTx, rp: RelyingParty, userId: number | null) {
  const allow = userId === null ? [] : await db.select().from(passkeys).where(eq(passkeys.userId, userId));
  const { generateAuthenticationOptions } = await webauthn();
  return generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: allow.map((p) => ({ id: p.credentialId, transports: transportsOf(p) })),
    userVerification: userId === null ? "required" : "preferred",
  });
}

/**
 * Checks a passkey's answer to a challenge; answers the user it belongs to, or null. `userId`: the
 * second step of that user (their passkey only). Without it (a sign-in by passkey alone) the
 * authenticator must have verified the person (PIN or biometrics), since no password was given.
 */
export async function verifyPasskey(db: DbOrTx, rp: RelyingParty, expectedChallenge: string, response: unknown, userId: number | null): Promise<number | null> {
  const id = typeof (response as { id?: unknown })?.id === "string" ? (response as { id: string }).id : "";
  if (!id || id.length > 1500) return null;
  const row = (await db.select().from(passkeys).where(eq(passkeys.credentialId, id)).limit(1))[0];
  if (!row || (userId !== null && row.userId !== userId)) return null;
  try {
    const { verifyAuthenticationResponse } = await webauthn();
    const result = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: row.credentialId,
        publicKey: new Uint8Array(Buffer.from(row.publicKey, "base64url")),
        counter: row.counter,
        transports: transportsOf(row),
      },
      requireUserVerification: userId === null,
    });
    if (!result.verified) return null;
    await db.update(passkeys).set({ counter: result.authenticationInfo.newCounter, lastUsedAt: nowIso() }).where(eq(passkeys.id, row.id));
    return row.userId;
  } catch (e) {
    log.info("passkey assertion refused", { err: String(e) });
    return null;
  }
}
