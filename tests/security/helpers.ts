/** A test app listening on a real port: HTTP through fetch, sockets through WebSocket. */
import { afterAll } from "bun:test";
import { makeTestApp } from "../helpers/app";
import { openTestSocket } from "../helpers/socket";

export async function makeLiveApp() {
  const t = await makeTestApp();
  const server = t.app.listen({ port: 0, hostname: "127.0.0.1" });
  afterAll(() => server.stop(true));
  const origin = `http://127.0.0.1:${server.server!.port}`;

  /** A request over the wire; answers status, JSON (or text), headers and the refresh cookie set, if any. */
  async function http(
    method: string,
    path: string,
    opts: { token?: string; cookie?: string; body?: unknown; headers?: Record<string, string>; raw?: BodyInit } = {},
  ) {
    const headers: Record<string, string> = { accept: "application/json", ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.cookie) headers.cookie = opts.cookie;
    let body: BodyInit | undefined = opts.raw;
    if (opts.body !== undefined) {
      headers["content-type"] ??= "application/json";
      body = JSON.stringify(opts.body);
    }
    const res = await fetch(`${origin}${path}`, { method, headers, body });
    const text = await res.text();
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    const setCookie = res.headers.get("set-cookie") ?? "";
    const cookie = /^jrt=[^;]+/.exec(setCookie)?.[0];
    return { status: res.status, json, text, headers: res.headers, setCookie, cookie: cookie && cookie !== "jrt=" ? cookie : undefined };
  }

  /** Opens a socket; `ready` resolves on the server's ready frame, `closed` with the close code. */
  const socket = (token: string) => openTestSocket(`${origin.replace("http", "ws")}/ws`, token, 1_500);

  /** Resolves with the close code, or "open" when the socket is still open after `ms`. */
  const closedWithin = (s: { closed: Promise<number> }, ms = 1500) => Promise.race([s.closed, Bun.sleep(ms).then(() => "open" as const)]);

  return { ...t, server, origin, http, socket, closedWithin };
}

const ROOT = `${import.meta.dir}/../..`;

/** The real server process (`bun run src/main.ts`) on a data folder; `stop` sends SIGTERM (docker stop). */
export async function startRealServer(dataDir: string, env: Record<string, string> = {}) {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const proc = Bun.spawn(["bun", "run", "src/main.ts"], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "test", DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "error", ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (proc.exitCode !== null) return;
    proc.kill("SIGTERM");
    await Promise.race([proc.exited, Bun.sleep(10_000)]);
    if (proc.exitCode === null) proc.kill("SIGKILL");
    await proc.exited;
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited (${proc.exitCode})`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error("server did not start");
    }
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      // not yet listening
    }
    await Bun.sleep(100);
  }
  return { url, proc, stop };
}
