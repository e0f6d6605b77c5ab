/**
 * `bun run bench/sessions.ts [sessions = 40]`: memory per WhatsApp session. Pairs N Baileys sessions
 * (the production runner, auth in SQLite) against the fake WhatsApp server running in another
 * process, then reports the RSS and heap growth per connected session after a GC. A lower bound for
 * real phones: the fake network sends no history, contacts or groups.
 */
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SqliteAuthStore } from "../src/channels/baileys/auth-store";
import { applyTestRootKey } from "../src/channels/baileys";
import { BaileysRunner } from "../src/channels/baileys/runner";
import type { ChannelEvents, SessionStatus } from "../src/core/channel";
import { openDatabase } from "../src/db/client";
import { migrate } from "../src/db/migrate";
import { parseQr } from "../tests/support/fake-wa-server";

const smoke = process.argv.includes("--smoke");
const n = smoke ? 3 : Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 40);
const killChild = () => child.kill();
process.on("exit", killChild);
const child = Bun.spawn(["bun", join(import.meta.dir, "lib/wa-server-child.ts")], {
  stdio: ["ignore", "inherit", "inherit"],
  ipc(message) {
    ready(message as { url: string; rootKeyHex: string });
  },
});
let ready: (m: { url: string; rootKeyHex: string }) => void = () => {};
const hello = await new Promise<{ url: string; rootKeyHex: string }>((r) => {
  ready = r;
});
// The fake network's certificate root is accepted only in test mode, as in the channel tests.
process.env.NODE_ENV = "test";
applyTestRootKey(hello.rootKeyHex);

const dbPath = join(tmpdir(), `balcao-bench-sessions-${process.pid}.db`);
const db = openDatabase(dbPath);
migrate(db);
const store = new SqliteAuthStore(db.sqlite);
const mb = (b: number) => b / 1024 / 1024;
const measure = () => {
  Bun.gc(true);
  const m = process.memoryUsage();
  return { rss: m.rss, heap: m.heapUsed };
};

const runners: BaileysRunner[] = [];
await Bun.sleep(200);
const base = measure();
const t0 = performance.now();
for (let i = 1; i <= n; i++) {
  let status = "DISCONNECTED" as SessionStatus;
  let qr = "";
  const events: ChannelEvents = {
    onStatus: (s, info) => {
      status = s;
      if (info?.qrcode) qr = info.qrcode;
    },
    onMessages: () => {},
    onAck: () => {},
    onEdit: () => {},
    onRevoke: () => {},
    onCall: () => {},
    onIdentity: () => {},
  };
  const runner = new BaileysRunner({ connectionId: i, companyId: 1, events }, { store, wsUrl: hello.url, fetchVersion: false, random: () => 0.5 });
  runners.push(runner);
  await runner.start();
  for (let w = 0; !qr && w < 500; w++) await Bun.sleep(10);
  const q = parseQr(qr);
  child.send({ pair: { advSecretKey: q.advSecretKey, identityKey: q.identityKey.toString("base64") } });
  for (let w = 0; status !== "CONNECTED" && w < 1000; w++) await Bun.sleep(10);
  if (status !== "CONNECTED") throw new Error(`session ${i} did not connect (${status})`);
}
const pairSeconds = (performance.now() - t0) / 1000;
await Bun.sleep(smoke ? 500 : 5_000);
const after = measure();
const perRss = (after.rss - base.rss) / n;
const perHeap = (after.heap - base.heap) / n;
console.log(`sessions connected: ${n} in ${pairSeconds.toFixed(1)} s`);
console.log(
  `RSS: ${mb(base.rss).toFixed(0)} MB idle → ${mb(after.rss).toFixed(0)} MB; per session ${mb(perRss).toFixed(2)} MB (heap ${mb(perHeap).toFixed(2)} MB)`,
);
console.log(`sessions per GB of RSS: ${Math.floor(1024 / mb(perRss))}`);
for (const r of runners) await r.stop().catch(() => {});
child.kill();
db.sqlite.close();
rmSync(dbPath, { force: true });
rmSync(`${dbPath}-wal`, { force: true });
rmSync(`${dbPath}-shm`, { force: true });
process.exit(0);
