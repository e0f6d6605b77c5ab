/**
 * Connection leases with fencing (src/db/leases.ts, leases-pg.ts): two and three simulated nodes on one PostgreSQL,
 * each with a pool of its own as separate processes would have.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type postgres from "postgres";
import { FencedOutError, fencedTransaction, liveNodes, PgLeaseStore, requestDrain } from "../../src/db/leases-pg";
import { LeaseManager, LocalLeaseStore, planSpread, type SessionHost } from "../../src/db/leases";
import { openPostgres } from "../../src/db/pg-client";
import { withPostgres } from "../support/postgres";
import { until } from "../support/wa-harness";

const pg = withPostgres();
const pools: postgres.Sql[] = [];
/** A pool of a node of its own (a separate process would have one). */
const nodePool = () => {
  const sql = openPostgres(pg.url, { max: 3 }).$client;
  pools.push(sql);
  return sql;
};
afterAll(async () => {
  for (const p of pools) await p.end({ timeout: 2 });
});

/** What the auth store does on PostgreSQL: its creds row written inside the fence. */
const writeCreds = (sql: postgres.Sql, connectionId: number, token: number, value: string, opts?: { idleMs?: number }) =>
  fencedTransaction(
    sql,
    connectionId,
    token,
    (tx) =>
      tx`INSERT INTO wa_auth (connection_id, kind, key_id, value) VALUES (${connectionId}, 'creds', '', ${value})
         ON CONFLICT (connection_id, kind, key_id) DO UPDATE SET value = excluded.value`,
    opts,
  );
const readCreds = async (connectionId: number) =>
  (await pg.sql`SELECT value FROM wa_auth WHERE connection_id = ${connectionId} AND kind = 'creds'`)[0]?.value ?? null;

