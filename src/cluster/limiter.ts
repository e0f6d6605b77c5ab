/**
 * Limiters whose counts several nodes share (docs/SCALING.md, "Shared limits"): sign-in, sign-up, passkey and the
 * send API count attempts per key across every node. Several nodes: PgLimiter (cluster/limiter-pg.ts, one row per
 * key in `limiter_hits`); one box: LocalLimiter, the in-memory AttemptLimiter of today behind the same interface.
 * The window is sliding, as AttemptLimiter's: at most `max` counted attempts in any `windowMs`.
 */
import { LIMITS } from "../contract/limits";
import type { LimiterBudget, Limiters, LoginThrottle, SharedLimiter } from "../core/limits";

export type { LimiterBudget, SharedLimiter };

/** The app's budgets: sign-in per (account, address) and per account, sign-up per address, send API per connection, passkey options per address. */
export const BUDGETS = {
  loginPair: { scope: "login.pair", max: 5, windowMs: 15 * 60_000 },
  loginAccount: { scope: "login.account", max: 20, windowMs: 15 * 60_000 },
  signup: { scope: "signup", max: 20, windowMs: 60 * 60_000 },
  api: { scope: "api", max: LIMITS.apiSendsPerMinute, windowMs: 60_000 },
  passkey: { scope: "passkey", max: 30, windowMs: 60_000 },
} as const satisfies Record<string, LimiterBudget>;

/** The app's limiters, each made by `make` (LocalLimiter on one box, PgLimiter on PostgreSQL). */
export function createLimiters(make: (budget: LimiterBudget) => SharedLimiter): Limiters {
  return {
    login: new SharedLoginThrottle(make(BUDGETS.loginPair), make(BUDGETS.loginAccount)),
    signup: make(BUDGETS.signup),
    api: make(BUDGETS.api),
    passkey: make(BUDGETS.passkey),
  };
}

/**
 * Failed sign-ins counted per account and per (account, address), so one person's typos behind an
 * office NAT lock out only that person on that address, a password sprayed from many addresses still
 * hits the account's ceiling, and a success on one account never clears another's counters.
 */
export class SharedLoginThrottle implements LoginThrottle {
  constructor(
    readonly pair: SharedLimiter,
    readonly account: SharedLimiter,
  ) {}

  /** Seconds until this account may try again from this address, or 0. */
  async blockedFor(email: string, ip: string): Promise<number> {
    const [pair, account] = await Promise.all([this.pair.blockedFor(`${email}|${ip}`), this.account.blockedFor(email)]);
    return Math.max(pair, account);
  }

  async fail(email: string, ip: string): Promise<void> {
    await Promise.all([this.pair.fail(`${email}|${ip}`), this.account.fail(email)]);
  }

  /**
   * A success clears this address's count for the account only: the account's own count keeps
   * running down with time, so a spray from many addresses is not reset by the owner signing in.
   */
  async succeed(email: string, ip: string): Promise<void> {
    await this.pair.reset(`${email}|${ip}`);
  }
}

/** The in-memory counter LocalLimiter wraps (http/rate-limit.ts AttemptLimiter). */
interface MemoryCounter {
  blockedFor(key: string): number;
  fail(key: string): void;
  reset(key: string): void;
}

/**
 * One box: today's in-memory AttemptLimiter (http/rate-limit.ts), made by the wiring with the same budget; take() is
 * atomic because the process runs it in one synchronous step.
 */
export class LocalLimiter implements SharedLimiter {
  constructor(
    readonly budget: LimiterBudget,
    private readonly inner: MemoryCounter,
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
