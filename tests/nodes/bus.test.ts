/**
 * The realtime bus over PostgreSQL LISTEN/NOTIFY (src/realtime/bus-pg.ts): bus instances on one test database,
 * each with its own connections as separate nodes would have.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { batches, PgBus, splitUtf8 } from "../../src/realtime/bus-pg";
import { type BusGap, LocalBus } from "../../src/realtime/bus";
import postgres from "postgres";
import { testCluster, withPostgres } from "../support/postgres";

const pg = withPostgres();

interface Body {
  node: string;
  ticket: number;
  n: number;
  text?: string;
}

/** A node's bus and everything it received. */
interface Node {
  bus: PgBus<Body>;
  got: { body: Body; from: string }[];
  gaps: BusGap[];
}

const opened: PgBus<Body>[] = [];

async function node(name: string, channel: string, pingMs = 5_000): Promise<Node> {
  const bus = await PgBus.open<Body>(pg.url, { nodeId: name, channel, pingMs });
  opened.push(bus);
  const n: Node = { bus, got: [], gaps: [] };
  bus.subscribe((body, from) => n.got.push({ body, from }));
  bus.onGap((g) => n.gaps.push(g));
  return n;
}

async function until(done: () => boolean, ms = 5_000) {
  const end = performance.now() + ms;
  while (!done() && performance.now() < end) await Bun.sleep(10);
}