describe("leases and the fence on PostgreSQL", () => {
  let a: PgLeaseStore;
  let b: PgLeaseStore;
  let sqlA: postgres.Sql;
  let sqlB: postgres.Sql;
  beforeAll(() => {
    sqlA = nodePool();
    sqlB = nodePool();
    a = new PgLeaseStore(sqlA, { nodeId: "node-a", leaseMs: 400 });
    b = new PgLeaseStore(sqlB, { nodeId: "node-b", leaseMs: 400 });
  });

  test("of two nodes asking at once, exactly one takes the lease; its next acquisition counts the token on", async () => {
    const [ta, tb] = await Promise.all([a.acquire(1), b.acquire(1)]);
    expect([ta, tb].filter((t) => t !== null)).toEqual([{ token: 1 }]);
    const winner = ta !== null ? a : b;
    const loser = ta !== null ? b : a;
    expect(await loser.acquire(1)).toBeNull();
    expect((await winner.acquire(1))?.token).toBe(2);
    // the winner's earlier self (token 1) is fenced out, the current token writes
    expect(writeCreds(winner === a ? sqlA : sqlB, 1, 1, "old self")).rejects.toBeInstanceOf(FencedOutError);
    await writeCreds(winner === a ? sqlA : sqlB, 1, 2, "current");
    expect(await readCreds(1)).toBe("current");
  });

  test("a paused node that wakes up after the takeover cannot overwrite the new owner's credentials", async () => {
    const t1 = (await a.acquire(2))?.token as number;
    await writeCreds(sqlA, 2, t1, "A before the pause");
    // A pauses (no renewal); B may not take the lease before it expires
    expect(await b.acquire(2)).toBeNull();
    await Bun.sleep(450);
    const taken = await b.acquire(2);
    const t2 = taken?.token as number;
    expect(t2).toBe(t1 + 1);
    // A never handed it back: B learns whose lease ran out and when A last renewed it (the database's clock)
    expect(taken?.expiredOn?.nodeId).toBe("node-a");
    expect(Math.abs((taken?.expiredOn?.renewedAt ?? 0) - Date.now())).toBeLessThan(2_000);
    await writeCreds(sqlB, 2, t2, "B, the new owner");
    // A wakes up: its write is refused, its renewal answers that the lease is gone
    const late = await writeCreds(sqlA, 2, t1, "A, late").catch((e) => e);
    expect(late).toBeInstanceOf(FencedOutError);
    expect(await readCreds(2)).toBe("B, the new owner");
    expect([...(await a.renew(new Map([[2, t1]])))]).toEqual([]);
    expect([...(await b.renew(new Map([[2, t2]])))]).toEqual([2]);
  });

  test("a takeover waits for the old owner's write in flight, then sees it; the old owner's next write is refused", async () => {
    const t1 = (await a.acquire(3))?.token as number;
    let finish = () => {};
    const gate = new Promise<void>((r) => {
      finish = r;
    });
    const inFlight = fencedTransaction(sqlA, 3, t1, async (tx) => {
      await tx`INSERT INTO wa_auth (connection_id, kind, key_id, value) VALUES (3, 'creds', '', 'A in flight')`;
      await gate;
    });
    await Bun.sleep(450); // the lease expires while A is inside its write
    let tookAt = 0;
    const takeover = b.acquire(3).then((t) => {
      tookAt = performance.now();
      return t?.token;
    });
    await Bun.sleep(300);
    expect(tookAt).toBe(0); // blocked on the lease row A holds in SHARE mode
    const committedAt = performance.now();
    finish();
    await inFlight;
    const t2 = await takeover;
    expect(t2).toBe(t1 + 1);
    expect(tookAt).toBeGreaterThanOrEqual(committedAt);
    expect(await readCreds(3)).toBe("A in flight");
    expect(writeCreds(sqlA, 3, t1, "A again")).rejects.toBeInstanceOf(FencedOutError);
    expect(await readCreds(3)).toBe("A in flight");
  });

  test("a node frozen inside a fenced write is ended by PostgreSQL, which frees the lease row; its write is lost", async () => {
    const t1 = (await a.acquire(4))?.token as number;
    const frozen = fencedTransaction(
      sqlA,
      4,
      t1,
      async (tx) => {
        await tx`INSERT INTO wa_auth (connection_id, kind, key_id, value) VALUES (4, 'creds', '', 'frozen A')`;
        await Bun.sleep(1_500); // the process is stopped: nothing is sent to the server
      },
      { idleMs: 300 },
    ).catch((e) => e);
    await Bun.sleep(450);
    const started = performance.now();
    const t2 = (await b.acquire(4))?.token;
    expect(t2).toBe(t1 + 1);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(await frozen).toBeInstanceOf(Error);
    expect(await readCreds(4)).toBeNull();
    // the frozen node resumes: nothing is sent on its dead connection (no stray COMMIT), its pool still works
    await Bun.sleep(1_200);
    expect((await sqlA`SELECT 1 AS one`)[0].one).toBe(1);
    expect(await readCreds(4)).toBeNull();
  });

  test("a released lease is taken at once by another node, its token counted on", async () => {
    const t1 = (await a.acquire(5))?.token as number;
    expect(await b.acquire(5)).toBeNull();
    await a.release(5, t1);
    // handed back: nothing was left behind by A
    expect(await b.acquire(5)).toEqual({ token: t1 + 1 });
    // releasing with a stale token does nothing to the new owner
    await a.release(5, t1);
    expect((await b.owners()).find((o) => o.connectionId === 5)?.nodeId).toBe("node-b");
  });
});

describe("the spread rule", () => {
  test("free connections go to the least loaded nodes, the same plan whatever order the nodes are read in", () => {
    const nodes = [
      { nodeId: "n1", leases: 0 },
      { nodeId: "n2", leases: 0 },
      { nodeId: "n3", leases: 0 },
    ];
    const ids = Array.from({ length: 12 }, (_, i) => i + 1);
    const plan = planSpread(ids, nodes);
    const per = (p: Map<number, string>) => {
      const out: Record<string, number> = {};
      for (const n of p.values()) out[n] = (out[n] ?? 0) + 1;
      return out;
    };
    expect(per(plan)).toEqual({ n1: 4, n2: 4, n3: 4 });
    expect(planSpread([...ids].reverse(), [...nodes].reverse())).toEqual(plan);
    // a node already carrying sessions gets none until the others catch up
    // a node already carrying more sessions gets none until the others catch up; they end level (within one)
    const given = per(
      planSpread(
        [20, 21, 22, 23],
        [
          { nodeId: "n1", leases: 5 },
          { nodeId: "n2", leases: 1 },
          { nodeId: "n3", leases: 2 },
        ],
      ),
    );
    expect(given.n1).toBeUndefined();
    expect(given.n2 + given.n3).toBe(4);
    expect(Math.abs(1 + given.n2 - (2 + given.n3))).toBeLessThanOrEqual(1);
    expect(planSpread([1], []).size).toBe(0);
  });
});

