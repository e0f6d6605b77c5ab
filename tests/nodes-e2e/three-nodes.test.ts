/**
 * Several nodes on one PostgreSQL, end to end (issue 25): three `bun src/main.ts` processes on one database and one
 * bucket, 12 WhatsApp connections linked by QR against the fake WhatsApp server, then
 * (a) a node is killed with kill -9 while customers write without pause: every message is stored exactly once, the
 *     dead node's connections resume on the others by logging in (no QR), and an admin's socket on each surviving
 *     node sees every message live;
 * (b) a running campaign of 300 contacts loses the node that runs its connection halfway: the fake WhatsApp server
 *     receives the message for each contact exactly once;
 * (c) a node is drained (`balcao drain`) then stopped: each of its sessions moves once (no reconnect storm), no message
 *     is lost.
 * The fake WhatsApp server keeps a customer's message until the client's receipt says it arrived and delivers it again
 * at the next login (as WhatsApp does), and counts logins and a second login of a number (`conflict replaced`: two
 * nodes running one session at once).
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { FleetAccount } from "../support/fake-wa-fleet";
import { Cluster, type NodeProc, until } from "./cluster";

setDefaultTimeout(120_000);

const CONNECTIONS = 12;
const CONTACTS = 300;
const cluster = new Cluster();
let accounts: FleetAccount[] = [];
/** The admin's one session (one session per user is the default): signed by one node, read by every node. */
let token = "";
const timings: Record<string, number> = {};

beforeAll(async () => {
  const t0 = performance.now();
  await cluster.init();
  const nodes = await cluster.startNodes(3);
  timings.boot = performance.now() - t0;
  for (const n of nodes) expect((await fetch(`${n.url}/readyz`)).status).toBe(200);
  token = await cluster.login(nodes[0]);
  const plans = await cluster.api(nodes[0], "GET", "/plans/all", token);
  await cluster.api(nodes[0], "PUT", `/plans/${plans.json[0].id}`, token, { ...plans.json[0], connections: CONNECTIONS + 2 });
  const t1 = performance.now();
  accounts = await cluster.linkConnections(nodes, token, CONNECTIONS);
  timings.link = performance.now() - t1;
}, 180_000);

afterAll(async () => {
  console.log(`three nodes: ${JSON.stringify(Object.fromEntries(Object.entries(timings).map(([k, v]) => [k, Math.round(v)])))} ms`);
  await cluster.close();
});

const accountOf = (connectionId: number) => accounts.find((a) => cluster.connectionOf.get(a) === connectionId)!;
const replacedTotal = () => accounts.reduce((n, a) => n + a.replaced, 0);
const registrations = () => cluster.fleet.sessions.filter((s) => s.hello?.kind === "registration").length;

