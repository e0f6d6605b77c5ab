import { afterAll, beforeAll } from "bun:test";
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";

export const ROOT = join(import.meta.dir, "../..");
export const SUPER_EMAIL = "root@e2e.local";
export const SUPER_PASSWORD = "root-pass-123";

/** Debian's chromium, no downloads; the flags keep it quiet and sandbox-free in containers. */
export const launchBrowser = () =>
  chromium.launch({
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === "object" && addr ? resolve(addr.port) : reject(new Error("no port"))));
    });
  });
}

/** Builds web/dist once when it is missing (the server serves it). */
async function ensureBuilt() {
  if (existsSync(join(ROOT, "web/dist/index.html"))) return;
  const proc = Bun.spawn(["bun", "run", "build:web"], { cwd: ROOT, stdout: "inherit", stderr: "inherit" });
  if ((await proc.exited) !== 0) throw new Error("bun run build:web failed");
}

export interface Server {
  url: string;
  dataDir: string;
  stop: () => Promise<void>;
  /** SIGKILL (a crash): the data folder is kept. */
  kill: () => Promise<void>;
  logs: () => string;
}

/**
 * Starts the REAL server (`bun run src/main.ts`) on a free loopback port with a fresh data folder,
 * waits for GET /health, and returns its URL and a stop function.
 */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<Server> {
  await ensureBuilt();
  const port = await freePort();
  // A given DATA_DIR is kept on stop (restart tests reuse it); a generated one is removed.
  const ownDir = !extraEnv.DATA_DIR;
  const dataDir = extraEnv.DATA_DIR ?? mkdtempSync(join(tmpdir(), "balcao-e2e-"));
  let output = "";
  const child: ChildProcess = spawn("bun", ["run", "src/main.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      ADMIN_EMAIL: SUPER_EMAIL,
      ADMIN_PASSWORD: SUPER_PASSWORD,
      LOG_LEVEL: "warn",
      // outside services in e2e tests are loopback servers
      OUTBOUND_ALLOW: "127.0.0.1",
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${url}/health`, { headers: { accept: "application/json" } });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not answer /health within 30 s:\n${output}`);
    }
    await Bun.sleep(100);
  }
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await Promise.race([exited, Bun.sleep(5_000)]);
      if (child.exitCode === null) child.kill("SIGKILL");
    }
    if (ownDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const kill = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGKILL");
    await exited;
  };
  return { url, dataDir, stop, kill, logs: () => output };
}

/** A server plus a browser for one test file. */
export async function startStack(opts: { env?: Record<string, string> } = {}) {
  const server = await startServer(opts.env);
  let browser: Browser;
  try {
    browser = await launchBrowser();
  } catch (e) {
    await server.stop();
    throw e;
  }
  const newPage = async (opts: { width?: number; height?: number; colorScheme?: "light" | "dark" } = {}): Promise<{ context: BrowserContext; page: Page }> => {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: opts.width ?? 1280, height: opts.height ?? 800 },
      colorScheme: opts.colorScheme ?? "light",
      locale: "pt-BR",
    });
    const page = await context.newPage();
    return { context, page };
  };
  const stop = async () => {
    await browser.close().catch(() => {});
    await server.stop();
  };
  return { server, browser, newPage, stop };
}

export type Stack = Awaited<ReturnType<typeof startStack>>;

/**
 * One stack for the calling test file: started before its tests (60 s allowed), stopped after them.
 * Returns an accessor, since the stack exists only once the tests run. `env` is read at start time
 * (a fake WhatsApp server's URL, for instance).
 */
export function setupStack(env?: () => Record<string, string>): () => Stack {
  let stack: Stack | undefined;
  beforeAll(async () => {
    stack = await startStack({ env: env?.() });
  }, 60_000);
  afterAll(async () => {
    await stack?.stop();
  });
  return () => {
    if (!stack) throw new Error("the stack is not running (setupStack starts it in beforeAll)");
    return stack;
  };
}

/** Signs in through the login form and waits for the signed-in shell's greeting. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Senha", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await page.getByTestId("greeting").waitFor();
}

/** POST to the API from the test (loopback only). */
export async function apiCall<T = unknown>(base: string, method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; data: T }> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, data: (await res.json().catch(() => null)) as T };
}
