/**
 * A cache several nodes keep in step (issue 25, "settings cache invalidated on every node"): each node keeps its own
 * entries, and a write's `forget` on one node is sent over the bus so every node forgets the key. A forget that
 * crosses a read in flight on another node (it read the old row, then stores it after the forget arrived) could keep
 * a stale entry: entries therefore also expire after `ttlMs`, the longest any node may answer from an old value.
 */
import type { KeyedCache } from "../core/deps";

/** What the cache needs of a bus between nodes (realtime/bus.ts RealtimeBus has it). */
export interface ForgetBus {
  publish(body: CacheForget): void;
  subscribe(fn: (body: CacheForget) => void): () => void;
}

/** What crosses the bus: which cache, which key. */
export interface CacheForget {
  cache: string;
  key: string | number;
}

/** How long an entry may serve on several nodes (a missed or crossed forget costs at most this). */
export const CLUSTER_CACHE_TTL_MS = 10_000;

export class ClusterCache<K extends string | number, V> implements KeyedCache<K, V> {
  private readonly entries = new Map<K, { value: V; at: number }>();

  constructor(
    private readonly name: string,
    private readonly bus: ForgetBus,
    private readonly opts: { max?: number; ttlMs?: number; now?: () => number } = {},
  ) {
    bus.subscribe((e) => {
      if (e.cache === name) this.entries.delete(e.key as K);
    });
  }

  get(key: K): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (this.now() - e.at > (this.opts.ttlMs ?? CLUSTER_CACHE_TTL_MS)) {
      this.entries.delete(key);
      return undefined;
    }
    return e.value;
  }

  set(key: K, value: V): void {
    if (this.entries.size >= (this.opts.max ?? Number.POSITIVE_INFINITY)) this.entries.clear();
    this.entries.set(key, { value, at: this.now() });
  }

  /** Forgets the key here and on every other node. */
  forget(key: K): void {
    this.entries.delete(key);
    this.bus.publish({ cache: this.name, key });
  }

  private now() {
    return (this.opts.now ?? Date.now)();
  }
}
