import { afterAll, beforeAll } from "bun:test";
import { Database } from "bun:sqlite";
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import postgres from "postgres";
import { createTestDatabase } from "../support/postgres";

export const ROOT = join(import.meta.dir, "../..");
export const SUPER_EMAIL = "root@e2e.local";
export const SUPER_PASSWORD = "root-pass-123";
/**
 * BALCAO_TEST_ENGINE=pg: every started server serves from a PostgreSQL database of its own (DATABASE_URL) on the
 * test cluster (tests/support/pg-cluster.ts), created empty so that the server's own boot migrates it, as a new
 * installation's first start does; unset, the servers use SQLite in their data folder (the default).
 */
export const ON_POSTGRES = process.env.BALCAO_TEST_ENGINE === "pg";

/** On PostgreSQL, the database of each data folder made by dataFolder(): a restart on the folder finds its data. */
const folderDatabases = new Map<string, Promise<{ url: string; drop(): Promise<void> }>>();
/** Servers started and not stopped yet: dataFolder's cleanup stops those on its folder first. */
const running = new Set<Server>();

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
  /** The PostgreSQL database it serves from (BALCAO_TEST_ENGINE=pg), else undefined (SQLite in dataDir). */
  databaseUrl?: string;
  stop: () => Promise<void>;
  /** SIGKILL (a crash): the data folder is kept. */
  kill: () => Promise<void>;
  logs: () => string;
}

/**
 * A data folder for the servers one test file starts, stops and starts again (pass it as DATA_DIR): on PostgreSQL
 * it comes with a database of its own that every server on the folder serves from. Both are removed after the
 * file's tests. Call it at the top of the test file (it registers its afterAll there).
 */
export function dataFolder(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  if (ON_POSTGRES) folderDatabases.set(dir, createTestDatabase({ migrated: false }));
  afterAll(async () => {
    // this hook runs before the file's own afterAll (registered later): stop the folder's server first
    for (const server of [...running]) if (server.dataDir === dir) await server.stop();
    const db = folderDatabases.get(dir);
    folderDatabases.delete(dir);
    await (await db?.catch(() => null))?.drop();
    rmSync(dir, { recursive: true, force: true });
  });
  return dir;
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
  let database: { url: string; drop(): Promise<void> } | null = null;
  if (ON_POSTGRES && !extraEnv.DATABASE_URL) {
    const kept = folderDatabases.get(dataDir);
    if (!ownDir && !kept) throw new Error(`on PostgreSQL a DATA_DIR kept across servers comes from dataFolder() (its database goes with it): ${dataDir}`);
    database = kept ? await kept : await createTestDatabase({ migrated: false });
  }
  // the server's own database (not a folder's) goes with its stop
  const ownDatabase = database && ownDir ? database : null;
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
      ...(database ? { DATABASE_URL: database.url } : {}),
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) {
      await ownDatabase?.drop();
      throw new Error(`server exited early (${child.exitCode}):\n${output}`);
    }
    try {
      const res = await fetch(`${url}/health`, { headers: { accept: "application/json" } });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      await ownDatabase?.drop();
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
    running.delete(server);
    if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    await ownDatabase?.drop();
  };
  const kill = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGKILL");
    await exited;
  };
  const server: Server = { url, dataDir, databaseUrl: extraEnv.DATABASE_URL ?? database?.url, stop, kill, logs: () => output };
  running.add(server);
  return server;
}

/**
 * Runs one statement on a server's database from the test (its SQLite file, or its PostgreSQL database): write
 * SQL both engines run, and cast counts and sums (`cast(count(*) as integer)`) so both answer numbers.
 */
export async function serverQuery<T>(server: Pick<Server, "dataDir" | "databaseUrl">, query: string, params: (string | number)[] = []): Promise<T[]> {
  if (server.databaseUrl) {
    const sql = postgres(server.databaseUrl, { max: 1, onnotice: () => {} });
    try {
      // ? placeholders, as bun:sqlite takes them, become $1, $2…
      let i = 0;
      return (await sql.unsafe(
        query.replace(/\?/g, () => `$${++i}`),
        params,
      )) as unknown as T[];
    } finally {
      await sql.end();
    }
  }
  const db = new Database(join(server.dataDir, "app.db"));
  try {
    db.exec("PRAGMA busy_timeout = 5000");
    return db.query(query).all(...params) as T[];
  } finally {
    db.close();
  }
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