/** Sessions as the supervisor would run them, checking that no connection ever runs on two nodes at once. */
class FakeCluster {
  readonly running = new Map<number, { node: string; token: number }>();
  readonly starts: { id: number; node: string; token: number }[] = [];
  readonly violations: string[] = [];
  wanted = Array.from({ length: 12 }, (_, i) => 100 + i);
  /** Hears a node's hand-backs (the command bus, in the app). */
  released: (node: string, ids: number[]) => void = () => {};
  host(node: string): SessionHost {
    return {
      released: (ids) => this.released(node, ids),
      wanted: async () => this.wanted,
      start: async (id, token) => {
        const other = this.running.get(id);
        if (other) this.violations.push(`${id} started on ${node} while running on ${other.node}`);
        const last = this.starts.filter((s) => s.id === id).at(-1);
        if (last && token <= last.token) this.violations.push(`${id}: token ${token} after ${last.token}`);
        this.running.set(id, { node, token });
        this.starts.push({ id, node, token });
      },
      stop: async (id) => {
        if (this.running.get(id)?.node === node) this.running.delete(id);
      },
    };
  }
  perNode() {
    const out: Record<string, number> = {};
    for (const { node } of this.running.values()) out[node] = (out[node] ?? 0) + 1;
    return out;
  }
}

describe("a hand-back is heard by the other nodes", () => {
  const cluster = new FakeCluster();
  cluster.wanted = [300, 301, 302, 303];
  // No timer runs here and the grace is long: a lease is taken only by a round someone asks for.
  const opts = { renewMs: 60_000, leaseMs: 600, graceMs: 60_000 };
  const m: Record<string, LeaseManager> = {};
  beforeAll(() => {
    for (const n of ["x", "y"]) m[n] = new LeaseManager(new PgLeaseStore(nodePool(), { nodeId: n, leaseMs: opts.leaseMs }), cluster.host(n), opts);
    cluster.released = (node) => {
      for (const [n, manager] of Object.entries(m)) if (n !== node) manager.nudge();
    };
  });

  test("a node that shuts down is gone from the spread before the others hear of it: they take its sessions at once", async () => {
    await Promise.all([m.x.tick(), m.y.tick()]);
    await m.x.tick();
    await m.y.tick();
    expect(cluster.perNode()).toEqual({ x: 2, y: 2 });
    await m.x.shutdown();
    await until(() => cluster.perNode().y === 4, 3_000, "y running x's sessions");
    expect(cluster.perNode()).toEqual({ y: 4 });
    expect(cluster.violations).toEqual([]);
    await m.y.shutdown();
  });
});

