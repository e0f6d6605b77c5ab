/** Client side of the HTTP benchmarks: a server process on loopback, sign-in, latency and req/s. */
import { join } from "node:path";
import { pct } from "./report";

export interface Server {
  base: string;
  proc: Bun.Subprocess<"ignore", "pipe", "inherit">;
  stop(): Promise<void>;
}

/** Starts bench/lib/serve.ts on a data folder and waits for its port. */
export async function startServer(dataDir: string, flags: string[] = []): Promise<Server> {
  const proc = Bun.spawn(["bun", "run", join(import.meta.dir, "serve.ts"), dataDir, ...flags], { stdin: "ignore", stdout: "pipe", stderr: "inherit" });
  const reader = proc.stdout.getReader();
  let text = "";
  while (!/port \d+/.test(text)) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`server exited: ${text}`);
    text += new TextDecoder().decode(value);
  }
  reader.releaseLock();
  process.on("exit", () => proc.kill());
  const base = `http://127.0.0.1:${/port (\d+)/.exec(text)![1]}`;
  return {
    base,
    proc,
    async stop() {
      proc.kill();
      await proc.exited;
    },
  };
}

/** Signs in and answers the access token. */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const r = await fetch(`${base}/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password }) });
  if (!r.ok) throw new Error(`sign-in of ${email}: ${r.status} ${await r.text()}`);
  return ((await r.json()) as { token: string }).token;
}

async function get(base: string, path: string, token: string) {
  const r = await fetch(base + path, { headers: { authorization: `Bearer ${token}`, accept: "application/json" } });
  const body = await r.text();
  if (r.status !== 200) throw new Error(`GET ${path}: ${r.status} ${body.slice(0, 200)}`);
  return body;
}

/** Sequential latency of a GET (after a warm-up): p50/p95/p99 in ms. */
export async function latency(base: string, path: string, token: string, runs: number) {
  for (let i = 0; i < Math.min(5, runs); i++) await get(base, path, token);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await get(base, path, token);
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  return { p50: pct(samples, 0.5), p95: pct(samples, 0.95), p99: pct(samples, 0.99) };
}

/** Requests per second of a GET with `clients` concurrent clients for `seconds`. */
export async function throughput(base: string, path: string, token: string, clients: number, seconds: number) {
  const end = performance.now() + seconds * 1000;
  let done = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < end) {
        await get(base, path, token);
        done++;
      }
    }),
  );
  return done / ((performance.now() - t0) / 1000);
}
