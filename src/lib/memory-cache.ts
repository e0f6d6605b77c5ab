/** Values by key in this process's memory (the single-node implementation of Deps' caches). */
export class MemoryCache<K, V> {
  private readonly entries = new Map<K, V>();

  /** `max`: past this many entries the cache starts over (a bound, not an eviction policy). */
  constructor(private readonly max = Number.POSITIVE_INFINITY) {}

  get(key: K): V | undefined {
    return this.entries.get(key);
  }

  set(key: K, value: V) {
    if (this.entries.size >= this.max) this.entries.clear();
    this.entries.set(key, value);
  }

  /** Forgets a key's entry (after a write). */
  forget(key: K) {
    this.entries.delete(key);
  }
}

/** Keys claimed in this process (the single-node implementation of Deps' claims). */
export class MemoryClaims {
  private readonly keys = new Set<string>();

  held(key: string) {
    return this.keys.has(key);
  }

  claim(key: string) {
    if (this.keys.has(key)) return false;
    this.keys.add(key);
    return true;
  }

  release(key: string) {
    this.keys.delete(key);
  }
}

/** When each key last passed, in this process's memory (the single-node implementation of Deps' throttle). */
export class MemoryThrottle {
  private readonly last = new Map<string, number>();

  passes(key: string, everyMs: number, now: number) {
    if (now - (this.last.get(key) ?? Number.NEGATIVE_INFINITY) < everyMs) return false;
    this.last.set(key, now);
    return true;
  }
}
