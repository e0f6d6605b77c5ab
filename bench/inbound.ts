/**
 * Inbound throughput: `bun run bench/inbound.ts [messages = 20000] [agents = 50] [--smoke]`.
 * Customer messages enter at the channel level: a transport of its own kind ("bench") is started by
 * the supervisor like any connection, and what it receives goes through the Baileys transport's own
 * EventForwarder (src/channels/baileys/events.ts): one `messages.upsert` event per message, as a live
 * WhatsApp socket emits them, mapped by the Baileys mapping; messages that arrive while the previous
 * batch is being handled join the next batch (≤ 256), which is how a real connection hands a burst to
 * the pipeline (the registry, the wiring with its health line, the pipeline and the bot; no HTTP, no
 * decryption: bench/inbound-baileys.ts has that). Each message is stored, ticketed and fanned out over
 * real WebSockets to `agents` signed-in admins who follow every list; a message counts once every
 * socket has received its frame. First CONNECTIONS connections receiving at the same time, each
 * socket reading one message per turn of the event loop (as fast as frames come: a flood, each
 * connection's messages in order), with the deliveries' sizes reported; then the target's rate offered evenly
 * over the same connections (paced: does the pipeline keep up, at what CPU); then one connection with one
 * message in flight at a time (each delivery awaited: batches of one, what a message costs alone);
 * then the sandbox phone's HTTP route (one sender, then eight). Target (2 cores):
 * ≥ 5,000 msg/s at the channel level. `--engine pg`: the same on PostgreSQL (a migrated empty database of the
 * bench's cluster, lib/pg.ts; target ≥ 2,000 msg/s), the cluster's CPU per message reported beside the server's.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildApp, createDeps } from "../src/app";
import type { ChannelEvents, InboundMessage } from "../src/core/channel";
import { loadConfig } from "../src/config";
import type { DB } from "../src/core/db";
import { openDatabase } from "../src/db/client";
import { migrate } from "../src/db/migrate";
import { openPostgresDb } from "../src/db/pg-client";
import { seed } from "../src/ops/seed";
import { hashPassword } from "../src/lib/password";
import { whatsapps } from "../src/modules/connections/schema";
import { setLogLevel } from "../src/lib/logger";
import { insertUser } from "../src/modules/users/accounts";
import { FakeChannel } from "../tests/helpers/channel";
import { EventForwarder } from "../src/channels/baileys/events";
import { quietLogger } from "../src/channels/baileys/runner-deps";
import { benchDatabase, clusterCpu, ENGINE } from "./lib/pg";
import { figure, SMOKE_MODE } from "./lib/report";

const args = process.argv.slice(2).filter((a, i, all) => !a.startsWith("--") && all[i - 1] !== "--engine");
const MESSAGES = SMOKE_MODE ? 300 : Number(args[0] ?? 20_000);
const AGENTS = SMOKE_MODE ? 5 : Number(args[1] ?? 50);
const CONTACTS = SMOKE_MODE ? 50 : 2_000;
const CONNECTIONS = SMOKE_MODE ? 3 : 10;
const TARGET = ENGINE === "pg" ? 2_000 : 5_000;

setLogLevel("silent");
const dir = mkdtempSync(join(tmpdir(), "balcao-bench-inbound-"));
const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dir, ADMIN_EMAIL: "b@b.io", ADMIN_PASSWORD: "bench-123", LOG_LEVEL: "silent" });
const pg = ENGINE === "pg" ? await benchDatabase(null, "bench_inbound") : null;
const db: DB = pg ? openPostgresDb(pg.url) : openDatabase(config.dbPath);
if (!pg) migrate(db);
const pgCpu = pg ? await clusterCpu(pg.url) : undefined;
await seed(db, config);
const deps = createDeps(db, config);
const server = buildApp(deps).listen({ port: 0, hostname: "127.0.0.1" });
const base = `127.0.0.1:${server.server!.port}`;

// Connections of a transport kind of the bench's own: the supervisor starts them like any other, and
// the bench keeps each one's events, which is where a transport hands over what it received.
const events = new Map<number, ChannelEvents>();
const forwarders = new Map<number, EventForwarder>();
/** Sizes of the deliveries the forwarders handed to the pipeline (messages per `onMessages`). */
let deliveries = 0;
let delivered = 0;
deps.sessions.register("bench", ({ connectionId, events: e }) => {
  events.set(connectionId, e);
  const counted: ChannelEvents = {
    ...e,
    onMessages: (ms) => {
      deliveries++;
      delivered += ms.length;
      return e.onMessages(ms);
    },
  };
  forwarders.set(connectionId, new EventForwarder(counted, quietLogger));
  return new FakeChannel();
});
const now = new Date().toISOString();
const conns: number[] = [];
for (let c = 0; c < CONNECTIONS; c++) {
  const row = (
    await db
      .insert(whatsapps)
      .values({ companyId: 1, name: `Bench ${c}`, channel: "bench" as "sandbox", status: "CONNECTED", isDefault: c === 0, createdAt: now, updatedAt: now })
      .returning()
  )[0];
  await deps.sessions.start({ id: row.id, companyId: 1, channel: "bench" });
  conns.push(row.id);
}
const sandbox = (
  await db
    .insert(whatsapps)
    .values({ companyId: 1, name: "Sandbox", channel: "sandbox", status: "CONNECTED", isDefault: false, createdAt: now, updatedAt: now })
    .returning()
)[0];
await deps.sessions.start({ id: sandbox.id, companyId: 1, channel: "sandbox" });
/** What a transport does with a message it received: one delivery, awaited by the caller. */
const deliver = (connectionId: number, m: InboundMessage) => events.get(connectionId)!.onMessages([m]);

