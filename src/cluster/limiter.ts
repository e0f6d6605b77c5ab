/**
 * Limiters whose counts several nodes share (docs/SCALING.md, "Shared limits"): sign-in, sign-up, passkey and the
 * send API count attempts per key across every node. Several nodes: PgLimiter (cluster/limiter-pg.ts, one row per
 * key in `limiter_hits`); one box: LocalLimiter, the in-memory AttemptLimiter of today behind the same interface.
 * The window is sliding, as AttemptLimiter's: at most `max` counted attempts in any `windowMs`.
 */
import type { AttemptLimiter } from "../core/limits";

/** One limiter's budget: at most `max` attempts per key in any `windowMs`. */
export interface LimiterBudget {
  /** Names the limiter in the shared table ("login.pair", "api"…): two limiters never share counts. */
  scope: string;
  max: number;
  windowMs: number;
}

/** A limiter of attempts per key. */
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

/**
 * One box: today's in-memory AttemptLimiter (http/rate-limit.ts), made by the wiring with the same budget; take() is
 * atomic because the process runs it in one synchronous step.
 */
export class LocalLimiter implements SharedLimiter {
  constructor(
    readonly budget: LimiterBudget,
    private readonly inner: AttemptLimiter,
  ) {}

  async take(key: string) {
    const wait = this.inner.blockedFor(key);
    if (wait === 0) this.inner.fail(key);
    return wait;
  }
  async blockedFor(key: string) {
    return this.inner.blockedFor(key);
  }
  async fail(key: string) {
    this.inner.fail(key);
  }
  async reset(key: string) {
    this.inner.reset(key);
  }
}
