import { jwtVerify, SignJWT } from "jose";

export const ACCESS_TTL_S = 15 * 60;
export const REFRESH_TTL_S = 7 * 24 * 3600;
export const REFRESH_COOKIE = "jrt";

export interface AccessClaims {
  id: number;
  companyId: number;
  profile: string;
  tv: number;
  /** The session family (auth_sessions.id) the token belongs to: ending that session refuses it. */
  sid: string;
}
export interface RefreshClaims {
  id: number;
  companyId: number;
  tokenVersion: number;
  /** The session family (auth_sessions.id) and the generation of this token inside it. */
  sid: string;
  gen: number;
}

const key = (secret: string) => new TextEncoder().encode(secret);

/** Signs a short-lived access token (Bearer). */
export function signAccess(secret: string, c: AccessClaims, ttl = ACCESS_TTL_S) {
  return new SignJWT({ ...c }).setProtectedHeader({ alg: "HS256" }).setIssuedAt().setExpirationTime(`${ttl}s`).sign(key(secret));
}

/** Signs a refresh token (kept in the httpOnly cookie). */
export function signRefresh(secret: string, c: RefreshClaims) {
  return new SignJWT({ ...c }).setProtectedHeader({ alg: "HS256" }).setIssuedAt().setExpirationTime(`${REFRESH_TTL_S}s`).sign(key(secret));
}

const VERIFIED_MAX = 2000;
/** Tokens already verified (by secret and token), kept until they expire: every request presents one. */
const verified = new Map<string, { payload: unknown; expMs: number }>();

/** Verifies a token; null when invalid or expired. */
export async function verifyToken<T>(secret: string, token: string): Promise<T | null> {
  const cacheKey = `${secret}\u0000${token}`;
  const hit = verified.get(cacheKey);
  if (hit) {
    if (hit.expMs > Date.now()) return hit.payload as T;
    verified.delete(cacheKey);
  }
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ["HS256"] });
    if (typeof payload.exp === "number") {
      if (verified.size >= VERIFIED_MAX) verified.clear();
      verified.set(cacheKey, { payload, expMs: payload.exp * 1000 });
    }
    return payload as T;
  } catch {
    return null;
  }
}
