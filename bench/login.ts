/**
 * Requests per second of GET /health and POST /auth/login through `app.handle` (no network), on a
 * fresh temporary database. Login is dominated by argon2id verification, on purpose.
 *   bun run bench/login.ts [seconds per case] [concurrency] [--smoke]
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
import { figure, SMOKE_MODE } from "./lib/report";

const args = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const seconds = SMOKE_MODE ? 0.3 : Number(args[0] ?? 3);
const concurrency = Number(args[1] ?? 8);
const EMAIL = "bench@balcao.local";
const PASSWORD = "bench-password-1";

setLogLevel("silent");
const dir = mkdtempSync(join(tmpdir(), "balcao-bench-"));
const config = loadConfig({ DATA_DIR: dir, ADMIN_EMAIL: EMAIL, ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: "silent", NODE_ENV: "production" });
const db = openDatabase(config.dbPath);
migrate(db);
await seed(db, config);
const app = buildApp(createDeps(db, config));

/** Runs `make` with `concurrency` workers for `seconds`; answers requests/s, mean and p99 latency. */
async function measure(name: string, make: () => Request, expectStatus = 200) {
  const latencies: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      const res = await app.handle(make());
      await res.arrayBuffer();
      if (res.status !== expectStatus) throw new Error(`${name}: status ${res.status}`);
      latencies.push(performance.now() - t0);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const mean = latencies.reduce((s, x) => s + x, 0) / latencies.length;
  const p99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))];
  const rps = latencies.length / elapsed;
  console.log(
    `${name.padEnd(18)} ${rps.toFixed(0).padStart(8)} req/s  mean ${mean.toFixed(2)} ms  p99 ${p99.toFixed(2)} ms  (${latencies.length} requests, concurrency ${concurrency})`,
  );
  return rps;
}

console.log(`Balcão bench: app.handle, ${seconds} s per case, Bun ${Bun.version}`);
const health = await measure("GET /health", () => new Request("http://localhost/health"));
const login = await measure(
  "POST /auth/login",
  () =>
    new Request("http://localhost/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    }),
);
figure({ name: `GET /health, ${concurrency} clients (app.handle)`, value: health, unit: "req/s" });
figure({ name: `POST /auth/login, ${concurrency} clients (argon2id by design)`, value: login, unit: "req/s" });

db.sqlite.close();
rmSync(dir, { recursive: true, force: true });