// Agents: admins follow every list, the worst case for fan-out.
const passwordHash = await hashPassword("agent-123");
const tokens: string[] = [];
for (let i = 0; i < AGENTS; i++) {
  await insertUser(db, { companyId: 1, name: `Agente ${i}`, email: `a${i}@bench.io`, passwordHash, profile: "admin" });
  const r = await fetch(`http://${base}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": `10.9.${i >> 8}.${i & 255}` },
    body: JSON.stringify({ email: `a${i}@bench.io`, password: "agent-123" }),
  });
  tokens.push(((await r.json()) as { token: string }).token);
}
// The agents' sockets live in another process (as browsers would), so the server's CPU is its own.
const clients = Bun.spawn(["bun", "run", join(import.meta.dir, "inbound-clients.ts"), base, JSON.stringify(tokens)], {
  stdin: "pipe",
  stdout: "pipe",
  stderr: "inherit",
});
const lines = (async function* () {
  const decoder = new TextDecoder();
  let buf = "";
  for await (const chunk of clients.stdout) {
    buf += decoder.decode(chunk);
    let i = buf.indexOf("\n");
    while (i >= 0) {
      yield buf.slice(0, i);
      buf = buf.slice(i + 1);
      i = buf.indexOf("\n");
    }
  }
})();
let received = 0;
const { promise: clientsReady, resolve: readyResolve } = Promise.withResolvers<void>();
const counting = (async () => {
  for await (const line of lines) {
    if (line === "ready") readyResolve();
    else received = Number(line);
  }
})();
await clientsReady;
const resetCount = () => {
  clients.stdin.write("reset\n");
  clients.stdin.flush();
};
void counting;

const inbound = (i: number): InboundMessage => {
  const n = `55119${String(i % CONTACTS).padStart(8, "0")}`;
  return {
    id: `BENCH${i}`,
    fromMe: false,
    chat: { number: n, address: `${n}@s.whatsapp.net`, pushName: `Cliente ${i % CONTACTS}` },
    isGroup: false,
    kind: "text",
    body: `mensagem ${i} sobre o pedido ${i * 7}`,
    timestamp: Date.now(),
    origin: "notify",
  };
};

/** The same message as a live WhatsApp socket emits it (a `messages.upsert` of type notify). */
const upsert = (i: number) => {
  const m = inbound(i);
  return {
    "messages.upsert": {
      type: "notify" as const,
      messages: [
        {
          key: { remoteJid: m.chat.address, id: m.id, fromMe: false },
          message: { conversation: m.body },
          messageTimestamp: Math.floor(m.timestamp / 1000),
          pushName: m.chat.pushName,
        },
      ],
    },
  };
};

/**
 * A connection's socket receiving messages as fast as they come: one upsert per turn of the event loop, through the
 * transport's EventForwarder (which batches what arrives while a batch is handled); settles once all are handled.
 */
async function flood(connectionId: number, ids: number[], everyMs = 0) {
  const f = forwarders.get(connectionId)!;
  const t0 = performance.now();
  for (const [k, i] of ids.entries()) {
    // biome-ignore lint/suspicious/noExplicitAny: a minimal WAMessage (key, message, timestamp, push name)
    f.forward(upsert(i) as any, async () => Buffer.alloc(0));
    // Paced: the next message is due everyMs after this one (late ones come at once, as a socket's backlog).
    const wait = t0 + (k + 1) * everyMs - performance.now();
    if (wait > 1) await Bun.sleep(wait);
    else await new Promise((r) => setImmediate(r));
  }
  await f.drained();
}

async function waitFrames(expected: number) {
  const deadline = Date.now() + 120_000;
  while (received < expected && Date.now() < deadline) await Bun.sleep(2);
}

// Warm-up: every contact writes once on every connection (creates the tickets).
await Promise.all(
  conns.map((c, k) =>
    flood(
      c,
      Array.from({ length: CONTACTS }, (_, i) => 1_000_000 * (k + 1) + i),
    ),
  ),
);
await waitFrames(CONTACTS * CONNECTIONS * AGENTS);

/**
 * Delivers `total` messages over `over` connections at once (each connection's in order): as a flood through the
 * forwarders, or one delivery of one message at a time per connection (`oneByOne`).
 */
async function run(total: number, over: number[], tag: string, oneByOne = false, rate = 0) {
  received = 0;
  resetCount();
  deliveries = 0;
  delivered = 0;
  const per = Math.floor(total / over.length);
  const cpu0 = process.cpuUsage();
  const pg0 = pgCpu?.() ?? 0;
  const t0 = performance.now();
  const offset: Record<string, number> = { many: 0, again: 3_000_000, one: 5_000_000, paced: 7_000_000 };
  const idOf = (k: number, i: number) => 10_000_000 * (k + 1) + i + offset[tag];
  await Promise.all(
    over.map(async (c, k) => {
      if (!oneByOne)
        return flood(
          c,
          Array.from({ length: per }, (_, i) => idOf(k, i)),
          rate ? (1000 * over.length) / rate : 0,
        );
      for (let i = 0; i < per; i++) await deliver(c, inbound(idOf(k, i)));
    }),
  );
  const stored = performance.now() - t0;
  await waitFrames(per * over.length * AGENTS);
  const all = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const n = per * over.length;
  const perDelivery = deliveries ? delivered / deliveries : 1;
  return { n, stored, all, cpuPerMsg: (cpu.user + cpu.system) / n, pgPerMsg: pgCpu ? ((pgCpu() - pg0) * 1000) / n : undefined, perDelivery };
}

const many = await run(MESSAGES, conns, "many");
figure({
  name: `inbound, channel level, ${CONNECTIONS} connections at once, stored and published`,
  value: many.n / (many.stored / 1000),
  unit: "msg/s",
  note: `${many.n} messages, ${many.perDelivery.toFixed(1)} per delivery on average`,
});
figure({
  name: `inbound, channel level, ${CONNECTIONS} connections at once, delivered to ${AGENTS} sockets`,
  value: many.n / (many.all / 1000),
  unit: "msg/s",
  target: TARGET,
  better: "higher",
  note: `${received} frames; every message opens a conversation`,
});
// CPU time is steadier than wall time on a shared machine (the clients run in their own process).
figure({ name: "inbound, channel level, server CPU per message", value: many.cpuPerMsg, unit: "µs" });
if (many.pgPerMsg !== undefined) figure({ name: "inbound, channel level, PostgreSQL CPU per message", value: many.pgPerMsg, unit: "µs" });
// The run above opens a conversation with every message (message i of each connection is customer i's first there:
// a contact found or created, a ticket created). Most traffic continues open conversations: the same flood again.
const again = await run(MESSAGES, conns, "again");
figure({
  name: `inbound, channel level, ${CONNECTIONS} connections at once, conversations already open, delivered to ${AGENTS} sockets`,
  value: again.n / (again.all / 1000),
  unit: "msg/s",
  target: TARGET,
  better: "higher",
  note: `${again.cpuPerMsg.toFixed(0)} µs CPU each${again.pgPerMsg !== undefined ? ` + ${again.pgPerMsg.toFixed(0)} µs PostgreSQL` : ""}, ${again.perDelivery.toFixed(1)} per delivery`,
});
// The target's rate offered evenly (each connection a message every CONNECTIONS * 1000 / TARGET ms): kept up with?
const paced = await run(MESSAGES, conns, "paced", false, TARGET);
figure({
  name: `inbound, channel level, ${CONNECTIONS} connections offered ${TARGET} msg/s, delivered to ${AGENTS} sockets`,
  value: paced.n / (paced.all / 1000),
  unit: "msg/s",
  note: `${paced.cpuPerMsg.toFixed(0)} µs CPU each${paced.pgPerMsg !== undefined ? ` + ${paced.pgPerMsg.toFixed(0)} µs PostgreSQL` : ""}, ${paced.perDelivery.toFixed(1)} per delivery`,
});
const one = await run(Math.floor(MESSAGES / 2), conns.slice(0, 1), "one", true);
figure({
  name: `inbound, channel level, one connection, one message at a time, delivered to ${AGENTS} sockets`,
  value: one.n / (one.all / 1000),
  unit: "msg/s",
  note: `${one.n} messages, ${one.cpuPerMsg.toFixed(0)} µs CPU each${one.pgPerMsg !== undefined ? ` + ${one.pgPerMsg.toFixed(0)} µs PostgreSQL` : ""}`,
});

// Through HTTP: the sandbox phone's send route, one sender then eight.
const admin = tokens[0];
for (const senders of [1, 8]) {
  const per = Math.floor(Math.min(MESSAGES, 4_000) / senders);
  received = 0;
  resetCount();
  const h0 = performance.now();
  await Promise.all(
    Array.from({ length: senders }, async (_, s) => {
      for (let i = 0; i < per; i++) {
        const n = `55118${String(s * 100 + (i % 100)).padStart(8, "0")}`;
        await fetch(`http://${base}/sandbox/${sandbox.id}/messages`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${admin}` },
          body: JSON.stringify({ number: n, name: "Cliente HTTP", body: `http ${s}-${i}` }),
        });
      }
    }),
  );
  await waitFrames(per * senders * AGENTS);
  const ms = performance.now() - h0;
  figure({ name: `inbound, sandbox HTTP route, ${senders} sender(s), ${AGENTS} sockets`, value: (per * senders) / (ms / 1000), unit: "msg/s" });
}

clients.kill();
await deps.sessions.stopAll();
server.stop(true);
if (db.engine === "pg") await (db as unknown as { $client: { end(): Promise<void> } }).$client.end();
else db.sqlite.close();
rmSync(dir, { recursive: true, force: true });
process.exit(0);
