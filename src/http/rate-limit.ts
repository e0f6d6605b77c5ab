import type { AttemptLimiter as AttemptLimiterPort, LoginThrottle as LoginThrottlePort } from "../core/limits";

/**
 * Sliding-window counter of failed attempts per key (client address). In memory: a restart forgets,
 * which is acceptable for slowing down password guessing on a single-process install.
 */
export class AttemptLimiter implements AttemptLimiterPort {
  private hits = new Map<string, number[]>();
  constructor(
    private max = 10,
    private windowMs = 15 * 60_000,
  ) {}

  /** Seconds until the key may try again, or 0 when allowed. */
  blockedFor(key: string, now = Date.now()): number {
    const list = this.prune(key, now);
    if (list.length < this.max) return 0;
    return Math.ceil((list[0] + this.windowMs - now) / 1000);
  }

  fail(key: string, now = Date.now()) {
    const list = this.prune(key, now);
    list.push(now);
    this.hits.set(key, list);
    if (this.hits.size > 50_000) this.hits.delete(this.hits.keys().next().value as string);
  }

  reset(key: string) {
    this.hits.delete(key);
  }

  private prune(key: string, now: number) {
    const list = (this.hits.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (list.length) this.hits.set(key, list);
    else this.hits.delete(key);
    return list;
  }
}

/**
 * Failed sign-ins counted per account and per (account, address), so one person's typos behind an
 * office NAT lock out only that person on that address, a password sprayed from many addresses still
 * hits the account's ceiling, and a success on one account never clears another's counters.
 */
export class LoginThrottle implements LoginThrottlePort {
  readonly pair: AttemptLimiter;
  readonly account: AttemptLimiter;
  constructor(opts: { perPair?: number; perAccount?: number; windowMs?: number } = {}) {
    const windowMs = opts.windowMs ?? 15 * 60_000;
    this.pair = new AttemptLimiter(opts.perPair ?? 5, windowMs);
    this.account = new AttemptLimiter(opts.perAccount ?? 20, windowMs);
  }

  /** Seconds until this account may try again from this address, or 0. */
  blockedFor(email: string, ip: string, now = Date.now()): number {
    return Math.max(this.pair.blockedFor(`${email}|${ip}`, now), this.account.blockedFor(email, now));
  }

  fail(email: string, ip: string, now = Date.now()) {
    this.pair.fail(`${email}|${ip}`, now);
    this.account.fail(email, now);
  }

  /**
   * A success clears this address's count for the account only: the account's own count keeps
   * running down with time, so a spray from many addresses is not reset by the owner signing in.
   */
  succeed(email: string, ip: string) {
    this.pair.reset(`${email}|${ip}`);
  }
}
