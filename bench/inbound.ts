/**
 * Inbound throughput: `bun run bench/inbound.ts [messages = 20000] [agents = 50] [--smoke]`.
 * Customer messages enter the pipeline at the channel level (what a connection's events call,
 * bypassing HTTP): stored, ticketed and fanned out over real WebSockets to `agents` signed-in admins
 * who follow every list. The figure counts a message only once every socket has received its frame.
 * Then the same through the sandbox phone's HTTP route (one sender, then eight). Target (2 cores):
 * ≥ 5,000 msg/s at the channel level.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildApp, createDeps } from "../src/app";
import { handleInbound } from "../src/bot";
import type { InboundMessage } from "../src/channels/types";
import { loadConfig } from "../src/config";
import { openDatabase } from "../src/db/client";
import { migrate } from "../src/db/migrate";
import { seed } from "../src/db/seed";
import { hashPassword } from "../src/lib/password";
import { whatsapps } from "../src/modules/connections/schema";
import { setLogLevel } from "../src/lib/logger";
import { insertUser } from "../src/modules/users/accounts";
import { figure, SMOKE_MODE } from "./lib/report";

const args = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const MESSAGES = SMOKE_MODE ? 300 : Number(args[0] ?? 20_000);
const AGENTS = SMOKE_MODE ? 5 : Number(args[1] ?? 50);
const CONTACTS = SMOKE_MODE ? 50 : 2_000;
const TARGET = 5_000;

setLogLevel("silent");
const dir = mkdtempSync(join(tmpdir(), "balcao-bench-inbound-"));
const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dir, ADMIN_EMAIL: "b@b.io", ADMIN_PASSWORD: "bench-123", LOG_LEVEL: "silent" });
const db = openDatabase(config.dbPath);
migrate(db);
await seed(db, config);
const deps = createDeps(db, config);
const server = buildApp(deps).listen({ port: 0, hostname: "127.0.0.1" });
const base = `127.0.0.1:${server.server!.port}`;

const now = new Date().toISOString();
const conn = db
  .insert(whatsapps)
  .values({ companyId: 1, name: "Bench", channel: "sandbox", status: "CONNECTED", isDefault: true, createdAt: now, updatedAt: now })
  .returning()
  .get();
await deps.sessions.start({ id: conn.id, companyId: 1, channel: "sandbox" });

// Agents: admins follow every list, the worst case for fan-out.
const passwordHash = await hashPassword("agent-123");
const tokens: string[] = [];
for (let i = 0; i < AGENTS; i++) {
  insertUser(db, { companyId: 1, name: `Agente ${i}`, email: `a${i}@bench.io`, passwordHash, profile: "admin" });
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

async function waitFrames(expected: number) {
  const deadline = Date.now() + 120_000;
  while (received < expected && Date.now() < deadline) await Bun.sleep(2);
}

// Warm-up (creates the contacts' tickets).
for (let i = 0; i < CONTACTS; i++) await handleInbound(deps, { id: conn.id, companyId: 1 }, inbound(1_000_000 + i));
await waitFrames(CONTACTS * AGENTS);
received = 0;
resetCount();

const cpu0 = process.cpuUsage();
const t0 = performance.now();
for (let i = 0; i < MESSAGES; i++) await handleInbound(deps, { id: conn.id, companyId: 1 }, inbound(i));
const stored = performance.now() - t0;
await waitFrames(MESSAGES * AGENTS);
const all = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
const rate = MESSAGES / (all / 1000);
figure({ name: `inbound, channel level, stored and published`, value: MESSAGES / (stored / 1000), unit: "msg/s", note: `${MESSAGES} messages` });
figure({
  name: `inbound, channel level, delivered to ${AGENTS} sockets`,
  value: rate,
  unit: "msg/s",
  target: TARGET,
  better: "higher",
  note: `${received} frames`,
});
// CPU time is steadier than wall time on a shared machine (the clients run in their own process).
figure({ name: "inbound, channel level, server CPU per message", value: (cpu.user + cpu.system) / MESSAGES, unit: "µs" });

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
        await fetch(`http://${base}/sandbox/${conn.id}/messages`, {
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
db.sqlite.close();
rmSync(dir, { recursive: true, force: true });
process.exit(0);