/** Customers write to every account, one message every `everyMs`, until stopped; answers the ids written. */
function customersWrite(prefix: string, everyMs = 25) {
  const ids: string[] = [];
  let running = true;
  const loop = (async () => {
    for (let i = 0; running; i++) {
      const account = accounts[i % accounts.length];
      const id = `${prefix}${String(i).padStart(6, "0")}`;
      cluster.fleet.write(account, `5521${String(accounts.indexOf(account)).padStart(2, "0")}${String(i % 5).padStart(7, "0")}`, id, `mensagem ${i}`);
      ids.push(id);
      await Bun.sleep(everyMs);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return ids;
    },
  };
}

/** Every id stored exactly once (waits for the stragglers). */
async function expectStoredOnce(ids: string[]) {
  let stored = await cluster.storedWids();
  await until(
    async () => {
      stored = await cluster.storedWids();
      return ids.every((id) => stored.has(id));
    },
    60_000,
    "every customer message stored",
  ).catch((e) => {
    const missing = ids.filter((id) => !stored.has(id));
    throw new Error(`${e.message}: ${missing.length} of ${ids.length} missing, e.g. ${missing.slice(0, 5).join(", ")}`);
  });
  expect(ids.filter((id) => stored.get(id) !== 1)).toEqual([]);
}

describe("three nodes on one PostgreSQL", () => {
  test("the 12 connections are spread over the three nodes, each run by exactly one", async () => {
    const leases = await cluster.leases();
    expect(leases.size).toBe(CONNECTIONS);
    for (const node of cluster.nodes) expect([...leases.values()].filter((n) => n === node).length).toBeGreaterThan(0);
    for (const a of accounts) expect(cluster.fleet.online(a)).toBe(true);
    expect(replacedTotal()).toBe(0);
  });

  test("kill -9 of a node while customers write: every message stored once, its connections resume elsewhere without a QR, agents on the survivors see every message live", async () => {
    const [victim, ...survivors] = [cluster.nodes[2], cluster.nodes[0], cluster.nodes[1]];
    const moved = await cluster.connectionsOn(victim);
    expect(moved.length).toBeGreaterThan(0);
    const loginsBefore = new Map(moved.map((id) => [id, accountOf(id).logins]));
    const sockets = await Promise.all(survivors.map((n) => cluster.agentSocket(n, token)));
    const qrBefore = registrations();

    const writing = customersWrite("KILL");
    await Bun.sleep(1_500);
    const killedAt = performance.now();
    await cluster.stopNode(victim, "SIGKILL");
    await until(
      async () => {
        const leases = await cluster.leases();
        return moved.every(
          (id) => survivors.includes(leases.get(id) as NodeProc) && cluster.fleet.online(accountOf(id)) && accountOf(id).logins > (loginsBefore.get(id) ?? 0),
        );
      },
      60_000,
      "the dead node's connections running on the survivors",
    );
    timings.failover = performance.now() - killedAt;
    await Bun.sleep(1_500);
    const ids = await writing.stop();

    await expectStoredOnce(ids);
    for (const id of moved) expect((await cluster.connectionStatus(id)).status).toBe("CONNECTED");
    expect(registrations()).toBe(qrBefore); // resumed from the stored credentials: no QR
    expect(replacedTotal()).toBe(0); // never two nodes on one session
    for (const s of sockets) {
      await until(() => ids.every((id) => s.wids().has(id)), 20_000, "every message on the agent's socket").catch(() => {});
      expect(ids.filter((id) => !s.wids().has(id))).toEqual([]);
      s.close();
    }
    timings.killMessages = ids.length;
  });

  test("a campaign of 300 contacts loses its node halfway: each contact receives the message exactly once", async () => {
    const [fresh] = await cluster.startNodes(1); // back to three nodes
    const node = cluster.nodes[0];
    const leases = await cluster.leases();
    const connectionId = [...leases].find(([, n]) => n === node)?.[0];
    expect(connectionId).toBeDefined();
    const numbers = Array.from({ length: CONTACTS }, (_, i) => `5531${String(i).padStart(9, "0")}`);
    for (const [i, n] of numbers.entries()) await cluster.fleet.addPeer(n, `66${String(i).padStart(10, "0")}`);

    const api = (method: string, path: string, body?: unknown) => cluster.api(fresh, method, path, token, body);
    expect((await api("POST", "/campaign-settings", { settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 } })).status).toBe(200);
    const list = (await api("POST", "/contact-lists", { name: "Lista três nós" })).json;
    for (let i = 0; i < CONTACTS; i += 20)
      await Promise.all(
        numbers.slice(i, i + 20).map((number, k) => api("POST", "/contact-list-items", { contactListId: list.id, name: `Pessoa ${i + k + 1}`, number })),
      );
    const created = await api("POST", "/campaigns", {
      name: "Promoção três nós",
      message1: "Promoção de hoje!",
      whatsappId: connectionId,
      contactListId: list.id,
    });
    expect(created.status).toBe(201);
    const started = performance.now();
    expect((await api("POST", `/campaigns/${created.json.id}/start`)).status).toBe(200);

    const reached = () => numbers.filter((n) => cluster.fleet.sentTo(n).ids > 0).length;
    await until(() => reached() >= CONTACTS / 2, 90_000, "half of the contacts reached");
    const owner = (await cluster.leases()).get(connectionId!);
    expect(owner).toBeDefined();
    await cluster.stopNode(owner!, "SIGKILL");
    timings.campaignReachedAtKill = reached();
    expect(timings.campaignReachedAtKill).toBeLessThan(CONTACTS); // killed while sending
    const status = async () => (await cluster.sql<{ status: string }[]>`select status from campaigns where id = ${created.json.id}`)[0].status;
    await until(async () => reached() === CONTACTS && (await status()) === "FINALIZADA", 120_000, `every contact reached (${reached()} so far)`);
    timings.campaign = performance.now() - started;
    await Bun.sleep(1_000); // a late duplicate would arrive now
    const twice = numbers.filter((n) => cluster.fleet.sentTo(n).ids !== 1);
    expect(twice).toEqual([]);
    timings.campaignResends = numbers.reduce((k, n) => k + cluster.fleet.sentTo(n).stanzas - 1, 0);
    expect(replacedTotal()).toBe(0);
  });

  test("a drained node hands its sessions over once each (no reconnect storm) and stops without losing a message", async () => {
    if (cluster.nodes.length < 3) await cluster.startNodes(3 - cluster.nodes.length);
    // settled: no session moved for 3 s (a new node may take free or handed-back connections first)
    const lastLogin = () => cluster.fleet.loginLog.at(-1)?.at ?? 0;
    await until(() => Date.now() - lastLogin() > 3_000 && accounts.every((a) => cluster.fleet.online(a)), 60_000, "the sessions settled");
    // the node running the most sessions
    let drained = cluster.nodes[0];
    for (const n of cluster.nodes) if ((await cluster.connectionsOn(n)).length > (await cluster.connectionsOn(drained)).length) drained = n;
    const moved = await cluster.connectionsOn(drained);
    expect(moved.length).toBeGreaterThan(0);
    const [row] = await cluster.sql<{ node_id: string }[]>`select node_id from cluster_nodes where node_id like ${`%:${drained.pid}:%`}`;
    expect(row).toBeDefined();

    const writing = customersWrite("DRAIN");
    await Bun.sleep(1_000);
    const from = Date.now();
    const startedAt = performance.now();
    const drain = await cluster.cli(["drain", row.node_id]);
    expect(drain.code).toBe(0);
    await until(async () => (await cluster.connectionsOn(drained)).length === 0, 60_000, "the drained node to hold no session");
    await until(() => moved.every((id) => cluster.fleet.online(accountOf(id))), 30_000, "the moved sessions online");
    timings.drain = performance.now() - startedAt;
    await cluster.stopNode(drained, "SIGTERM");
    await Bun.sleep(2_000); // a storm would show now
    const ids = await writing.stop();

    const logins = cluster.fleet.loginLog.filter((l) => l.at >= from);
    const movedNumbers = moved.map((id) => accountOf(id).number).sort();
    expect(logins.map((l) => l.number).sort()).toEqual(movedNumbers); // one login per moved session, none elsewhere
    expect(replacedTotal()).toBe(0);
    await expectStoredOnce(ids);
    timings.drainMessages = ids.length;
  });

  test("balcao rebalance evens the sessions out over a node that joined, one at a time, each logging in once without a QR", async () => {
    // The drained node is gone: two nodes hold the 12 sessions, a third joins empty (as after an upgrade node by node).
    const [joined] = await cluster.startNodes(1);
    const lastLogin = () => cluster.fleet.loginLog.at(-1)?.at ?? 0;
    await until(() => Date.now() - lastLogin() > 3_000 && accounts.every((a) => cluster.fleet.online(a)), 60_000, "the sessions settled");
    expect(await cluster.connectionsOn(joined)).toEqual([]);
    const before = await cluster.leases();
    const qrBefore = registrations();
    const from = Date.now();
    const writing = customersWrite("REBALANCE");
    const startedAt = performance.now();
    const out = await cluster.cli(["rebalance"], 120_000);
    console.log(out.output.trim());
    expect(out.code).toBe(0);
    timings.rebalance = performance.now() - startedAt;
    await until(() => accounts.every((a) => cluster.fleet.online(a)), 30_000, "every session online");
    await Bun.sleep(1_000);
    const ids = await writing.stop();

    const after = await cluster.leases();
    const counts = cluster.nodes.map((n) => [...after.values()].filter((x) => x === n).length);
    expect(counts).toEqual([4, 4, 4]);
    const moved = [...after].filter(([id, n]) => before.get(id) !== n).map(([id]) => id);
    expect(moved.length).toBe(4);
    for (const id of moved) expect(after.get(id)).toBe(joined);
    // one login per moved session, none elsewhere; from the stored credentials; never two nodes on one number
    const logins = cluster.fleet.loginLog.filter((l) => l.at >= from);
    expect(logins.map((l) => l.number).sort()).toEqual(moved.map((id) => accountOf(id).number).sort());
    expect(registrations()).toBe(qrBefore);
    expect(replacedTotal()).toBe(0);
    await expectStoredOnce(ids);
    // Balanced now: a second run moves nothing.
    const again = await cluster.cli(["rebalance"]);
    expect(again.code).toBe(0);
    expect(again.output).toContain("balanced");
  });
});
