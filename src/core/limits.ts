/** Attempt limiters as services see them (the in-memory implementation is `http/rate-limit.ts`). */

/** Counts failed attempts per key in a sliding window. */
export interface AttemptLimiter {
  /** Seconds until the key may try again, or 0 when allowed. */
  blockedFor(key: string, now?: number): number;
  fail(key: string, now?: number): void;
  reset(key: string): void;
}

/** Failed sign-ins per account and per (account, address). */
export interface LoginThrottle {
  /** Seconds until this account may try again from this address, or 0. */
  blockedFor(email: string, ip: string, now?: number): number;
  fail(email: string, ip: string, now?: number): void;
  /** A success clears this address's count for the account only. */
  succeed(email: string, ip: string): void;
}
