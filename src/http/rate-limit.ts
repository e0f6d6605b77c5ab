/**
 * Sliding-window counter of failed attempts per key (client address). In memory: a restart forgets,
 * which is acceptable for slowing down password guessing on a single-process install. The app uses it
 * behind the async limiter interface (cluster/limiter.ts LocalLimiter); several nodes count in PostgreSQL.
 */
export class AttemptLimiter {
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