describe("three nodes on one PostgreSQL", () => {
  // before withPostgres drops the database (file-level afterAll runs after this one)
  afterAll(async () => {
    await Promise.all(opened.map((b) => b.close()));
  });

  test("every frame reaches every other node once, never its own node", async () => {
    const nodes = await Promise.all(["a", "b", "c"].map((n) => node(n, "rt_once")));
    for (const n of nodes) for (let i = 0; i < 50; i++) n.bus.publish({ node: n.bus.nodeId, ticket: 1, n: i });
    await Promise.all(nodes.map((n) => n.bus.flush()));
    await until(() => nodes.every((n) => n.got.length >= 100));
    await Bun.sleep(100);
    for (const n of nodes) {
      expect(n.got.length).toBe(100);
      expect(n.got.filter((g) => g.from === n.bus.nodeId || g.body.node === n.bus.nodeId)).toEqual([]);
      const keys = new Set(n.got.map((g) => `${g.body.node}:${g.body.n}`));
      expect(keys.size).toBe(100);
      expect(n.gaps).toEqual([]);
    }
  });

  test("order per ticket is kept under concurrent publishers, and every node sees the same order", async () => {
    const nodes = await Promise.all(["p1", "p2", "p3", "observer"].map((n) => node(n, "rt_order")));
    const publishers = nodes.slice(0, 3);
    // publishers interleave frames of five tickets from several timers at once
    await Promise.all(
      publishers.map(async (p) => {
        for (let i = 0; i < 200; i++) {
          p.bus.publish({ node: p.bus.nodeId, ticket: i % 5, n: i });
          if (i % 17 === 0) await Bun.sleep(1);
        }
        await p.bus.flush();
      }),
    );
    await until(() => nodes[3].got.length >= 600 && publishers.every((p) => p.got.length >= 400));
    expect(nodes[3].got.length).toBe(600);
    for (const n of nodes) {
      for (const from of ["p1", "p2", "p3"]) {
        for (let t = 0; t < 5; t++) {
          const seen = n.got.filter((g) => g.from === from && g.body.ticket === t).map((g) => g.body.n);
          if (from === n.bus.nodeId) expect(seen).toEqual([]);
          else expect(seen).toEqual([...seen].sort((x, y) => x - y));
        }
      }
    }
    // the observer and p1 both see p2 and p3: in the same interleaving
    const view = (n: Node) =>
      n.got
        .filter((g) => g.from === "p2" || g.from === "p3")
        .map((g) => `${g.from}:${g.body.n}`)
        .join(",");
    expect(view(nodes[0])).toBe(view(nodes[3]));
  });

  test("a frame of 100 KB arrives whole, in its place between small ones", async () => {
    const [a, b, c] = await Promise.all(["x", "y", "z"].map((n) => node(n, "rt_big")));
    const text = "Olá, ação! 😀 ".repeat(7_700); // multi-byte characters across every cut
    expect(Buffer.byteLength(text)).toBeGreaterThan(100_000);
    a.bus.publish({ node: "x", ticket: 9, n: 1, text: "before" });
    a.bus.publish({ node: "x", ticket: 9, n: 2, text });
    a.bus.publish({ node: "x", ticket: 9, n: 3, text: "after" });
    await a.bus.flush();
    await until(() => b.got.length >= 3 && c.got.length >= 3);
    for (const n of [b, c]) {
      expect(n.got.map((g) => g.body.n)).toEqual([1, 2, 3]);
      expect(n.got[1].body.text).toBe(text);
    }
  });

  test("a 2 MB frame (more parts than one batch) arrives whole while two other nodes publish at full speed", async () => {
    const [a, b, c, obs] = await Promise.all(["big-a", "big-b", "big-c", "big-obs"].map((n) => node(n, "rt_huge")));
    const text = "x".repeat(2_000_000);
    const chatter = async (n: Node) => {
      for (let i = 0; i < 300; i++) {
        n.bus.publish({ node: n.bus.nodeId, ticket: 2, n: i });
        if (i % 10 === 0) await Bun.sleep(0);
      }
      await n.bus.flush();
    };
    a.bus.publish({ node: "big-a", ticket: 1, n: 1, text });
    a.bus.publish({ node: "big-a", ticket: 1, n: 2 });
    await Promise.all([a.bus.flush(), chatter(b), chatter(c)]);
    await until(() => obs.got.length >= 602, 15_000);
    const fromA = obs.got.filter((g) => g.from === "big-a");
    expect(fromA.map((g) => g.body.n)).toEqual([1, 2]);
    expect(fromA[0].body.text?.length).toBe(2_000_000);
    for (const from of ["big-b", "big-c"]) expect(obs.got.filter((g) => g.from === from).map((g) => g.body.n)).toEqual([...Array(300).keys()]);
    expect(obs.gaps).toEqual([]);
  }, 30_000);

  test("latency from one node's publish to another node's subscriber (figure for docs/SCALING.md)", async () => {
    const [a, b] = await Promise.all([node("lat-a", "rt_lat"), node("lat-b", "rt_lat")]);
    const times: number[] = [];
    for (let i = 0; i < 200; i++) {
      const t0 = performance.now();
      const heard = new Promise<number>((resolve) => {
        const off = b.bus.subscribe(() => {
          off();
          resolve(performance.now());
        });
      });
      a.bus.publish({ node: "lat-a", ticket: 1, n: i });
      times.push((await heard) - t0);
    }
    expect(b.got.length).toBe(200);
    times.sort((x, y) => x - y);
    console.log(`bus latency over 200 frames: p50 ${times[100].toFixed(2)} ms, p99 ${times[198].toFixed(2)} ms`);
    // a burst of frames the size of a new message's (message, ticket and contact: about 1.5 KB of JSON)
    const body = "m".repeat(1_500);
    const t0 = performance.now();
    for (let i = 0; i < 10_000; i++) a.bus.publish({ node: "lat-a", ticket: 1, n: 1_000 + i, text: body });
    await until(() => b.got.length >= 10_200, 20_000);
    const ms = performance.now() - t0;
    expect(b.got.length).toBe(10_200);
    console.log(`bus burst: 10,000 frames of 1.5 KB reached the other node in ${ms.toFixed(0)} ms (${Math.round(10_000 / (ms / 1000))} frames/s)`);
  }, 60_000);

  test("a dropped listening connection recovers, says frames may be lost, and later frames arrive", async () => {
    const [a, b] = await Promise.all([node("drop-a", "rt_drop", 150), node("drop-b", "rt_drop", 150)]);
    a.bus.publish({ node: "drop-a", ticket: 1, n: 1 });
    await until(() => b.got.length === 1);
    await pg.sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'balcao-bus drop-b'`;
    await until(() => b.gaps.length > 0);
    expect(b.gaps[0].reason).toBe("reconnected");
    a.bus.publish({ node: "drop-a", ticket: 1, n: 2 });
    await until(() => b.got.length === 2);
    expect(b.got.map((g) => g.body.n)).toEqual([1, 2]);
  });

  test("a listener that postgres.js gave up on (the database refused it for a while) is rebuilt", async () => {
    const [a, b] = await Promise.all([node("away-a", "rt_away", 150), node("away-b", "rt_away", 150)]);
    const db = new URL(pg.url).pathname.slice(1);
    const admin = postgres((await testCluster()).adminUrl, { max: 1, onnotice: () => {} });
    // new connections refused, then b's listening connection cut: postgres.js's own re-listen fails once
    await admin.unsafe(`ALTER DATABASE "${db}" ALLOW_CONNECTIONS false`);
    await pg.sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'balcao-bus away-b'`;
    await Bun.sleep(300);
    a.bus.publish({ node: "away-a", ticket: 1, n: 1 }); // lost: nobody on b listens
    await a.bus.flush();
    await admin.unsafe(`ALTER DATABASE "${db}" ALLOW_CONNECTIONS true`);
    await admin.end();
    await until(() => b.gaps.some((g) => g.reason === "reconnected"), 5_000);
    expect(b.gaps.some((g) => g.reason === "reconnected")).toBe(true);
    a.bus.publish({ node: "away-a", ticket: 1, n: 2 });
    await until(() => b.got.length >= 1);
    expect(b.got.map((g) => g.body.n)).toContain(2);
  });

  test("a sender's numbering that jumps (its frames lost on the way) is reported as a gap", async () => {
    const [a, b] = await Promise.all([node("gap-a", "rt_gap"), node("gap-b", "rt_gap")]);
    a.bus.publish({ node: "gap-a", ticket: 1, n: 1 });
    await until(() => b.got.length === 1);
    // an envelope numbered 5 after 1: 2-4 never arrived
    await pg.sql`SELECT pg_notify('rt_gap', ${'m|gap-a|5|0|1|[{"node":"gap-a","ticket":1,"n":5}]'})`;
    await until(() => b.got.length === 2);
    expect(b.gaps).toEqual([{ reason: "missed", from: "gap-a" }]);
  });
});

