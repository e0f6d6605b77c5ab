/** Client side of the HTTP benchmarks: a server process on loopback, sign-in, latency and req/s. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pct } from "./report";

export interface Server {
  base: string;
  proc: Bun.Subprocess<"ignore", "pipe", "inherit">;
  stop(): Promise<void>;
}

/** Starts bench/lib/serve.ts on a data folder (flags: `--no-statistics`, `--pg <url>`) and waits for its port. */
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

/** CPU time a process has used so far, in ms (Linux /proc; 0 elsewhere). */
export function cpuMsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/**
 * Sequential latency of a GET (after a warm-up): p50/p95/p99 in ms, and, given the server's pid (or a reader
 * of CPU ms, such as the server's plus its database's), its CPU ms per request (steadier than wall time when
 * other work shares the machine). `before` runs ahead of each request, outside the timing (a write, so no
 * cached answer can serve it).
 */
export async function latency(base: string, path: string, token: string, runs: number, pid?: number | (() => number), before?: () => void | Promise<void>) {
  for (let i = 0; i < Math.min(5, runs); i++) await get(base, path, token);
  const samples: number[] = [];
  const cpuNow = typeof pid === "function" ? pid : pid ? () => cpuMsOf(pid) : undefined;
  const cpu0 = cpuNow?.() ?? 0;
  for (let i = 0; i < runs; i++) {
    await before?.();
    const t = performance.now();
    await get(base, path, token);
    samples.push(performance.now() - t);
  }
  const cpu = cpuNow ? (cpuNow() - cpu0) / runs : undefined;
  samples.sort((a, b) => a - b);
  return { p50: pct(samples, 0.5), p95: pct(samples, 0.95), p99: pct(samples, 0.99), cpu };
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