describe("lease managers of three nodes", () => {
  const cluster = new FakeCluster();
  const managers: Record<string, LeaseManager> = {};
  const opts = { renewMs: 100, leaseMs: 600, graceMs: 250 };
  beforeAll(() => {
    for (const n of ["n1", "n2", "n3"]) {
      managers[n] = new LeaseManager(new PgLeaseStore(nodePool(), { nodeId: n, leaseMs: opts.leaseMs }), cluster.host(n), opts);
    }
  });
  const round = (names: string[]) => Promise.all(names.map((n) => managers[n].tick()));

  test("twelve connections spread four per node, each started once", async () => {
    await round(["n1", "n2", "n3"]); // started together: a first round only beats, so the plans count every node
    expect(cluster.running.size).toBe(0);
    for (const n of ["n2", "n3", "n1"]) await round([n]); // timers of separate processes do not fire together
    expect(cluster.running.size).toBe(12);
    expect(cluster.perNode()).toEqual({ n1: 4, n2: 4, n3: 4 });
    expect(cluster.starts.length).toBe(12);
    expect(cluster.violations).toEqual([]);
  });

  test("a drained node hands its sessions over and the others take them, once each", async () => {
    expect(await requestDrain(pools[0], "n1")).toBe(true);
    const before = new Set([...cluster.running].filter(([, r]) => r.node === "n1").map(([id]) => id));
    await round(["n1"]);
    expect(cluster.perNode().n1).toBeUndefined();
    // the others' rounds at the same moment: never two nodes on one connection, everything taken, level
    for (let i = 0; i < 4; i++) {
      await round(["n1", "n2", "n3"]);
      await Bun.sleep(opts.graceMs / 2);
    }
    expect(cluster.running.size).toBe(12);
    const { n2, n3 } = cluster.perNode();
    expect(n2 + n3).toBe(12);
    expect(Math.abs(n2 - n3)).toBeLessThanOrEqual(2);
    for (const id of before) expect(cluster.starts.filter((s) => s.id === id).length).toBe(2);
    expect(managers.n1.leases().size).toBe(0);
    expect((await liveNodes(pools[0], opts.leaseMs)).find((n) => n.nodeId === "n1")?.draining).toBe(true);
    expect(cluster.violations).toEqual([]);
  });

  test("a node that shuts down hands back at once; one that dies is replaced within one lease period", async () => {
    await managers.n1.shutdown();
    const n3Had = cluster.perNode().n3;
    await managers.n2.shutdown();
    expect(cluster.perNode()).toEqual({ n3: n3Had });
    await round(["n3"]);
    expect(cluster.perNode()).toEqual({ n3: 12 }); // no waiting for the released leases to expire
    // n3 dies (no release); a new node takes its sessions once the leases expire
    managers.n3.halt();
    const n4 = new LeaseManager(new PgLeaseStore(nodePool(), { nodeId: "n4", leaseMs: opts.leaseMs }), cluster.host("n4"), opts);
    const stale = new Map(cluster.running); // what n3 believes it still runs
    for (const id of stale.keys()) cluster.running.delete(id); // n3's process is gone
    const started = performance.now();
    while (Object.keys(cluster.perNode()).length === 0 || cluster.perNode().n4 !== 12) {
      await n4.tick();
      await Bun.sleep(50);
      if (performance.now() - started > 5_000) break;
    }
    expect(cluster.perNode()).toEqual({ n4: 12 });
    expect(performance.now() - started).toBeLessThan(opts.leaseMs + 3 * opts.renewMs + 500);
    // a write from the dead node's last moments is refused
    const [id, last] = [...stale][0];
    expect(writeCreds(pools[0], id, last.token, "from the dead")).rejects.toBeInstanceOf(FencedOutError);
    expect(cluster.violations).toEqual([]);
    await n4.shutdown();
  });
});

test("the single box's store: every lease is this node's, each acquisition fences the one before", async () => {
  const s = new LocalLeaseStore();
  const host = new FakeCluster();
  host.wanted = [1, 2];
  const m = new LeaseManager(s, host.host("local"));
  await m.tick();
  await m.tick();
  expect(host.perNode()).toEqual({ local: 2 });
  expect(s.holds(1, 1)).toBe(true);
  expect((await s.acquire(1))?.token).toBe(2);
  expect(s.holds(1, 1)).toBe(false);
  await m.tick(); // the manager's token 1 is stale now: the session stops as lost
  expect(m.tokenOf(1)).toBeNull();
  await m.shutdown();
});

test("a person's start that lands while a round renews waits for it: the lease is kept, not lost to its own new token", async () => {
  // The renewal's statement carries the tokens of when it was sent; a take answered before it would count the token on.
  let release!: () => void;
  const gate = new Promise<void>((r) => {
    release = r;
  });
  const inner = new LocalLeaseStore();
  let renewing = false;
  const store = Object.assign(Object.create(inner) as LocalLeaseStore, {
    renew: async (held: ReadonlyMap<number, number>) => {
      const sent = new Map(held);
      renewing = true;
      await gate;
      return inner.renew(sent);
    },
  });
  const stops: string[] = [];
  const m = new LeaseManager(store, { wanted: async () => [7], start: async () => {}, stop: async (id, why) => void stops.push(`${id}:${why}`) });
  const starts: number[] = [];
  expect(await m.take(7, async (token) => void starts.push(token))).toBe(true);
  const round = m.tick();
  while (!renewing) await Bun.sleep(1);
  const again = m.take(7, async (token) => void starts.push(token)); // the person's second start, racing the round
  release();
  await round;
  expect(await again).toBe(true);
  expect(stops).toEqual([]);
  expect(m.tokenOf(7)).toBe(1);
  expect(starts).toEqual([1, 1]);
  expect(inner.holds(7, 1)).toBe(true);
  await m.shutdown();
});