test("cutting a payload never splits a character and keeps every piece under the limit", () => {
  const s = "a😀ção".repeat(3_000);
  const parts = splitUtf8(s, 7_700);
  expect(parts.join("")).toBe(s);
  for (const p of parts) {
    expect(Buffer.byteLength(p)).toBeLessThanOrEqual(7_700);
    expect(p).not.toContain("\uFFFD");
    expect(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/.test(p)).toBe(false);
  }
  expect(splitUtf8("short", 7_700)).toEqual(["short"]);
});

test("a backlog is sent in transactions of about 200 notifications, never cutting an envelope in two", () => {
  const env = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag}${i}`);
  const out = batches([env(150, "a"), env(100, "b"), env(260, "c"), env(1, "d")]);
  expect(out.map((b) => b.length)).toEqual([150, 100, 260, 1]);
  expect(batches([env(1, "a"), env(1, "b"), env(1, "c")])).toEqual([["a0", "b0", "c0"]]);
});

test("the single box's bus costs nothing; buses sharing peers hear each other but not themselves", async () => {
  const alone = new LocalBus<Body>();
  let heard = 0;
  alone.subscribe(() => heard++);
  alone.publish({ node: "local", ticket: 1, n: 1 });
  expect(heard).toBe(0);
  const peers = new Set<LocalBus<Body>>();
  const [x, y] = [new LocalBus<Body>("x", peers), new LocalBus<Body>("y", peers)];
  const got: string[] = [];
  x.subscribe((b, from) => got.push(`x<-${from}:${b.n}`));
  y.subscribe((b, from) => got.push(`y<-${from}:${b.n}`));
  x.publish({ node: "x", ticket: 1, n: 1 });
  y.publish({ node: "y", ticket: 1, n: 2 });
  expect(got).toEqual(["y<-x:1", "x<-y:2"]);
});
