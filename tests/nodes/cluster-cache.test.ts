import { expect, test } from "bun:test";
import { type CacheForget, ClusterCache } from "../../src/cluster/cache";
import { LocalBus } from "../../src/realtime/bus";

test("a forget on one node reaches every node's cache; other caches and keys stay", () => {
  const peers = new Set<LocalBus<CacheForget>>();
  const [a, b] = ["a", "b"].map((n) => new LocalBus<CacheForget>(n, peers));
  const onA = new ClusterCache<number, string>("settings", a);
  const onB = new ClusterCache<number, string>("settings", b);
  const otherOnB = new ClusterCache<number, string>("numbers", b);
  onA.set(1, "old");
  onB.set(1, "old");
  onB.set(2, "kept");
  otherOnB.set(1, "kept");
  onA.forget(1);
  expect(onA.get(1)).toBeUndefined();
  expect(onB.get(1)).toBeUndefined();
  expect(onB.get(2)).toBe("kept");
  expect(otherOnB.get(1)).toBe("kept");
});

test("an entry no forget reached expires after the TTL", () => {
  let now = 0;
  const cache = new ClusterCache<number, string>("settings", new LocalBus<CacheForget>("a"), { ttlMs: 1_000, now: () => now });
  cache.set(1, "v");
  now = 999;
  expect(cache.get(1)).toBe("v");
  now = 1_001;
  expect(cache.get(1)).toBeUndefined();
});
