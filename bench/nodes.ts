/**
 * Several nodes on one PostgreSQL: `bun run bench/nodes.ts [messages = 3000] [sockets = 30] [--nodes 1,2,3] [--smoke]`.
 * For each node count, a fresh database on one private cluster of the machine's PostgreSQL (production-like settings,
 * lib/pg.ts), a local bucket (s3rver), the fake WhatsApp server for many numbers in this process, and N real server
 * processes (`bun src/main.ts`, the production wiring: tests/nodes-e2e/cluster.ts). 12 WhatsApp connections are
 * linked by QR (the leases spread them over the nodes), `sockets` admins follow every new message over WebSockets spread
 * over the nodes, then customers send `messages` messages through the fake WhatsApp as fast as its sockets take them.
 * A message counts once stored; the run ends once every socket got every message's frame (fan-out across nodes).
 * Reports msg/s, frames/s, the CPU per message of each node (from /proc: steady on a shared machine) and of
 * PostgreSQL (every process of the cluster). Not part of `bun run bench` (it needs several nodes and a minute per count).
 */
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { SHARED_CLUSTER_ENV } from "../tests/support/pg-cluster";
import { benchCluster, clusterCpu } from "./lib/pg";
import { figure, SMOKE_MODE } from "./lib/report";

const args = process.argv.slice(2);
const plain = args.filter((a, i) => !a.startsWith("--") && args[i - 1] !== "--nodes");
const MESSAGES = SMOKE_MODE ? 120 : Number(plain[0] ?? 3_000);
const SOCKETS = SMOKE_MODE ? 3 : Number(plain[1] ?? 30);
const nodesArg = args.includes("--nodes") ? args[args.indexOf("--nodes") + 1] : undefined;
const COUNTS = (nodesArg ?? (SMOKE_MODE ? "1" : "1,2,3")).split(",").map(Number);
const CONNECTIONS = SMOKE_MODE ? 2 : 12;

// Every node count on one cluster with production-like settings; the harness makes each run a database of its own.
const pg = await benchCluster();
process.env[SHARED_CLUSTER_ENV] = pg.adminUrl;
const { Cluster, until } = await import("../tests/nodes-e2e/cluster");

/** CPU ms used so far by a process (all its threads), from /proc. */
function cpuMs(pid: number): number {
  const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
}
const loadAvg = () => loadavg()[0];

async function run(count: number) {
  const cluster = await new Cluster().init();
  try {
    const nodes = await cluster.startNodes(count);
    const token = await cluster.login(nodes[0]);
    const plans = await cluster.api(nodes[0], "GET", "/plans/all", token);
    await cluster.api(nodes[0], "PUT", `/plans/${plans.json[0].id}`, token, { ...plans.json[0], connections: CONNECTIONS + 2 });
    const accounts = await cluster.linkConnections(nodes, token, CONNECTIONS);
    const spread = nodes.map(() => 0);
    for (const n of (await cluster.leases()).values()) if (n) spread[nodes.indexOf(n)]++;
    // one session per user (the default): the admin's token, signed by node 1, opens sockets on every node
    const sockets = await Promise.all(Array.from({ length: SOCKETS }, (_, i) => cluster.agentSocket(nodes[i % count], token)));
    // Customers already known (their first message makes contact and ticket): the measured burst is ongoing chats.
    const customers = 10;
    const from = (a: number, k: number) => `5521${String(a).padStart(2, "0")}${String(k).padStart(7, "0")}`;
    for (const [a, account] of accounts.entries()) for (let k = 0; k < customers; k++) cluster.fleet.write(account, from(a, k), `WARM${a}-${k}`, "olá");
    await until(async () => (await cluster.storedWids()).size >= accounts.length * customers, 60_000, "the warm-up messages stored");
    await Bun.sleep(500);

    const cpu0 = nodes.map((n) => cpuMs(n.pid));
    const readPg = await clusterCpu(cluster.dbUrl);
    const pg0 = readPg();
    const load0 = loadAvg();
    const frames0 = sockets.map((s) => s.frames.length);
    const t0 = performance.now();
    for (let i = 0; i < MESSAGES; i++) {
      const a = i % accounts.length;
      cluster.fleet.write(accounts[a], from(a, i % customers), `BENCH${i}`, `mensagem ${i} sobre o pedido ${i * 7}`);
      if (i % 100 === 99) await Bun.sleep(0);
    }
    const stored = async () => (await cluster.sql<{ n: number }[]>`select count(*)::int as n from messages where from_me = 0 and wid like 'BENCH%'`)[0].n;
    await until(async () => (await stored()) >= MESSAGES, 300_000, `${MESSAGES} messages stored`);
    const storedMs = performance.now() - t0;
    const seen = (s: (typeof sockets)[number]) =>
      s.frames.filter((f) => f.channel === "appMessage" && f.action === "create" && f.message?.wid.startsWith("BENCH")).length;
    await until(() => sockets.every((s) => seen(s) >= MESSAGES), 120_000, "every frame on every socket");
    const allMs = performance.now() - t0;
    const nodeCpu = nodes.map((n, i) => cpuMs(n.pid) - cpu0[i]);
    const pgCpu = readPg() - pg0;
    const load = (load0 + loadAvg()) / 2;
    const framesPerMessage = sockets.reduce((n, s, i) => n + s.frames.length - frames0[i], 0) / SOCKETS / MESSAGES;
    const note = `${count} node(s), ${CONNECTIONS} connections (${spread.join("/")}), ${SOCKETS} sockets, load ${load.toFixed(1)}`;
    figure({ name: `nodes: ${count} — inbound stored`, value: MESSAGES / (storedMs / 1000), unit: "msg/s", note });
    figure({
      name: `nodes: ${count} — fan-out: messages' frames delivered`,
      value: (MESSAGES * SOCKETS) / (allMs / 1000),
      unit: "frames/s",
      note: `${note}; each socket got ${framesPerMessage.toFixed(1)} frames per message`,
    });
    for (const [i, ms] of nodeCpu.entries())
      figure({
        name: `nodes: ${count} — node ${i + 1} CPU per message`,
        value: (ms * 1000) / MESSAGES,
        unit: "µs",
        note: `${spread[i]} connections, ${Math.ceil((SOCKETS - i) / count)} sockets`,
      });
    figure({ name: `nodes: ${count} — all nodes CPU per message`, value: (nodeCpu.reduce((a, b) => a + b, 0) * 1000) / MESSAGES, unit: "µs" });
    figure({ name: `nodes: ${count} — PostgreSQL CPU per message`, value: (pgCpu * 1000) / MESSAGES, unit: "µs" });
    for (const s of sockets) s.close();
  } finally {
    await cluster.close();
  }
}

for (const count of COUNTS) await run(count);
process.exit(0);
