/** A random UUID v4 (ticket and contact uuids). */
export const uuid = () => crypto.randomUUID();

/** A random URL-safe secret of n bytes. */
export const randomSecret = (bytes = 24) => Buffer.from(crypto.getRandomValues(new Uint8Array(bytes))).toString("base64url");

/** A readable generated password (no ambiguous characters). */
export function generatePassword(length = 16): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("");
}
