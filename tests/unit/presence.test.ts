import { expect, test } from "bun:test";
import { RemotePresence, TTL_MS } from "../../src/realtime/presence";

test("other nodes' sockets: summed per user, replaced per node, forgotten by a full snapshot, lapsed without news", () => {
  let now = 1_000;
  const p = new RemotePresence(() => now);
  p.apply("A", [[7, 1, ["s1", "s2"]]]);
  p.apply("B", [
    [7, 0, ["s3"]],
    [8, 1, ["s4"]],
  ]);
  expect([p.sockets(7), p.visible(7), p.sockets(8)]).toEqual([3, 1, 1]);
  // A's later count of user 7 replaces its earlier one; zero sockets forget it.
  p.apply("A", [[7, 0, ["s1"]]]);
  expect([p.sockets(7), p.visible(7)]).toEqual([2, 0]);
  p.apply("A", [[7, 0, []]]);
  expect(p.sockets(7)).toBe(1);
  // B's full snapshot no longer lists user 8: gone.
  p.apply("B", [[7, 0, ["s3"]]], true);
  expect(p.sockets(8)).toBe(0);
  // A node that says nothing for TTL_MS (it died) counts no more.
  now += TTL_MS + 1;
  expect(p.sockets(7)).toBe(0);
});

test("a close sent to every node counts at once: a user's sockets, or one session's", () => {
  const p = new RemotePresence(() => 0);
  p.apply("A", [[7, 2, ["s1", "s2"]]]);
  p.apply("B", [[7, 1, ["s1"]]]);
  p.dropSession("s1");
  expect([p.sockets(7), p.visible(7)]).toEqual([1, 1]);
  p.dropUser(7);
  expect(p.sockets(7)).toBe(0);
});
