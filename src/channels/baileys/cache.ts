import type { CacheStore } from "baileys";

/**
 * A small in-memory TTL cache with Baileys' CacheStore shape. One long-lived instance per connection
 * (message retry counters, signal key cache) so its contents survive socket reconnects.
 */
export class TtlCache implements CacheStore {
  private readonly map = new Map<string, { v: unknown; exp: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get<T>(key: string): T | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    if (e.exp < Date.now()) {
      this.map.delete(key);
      return undefined;
    }
    return e.v as T;
  }

  set<T>(key: string, value: T): void {
    if (this.map.size >= this.maxEntries && !this.map.has(key)) {
      const oldest = this.map.keys().next().value;
      if (oldest !== undefined) this.map.delete(oldest);
    }
    this.map.set(key, { v: value, exp: Date.now() + this.ttlMs });
  }

  del(key: string): void {
    this.map.delete(key);
  }

  flushAll(): void {
    this.map.clear();
  }

  get size() {
    return this.map.size;
  }
}
