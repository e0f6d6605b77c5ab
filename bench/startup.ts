/**
 * Cold start, memory and the SPA's first load, on the generated data set: `bun run bench/startup.ts [--smoke]`.
 * - cold start: `bun src/main.ts` spawned until its first answer to GET /health (median of runs);
 * - RSS of that process idle, then with 50 signed-in WebSocket clients following every list;
 * - SPA first load (index.html, its scripts and styles and what they import statically): bytes on
 *   the wire as served with `Accept-Encoding: br, gzip`, and the gzip and brotli sizes.
 */
import { readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import { datasetCopy } from "./lib/dataset";
import { ADMIN } from "./lib/generate";
import { figure, SMOKE_MODE } from "./lib/report";
import { signIn } from "./lib/server";

const ROOT = resolve(import.meta.dir, "..");
const RUNS = SMOKE_MODE ? 1 : 7;
const SOCKETS = SMOKE_MODE ? 5 : 50;

const freePort = () => {
  const s = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const port = s.port;
  s.stop(true);
  return port;
};
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;

/** Spawns the real server on the data folder; answers the process, its base URL and ms to the first answer. */
async function boot(dataDir: string) {
  const port = freePort();
  const t0 = performance.now();
  const proc = Bun.spawn(["bun", "run", join(ROOT, "src/main.ts")], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "error" },
    stdout: "ignore",
    stderr: "inherit",
  });
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    try {
      if ((await fetch(`${base}/health`)).ok) break;
    } catch {}
    if (performance.now() - t0 > 30_000) throw new Error("server did not answer within 30 s");
    await Bun.sleep(2);
  }
  return { proc, base, ms: performance.now() - t0 };
}

const dir = await datasetCopy();
const starts: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const s = await boot(dir);
  starts.push(s.ms);
  s.proc.kill();
  await s.proc.exited;
}
starts.sort((a, b) => a - b);
figure({ name: "cold start to first answer (median)", value: starts[Math.floor(RUNS / 2)], unit: "ms", target: 300, better: "lower", note: `${RUNS} runs` });

const s = await boot(dir);
await Bun.sleep(SMOKE_MODE ? 200 : 2000);
figure({ name: "RSS idle", value: rssMb(s.proc.pid), unit: "MB", target: 100, better: "lower" });
const token = await signIn(s.base, ADMIN.email, ADMIN.password);
const sockets = await Promise.all(
  Array.from(
    { length: SOCKETS },
    () =>
      new Promise<WebSocket>((ok) => {
        const ws = new WebSocket(`${s.base.replace("http", "ws")}/ws?token=${encodeURIComponent(token)}`);
        ws.onmessage = (e) => {
          if (!String(e.data).startsWith('{"channel":"ready"')) return;
          for (const m of [{ type: "joinNotification" }, { type: "joinTickets", status: "pending" }, { type: "joinTickets", status: "open" }])
            ws.send(JSON.stringify(m));
          ok(ws);
        };
      }),
  ),
);
await Bun.sleep(SMOKE_MODE ? 200 : 2000);
figure({ name: `RSS with ${SOCKETS} WebSocket clients`, value: rssMb(s.proc.pid), unit: "MB" });
for (const ws of sockets) ws.close();

// The SPA's first load as a browser gets it.
const html = await fetch(`${s.base}/`, { headers: { accept: "text/html" } });
if (html.status === 200) {
  const page = await html.text();
  const first = new Set<string>();
  const queue = [...page.matchAll(/(?:src|href)="(\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  let wire = 0;
  let gzip = Bun.gzipSync(page).length;
  let brotli = brotliCompressSync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  const htmlOnWire = await fetch(`${s.base}/`, { headers: { accept: "text/html", "accept-encoding": "br, gzip" }, decompress: false } as RequestInit);
  wire += (await htmlOnWire.arrayBuffer()).byteLength;
  while (queue.length) {
    const path = queue.shift()!;
    if (first.has(path)) continue;
    first.add(path);
    const onWire = await fetch(`${s.base}${path}`, { headers: { "accept-encoding": "br, gzip" }, decompress: false } as RequestInit);
    wire += (await onWire.arrayBuffer()).byteLength;
    const plain = await (await fetch(`${s.base}${path}`, { headers: { "accept-encoding": "identity" } })).text();
    gzip += Bun.gzipSync(plain).length;
    brotli += brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    if (path.endsWith(".js")) {
      for (const m of plain.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[^"'()]*?from\s*)?["']([^"']+\.js)["']/g)) {
        queue.push(m[1].startsWith("/") ? m[1] : new URL(m[1], `http://x${path}`).pathname);
      }
    }
  }
  figure({ name: "SPA first load, bytes on the wire", value: wire / 1024, unit: "KB", target: 150, better: "lower", note: `${first.size} files` });
  figure({ name: "SPA first load, gzip", value: gzip / 1024, unit: "KB" });
  figure({ name: "SPA first load, brotli", value: brotli / 1024, unit: "KB" });
} else console.log("SPA not built (bun run build:web): first-load figures skipped");

s.proc.kill();
await s.proc.exited;
rmSync(dir, { recursive: true, force: true });
