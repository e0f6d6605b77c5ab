/**
 * Attempt limiters as services see them. Asynchronous: one box counts in memory (`http/rate-limit.ts` behind
 * `cluster/limiter.ts` LocalLimiter); several nodes on PostgreSQL count in one table (`cluster/limiter-pg.ts`), so
 * a budget holds across every node.
 */

/** One limiter's budget: at most `max` attempts per key in any `windowMs`. */
export interface LimiterBudget {
  /** Names the limiter in the shared table ("login.pair", "api"…): two limiters never share counts. */
  scope: string;
  max: number;
  windowMs: number;
}

/** A limiter of attempts per key (a sliding window). */
export interface SharedLimiter {
  readonly budget: LimiterBudget;
  /**
   * Counts one attempt if the key is within its budget and answers 0; otherwise counts nothing and answers the
   * seconds until it would be. Check and count are one step: parallel calls on any nodes never exceed the budget.
   */
  take(key: string): Promise<number>;
  /** Seconds until the key may try again, or 0; counts nothing. */
  blockedFor(key: string): Promise<number>;
  /** Counts an attempt whatever the budget (a failed sign-in, known only after the password was checked). */
  fail(key: string): Promise<void>;
  /** Forgets the key's attempts (a success that clears them). */
  reset(key: string): Promise<void>;
}

/** Failed sign-ins per account and per (account, address). */
export interface LoginThrottle {
  /** Seconds until this account may try again from this address, or 0. */
  blockedFor(email: string, ip: string): Promise<number>;
  fail(email: string, ip: string): Promise<void>;
  /** A success clears this address's count for the account only. */
  succeed(email: string, ip: string): Promise<void>;
}

/** The limiters of the app (Deps.limiters). */
export interface Limiters {
  login: LoginThrottle;
  signup: SharedLimiter;
  api: SharedLimiter;
  passkey: SharedLimiter;
}
