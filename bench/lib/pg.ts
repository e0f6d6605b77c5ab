/**
 * `--engine pg`: the benchmarks on PostgreSQL. A private cluster of the machine's PostgreSQL (tests/support/pg-cluster.ts)
 * with production-like settings, or the one `bun run bench --engine pg` started for the whole run (BENCH_PG_CLUSTER, its
 * admin URL). The data set of lib/generate.ts goes in once per cluster: moved from its SQLite file by
 * `migrate-to-postgres` itself (src/ops/migrate-to-postgres.ts: the same rows and ids, the search index, ANALYZE) into a
 * template database, then VACUUM (what autovacuum does to a settled database: the visibility map lets index-only scans
 * skip the table); each benchmark works on its own copy (CREATE DATABASE … TEMPLATE, a file copy).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import postgres from "postgres";
import { loadConfig } from "../../src/config";
import { setLogLevel } from "../../src/lib/logger";
import { migrateToPostgres } from "../../src/ops/migrate-to-postgres";
import { upgradePostgres } from "../../src/ops/upgrade-pg";
import * as schema from "../../src/schema";
import { startCluster } from "../../tests/support/pg-cluster";
import { datasetKey } from "./dataset";

/** The engine a benchmark runs on: `--engine pg` (or `--engine=pg`) on its command line, else SQLite. */
export const ENGINE: "sqlite" | "pg" = (() => {
  const argv = process.argv;
  const i = argv.indexOf("--engine");
  const value = i >= 0 ? argv[i + 1] : argv.find((a) => a.startsWith("--engine="))?.slice(9);
  return value === "pg" ? "pg" : "sqlite";
})();

/** The admin URL of the cluster `bun run bench --engine pg` shares with its benchmarks. */
export const CLUSTER_ENV = "BENCH_PG_CLUSTER";

/**
 * The server settings of the benchmarks' cluster: a production-like cache, and durability as SQLite's (WAL with
 * synchronous = NORMAL: a commit does not wait for the disk, a crash loses the last commits but corrupts nothing),
 * which is fsync and full-page writes on, synchronous_commit off (the test cluster turns them all off).
 */
export const BENCH_PG_SETTINGS = ["shared_buffers=512MB", "fsync=on", "full_page_writes=on", "synchronous_commit=off", "max_wal_size=1GB"];

/** The cluster: the run's (BENCH_PG_CLUSTER) or one of this process, stopped when it exits. */
export async function benchCluster(): Promise<{ adminUrl: string; urlFor(db: string): string }> {
  const shared = process.env[CLUSTER_ENV];
  if (shared) {
    return {
      adminUrl: shared,
      urlFor: (db) => {
        const u = new URL(shared);
        u.pathname = `/${db}`;
        return u.toString();
      },
    };
  }
  return startCluster({ settings: BENCH_PG_SETTINGS });
}

const ROOT = resolve(import.meta.dir, "../..");

/** A PostgreSQL database of its own for one benchmark: a copy of the data set (from `dataDir`'s app.db), or migrated and empty. */
export async function benchDatabase(dataDir: string | null, name: string): Promise<{ url: string; adminUrl: string; loadSeconds: number }> {
  setLogLevel("silent");
  const cluster = await benchCluster();
  const admin = postgres(cluster.adminUrl, { max: 1, onnotice: () => {} });
  let loadSeconds = 0;
  try {
    await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    if (!dataDir) {
      await admin.unsafe(`CREATE DATABASE "${name}"`);
      const sql = postgres(cluster.urlFor(name), { max: 1, onnotice: () => {} });
      await upgradePostgres(sql).finally(() => sql.end());
      return { url: cluster.urlFor(name), adminUrl: cluster.adminUrl, loadSeconds };
    }
    const template = `bench_data_${datasetKey()}_${pgMigrationsKey()}`;
    const reserved = await admin.reserve();
    try {
      // One loader per cluster at a time (the run's benchmarks could share it).
      await reserved`SELECT pg_advisory_lock(4243)`;
      const [found] = await reserved`SELECT 1 FROM pg_database WHERE datname = ${template}`;
      if (!found) {
        const t0 = performance.now();
        await reserved.unsafe(`DROP DATABASE IF EXISTS "${template}_new" WITH (FORCE)`);
        await reserved.unsafe(`CREATE DATABASE "${template}_new"`);
        const config = loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir, LOG_LEVEL: "silent" });
        await migrateToPostgres(config, cluster.urlFor(`${template}_new`), { tables: schema });
        const sql = postgres(cluster.urlFor(`${template}_new`), { max: 1, onnotice: () => {} });
        await sql.unsafe("VACUUM (ANALYZE)").finally(() => sql.end());
        await reserved.unsafe(`ALTER DATABASE "${template}_new" RENAME TO "${template}"`);
        loadSeconds = (performance.now() - t0) / 1000;
        console.log(`data set moved into PostgreSQL by migrate-to-postgres, then VACUUM (ANALYZE), in ${loadSeconds.toFixed(0)} s`);
      }
      await reserved.unsafe(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
    } finally {
      await reserved`SELECT pg_advisory_unlock(4243)`;
      reserved.release();
    }
    return { url: cluster.urlFor(name), adminUrl: cluster.adminUrl, loadSeconds };
  } finally {
    await admin.end();
  }
}

function pgMigrationsKey(): string {
  const h = new Bun.CryptoHasher("sha1");
  h.update(readFileSync(join(ROOT, "migrations-pg/meta/_journal.json")));
  h.update(readFileSync(join(ROOT, "src/ops/migrate-to-postgres.ts")));
  return h.digest("hex").slice(0, 8);
}

/** CPU time used so far by one process, in ms (Linux /proc), with its parent's pid and its ended children's time. */
function procStat(pid: string): { ppid: number; ms: number; childrenMs: number } | null {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return { ppid: Number(f[1]), ms: ((Number(f[11]) + Number(f[12])) * 1000) / 100, childrenMs: ((Number(f[13]) + Number(f[14])) * 1000) / 100 };
  } catch {
    return null;
  }
}

/**
 * A reader of the CPU ms the database's cluster has used so far (its postmaster and every process it started:
 * backends, parallel workers, WAL writer, checkpointer), to count PostgreSQL's share of a request beside the server's
 * own: the running children's time plus the time of those that ended (the postmaster reaps them: its cutime/cstime).
 */
export async function clusterCpu(url: string): Promise<() => number> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const [{ pid }] = await sql`SELECT pg_backend_pid() AS pid`;
  // Read while the backend lives (it ends with the connection).
  const postmaster = procStat(String(pid))?.ppid;
  await sql.end();
  if (!postmaster) throw new Error(`the PostgreSQL backend ${pid} is not readable in /proc: the cluster must run on this machine`);
  return () => {
    const root = procStat(String(postmaster));
    let ms = (root?.ms ?? 0) + (root?.childrenMs ?? 0);
    for (const entry of readdirSync("/proc")) {
      if (entry.charCodeAt(0) > 57) continue;
      const s = procStat(entry);
      if (s && s.ppid === postmaster) ms += s.ms;
    }
    return ms;
  };
}
