/**
 * Secrets at rest: values sealed with AES-256-GCM under a key derived from the data folder's
 * encryption key (config `encryptionKey`), and peppered one-way hashes for one-time codes.
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from "node:crypto";

const derive = (key: string, purpose: string) => createHash("sha256").update(`${purpose}\u0000${key}`).digest();

/** Seals a short secret: `v1.<iv>.<tag>.<ciphertext>` in base64url. */
export function seal(key: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", derive(key, "seal"), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".");
}

/** Opens a sealed value; null when it was sealed with another key or altered. */
export function unseal(key: string, sealed: string): string | null {
  const [v, iv, tag, body] = sealed.split(".");
  if (v !== "v1" || !iv || !tag || body === undefined) return null;
  try {
    const d = createDecipheriv("aes-256-gcm", derive(key, "seal"), Buffer.from(iv, "base64url"));
    d.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([d.update(Buffer.from(body, "base64url")), d.final()]).toString("utf8");
  } catch {
    return null;
  }
}

/** A peppered SHA-256 (HMAC) of a one-time code: the database alone cannot be brute-forced offline. */
export const pepperedHash = (key: string, value: string) => createHmac("sha256", derive(key, "pepper")).update(value).digest("hex");

/** SHA-256 hex of a bearer value kept server-side only by its hash (challenge tokens). */
export const sha256Hex = (value: string) => createHash("sha256").update(value).digest("hex");

/** A random token (base64url). */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString("base64url");
