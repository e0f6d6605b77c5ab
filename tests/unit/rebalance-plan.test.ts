import { describe, expect, test } from "bun:test";
import { planSpread } from "../../src/db/leases";
import { rebalancePlan } from "../../src/ops/drain";

const live = (...ids: string[]) => ids.map((nodeId) => ({ nodeId, draining: false }));
const owned = (per: Record<string, number[]>) => Object.entries(per).flatMap(([nodeId, ids]) => ids.map((connectionId) => ({ connectionId, nodeId })));
const all = (n: number) => new Set(Array.from({ length: n }, (_, i) => i + 1));

describe("balcao rebalance: which sessions move", () => {
  test("after an upgrade node by node (every session on the node restarted first), the surplus moves, newest first", () => {
    const owners = owned({ a: [], b: [], c: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] });
    const moves = rebalancePlan(live("a", "b", "c"), owners, all(12));
    expect(moves).toEqual([12, 11, 10, 9, 8, 7, 6, 5].map((connectionId) => ({ connectionId, from: "c" })));
  });

  test("an even spread, or one off by one at most, moves nothing", () => {
    expect(rebalancePlan(live("a", "b", "c"), owned({ a: [1, 2, 3, 4], b: [5, 6, 7, 8], c: [9, 10, 11, 12] }), all(12))).toEqual([]);
    expect(rebalancePlan(live("a", "b", "c"), owned({ a: [1, 2, 3, 4, 5], b: [6, 7, 8, 9], c: [10, 11, 12, 13] }), all(13))).toEqual([]);
    expect(rebalancePlan(live("a"), owned({ a: [1, 2, 3] }), all(3))).toEqual([]);
  });

  test("a connection being linked (not CONNECTED) stays where its QR is shown; draining and dead nodes are left out", () => {
    const owners = owned({ a: [1, 2, 3, 4, 5, 6], b: [], gone: [7, 8, 9] });
    const moves = rebalancePlan([...live("a", "b"), { nodeId: "d", draining: true }], owners, new Set([1, 2, 3, 4, 5]));
    expect(moves).toEqual([5, 4, 3].map((connectionId) => ({ connectionId, from: "a" })));
  });

  test("each session handed back goes to a node below the share, never back to the giver (the spread rule)", () => {
    let per: Record<string, number[]> = { a: [1, 2, 3, 4, 5, 6, 7, 8, 9], b: [10], c: [] };
    for (const m of rebalancePlan(live("a", "b", "c"), owned(per), all(10))) {
      per[m.from] = per[m.from].filter((id) => id !== m.connectionId);
      const to = planSpread(
        [m.connectionId],
        Object.entries(per).map(([nodeId, ids]) => ({ nodeId, leases: ids.length })),
      ).get(m.connectionId) as string;
      expect(to).not.toBe(m.from);
      per = { ...per, [to]: [...per[to], m.connectionId] };
    }
    expect(Object.values(per).map((ids) => ids.length)).toEqual([4, 3, 3]);
  });
});
