/**
 * Inbound throughput through real Baileys with Signal decryption:
 * `bun run bench/inbound-baileys.ts [messages = 10000] [contacts = 300] [--smoke]`.
 * The app (its own data folder, the production wiring: lazy Baileys factory, SQLite auth store,
 * handlers into the pipeline) links a WhatsApp connection to the fake WhatsApp server running in
 * another process (bench/lib/wa-server-child.ts). The contacts each open a Signal session with a
 * pre-key message (a first figure: new contacts), the app answers each one (so the contacts switch
 * to plain `msg` ciphertexts, as in an ongoing chat), then the server delivers `messages` encrypted
 * messages, prepared ahead of time, as fast as the socket takes them. A message counts once it is
 * stored, ticketed and published (its `appMessage` frame). Target (2 cores): ≥ 1,000 msg/s.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildApp, createDeps } from "../src/app";
import { loadConfig } from "../src/config";
import { openDatabase } from "../src/db/client";
import { migrate } from "../src/db/migrate";
import { seed } from "../src/ops/seed";
import { setLogLevel } from "../src/lib/logger";
import { whatsapps } from "../src/modules/connections/schema";
import { parseQr } from "../tests/support/fake-wa-server";
import { figure, SMOKE_MODE } from "./lib/report";

const args = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const MESSAGES = SMOKE_MODE ? 200 : Number(args[0] ?? 10_000);
const CONTACTS = SMOKE_MODE ? 10 : Number(args[1] ?? 300);
const TARGET = 1_000;

// ── the fake WhatsApp server, in its own process ───────────────────────────
type Reply = { url?: string; rootKeyHex?: string; peers?: string[]; keys?: number; prepared?: { pkmsg: number; msg: number }; sent?: number; inbox?: number };
const waiting: ((r: Reply) => void)[] = [];
const child = Bun.spawn(["bun", join(import.meta.dir, "lib/wa-server-child.ts")], {
  stdio: ["ignore", "inherit", "inherit"],
  ipc(message) {
    waiting.shift()?.(message as Reply);
  },
});
process.on("exit", () => child.kill());
const next = () => new Promise<Reply>((r) => waiting.push(r));
/** One request to the child and its reply. */
const ask = (m: Record<string, unknown>) => {
  const p = next();
  child.send(m);
  return p;
};
const hello = await next();

// ── the app ────────────────────────────────────────────────────────────────
// The fake network's certificate root and URL are honoured only in test mode, as in the channel tests.
process.env.NODE_ENV = "test";
setLogLevel("silent");
const dir = mkdtempSync(join(tmpdir(), "balcao-bench-inbound-wa-"));
const config = loadConfig({
  NODE_ENV: "test",
  DATA_DIR: dir,
  ADMIN_EMAIL: "b@b.io",
  ADMIN_PASSWORD: "bench-123",
  LOG_LEVEL: "silent",
  WA_WS_URL: hello.url,
  WA_TEST_ROOT_KEY: hello.rootKeyHex,
});
const db = openDatabase(config.dbPath);
migrate(db);
await seed(db, config);
const deps = createDeps(db, config);
const server = buildApp(deps).listen({ port: 0, hostname: "127.0.0.1" });

let published = 0;
deps.hub.listen((p) => {
  if (p.frame.channel === "appMessage" && p.frame.action === "create" && !p.frame.message.fromMe) published++;
});
async function until(check: () => boolean | Promise<boolean>, what: string, ms = 120_000) {
  const end = performance.now() + ms;
  while (!(await check())) {
    if (performance.now() > end) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(2);
  }
}

const now = new Date().toISOString();
const conn = (
  await db
    .insert(whatsapps)
    .values({ companyId: 1, name: "Bench WhatsApp", channel: "baileys", status: "DISCONNECTED", isDefault: true, createdAt: now, updatedAt: now })
    .returning()
)[0];
const row = async () => (await db.select({ status: whatsapps.status, qrcode: whatsapps.qrcode }).from(whatsapps))[0];
await deps.sessions.start({ id: conn.id, companyId: 1, channel: "baileys" });
await until(async () => !!(await row()).qrcode, "a QR code", 20_000);
const qr = parseQr((await row()).qrcode!);
child.send({ pair: { advSecretKey: qr.advSecretKey, identityKey: qr.identityKey.toString("base64") } });
await until(async () => (await row()).status === "CONNECTED", "CONNECTED", 20_000);
for (let k = 0; !((await ask({ keys: true })).keys! > 0); k++) {
  if (k > 2_000) throw new Error("the client never uploaded its pre-keys");
  await Bun.sleep(10);
}
const numbers = (await ask({ peers: CONTACTS })).peers!;

/** Delivers the prepared messages and waits until `expected` more are published; answers ms and CPU µs. */
async function run(expected: number) {
  const start = published;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await ask({ blast: true });
  await until(() => published - start >= expected, `${expected} published messages`);
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { ms, cpuUs: cpu.user + cpu.system };
}

// 1. New contacts: each one's first message is a pre-key message (a session is built, a ticket created).
const first = (await ask({ prepare: { count: CONTACTS, prefix: "BENCHNEW" } })).prepared!;
if (first.pkmsg !== CONTACTS) throw new Error(`expected ${CONTACTS} pkmsg, got ${JSON.stringify(first)}`);
const fresh = await run(CONTACTS);
figure({
  name: "inbound via Baileys, new contacts (pkmsg), stored and published",
  value: CONTACTS / (fresh.ms / 1000),
  unit: "msg/s",
  note: `${CONTACTS} contacts`,
});
figure({ name: "inbound via Baileys, new contacts (pkmsg), server CPU per message", value: fresh.cpuUs / CONTACTS, unit: "µs" });

// 2. The app answers each contact (through the channel), so their next messages are plain `msg`.
const adapter = deps.sessions.get(conn.id)!;
for (const n of numbers) await adapter.send({ type: "text", to: `${n}@s.whatsapp.net`, body: "Olá! Em que posso ajudar?" });
for (let k = 0; (await ask({ inbox: true })).inbox! < CONTACTS; k++) {
  if (k > 6_000) throw new Error("the contacts never received the answers");
  await Bun.sleep(10);
}

// 3. The measured burst: ongoing chats, Signal `msg` ciphertexts, decrypted and through the pipeline.
const prepared = (await ask({ prepare: { count: MESSAGES, prefix: "BENCHMSG" } })).prepared!;
if (prepared.msg !== MESSAGES) throw new Error(`expected ${MESSAGES} msg, got ${JSON.stringify(prepared)}`);
await Bun.sleep(200); // let the answers' acks and receipts settle
const burst = await run(MESSAGES);
figure({
  name: "inbound via Baileys with decryption, stored and published",
  value: MESSAGES / (burst.ms / 1000),
  unit: "msg/s",
  target: TARGET,
  better: "higher",
  note: `${MESSAGES} messages from ${CONTACTS} contacts`,
});
// CPU time of the app process (Baileys, decryption, the pipeline); the fake server runs elsewhere.
figure({ name: "inbound via Baileys with decryption, server CPU per message", value: burst.cpuUs / MESSAGES, unit: "µs" });

await deps.sessions.stopAll();
server.stop(true);
child.kill();
db.sqlite.close();
rmSync(dir, { recursive: true, force: true });
process.exit(0);
