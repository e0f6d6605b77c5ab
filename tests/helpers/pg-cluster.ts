import { chownSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateDrizzleJson, generateMigration } from "drizzle-kit/api";
import postgres from "postgres";
import { toPgTables } from "../../src/db/pg-schema";
import * as schema from "../../src/db/schema";

/**
 * A private PostgreSQL cluster for one test file (or a bench): Debian's binaries, a temporary folder,
 * a free port on 127.0.0.1, no fsync; `stop()` removes it. Small on purpose: branch
 * pg-tools' tests/support/postgres.ts (shared cluster, migrations-pg) takes its place when it lands.
 */
export const PG_BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";

/** Whether the PostgreSQL binaries are there (the suites need them; `.ci/run` installs them). */
export const hasPostgres = () => existsSync(join(PG_BIN, "initdb"));

async function freePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** initdb refuses root: the cluster then belongs to the `postgres` user. */
const asOwner = (argv: string[]) => (process.getuid?.() === 0 ? ["runuser", "-u", "postgres", "--", ...argv] : argv);

async function run(argv: string[]) {
  const p = Bun.spawn(asOwner(argv), { stdout: "pipe", stderr: "pipe" });
  const [code, out, err] = await Promise.all([p.exited, new Response(p.stdout).text(), new Response(p.stderr).text()]);
  if (code !== 0) throw new Error(`${argv.join(" ")}: exit ${code}\n${out}\n${err}`);
}

/** A postgres.js client as the app configures it: bigint (int8) read as a number. */
export function pgClient(url: string, opts: postgres.Options<Record<string, postgres.PostgresType>> = {}) {
  return postgres(url, {
    onnotice: () => {},
    types: { bigint: { to: 20, from: [20], serialize: (x: number) => String(x), parse: (x: string) => Number(x) } },
    ...opts,
  });
}

/** Starts a cluster with one database; answers its URL and how to stop it (and remove its folder). */
export async function startCluster(database = "balcao", settings: string[] = []): Promise<{ url: string; stop(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), "balcao-pg-"));
  if (process.getuid?.() === 0)
    chownSync(
      dir,
      Number(Bun.spawnSync(["id", "-u", "postgres"]).stdout.toString().trim()),
      Number(Bun.spawnSync(["id", "-g", "postgres"]).stdout.toString().trim()),
    );
  const data = join(dir, "data");
  await run([join(PG_BIN, "initdb"), "-D", data, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C.UTF-8"]);
  const port = await freePort();
  const options = [
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
    ...settings.map((x) => `-c ${x}`),
  ].join(" ");
  await run([join(PG_BIN, "pg_ctl"), "-D", data, "-l", join(dir, "log"), "-o", options, "-w", "start"]);
  const stop = async () => {
    await run([join(PG_BIN, "pg_ctl"), "-D", data, "-m", "immediate", "-w", "stop"]).catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  };
  const admin = pgClient(`postgres://postgres@127.0.0.1:${port}/postgres`, { max: 1 });
  await admin.unsafe(`create database ${database}`);
  await admin.end();
  return { url: `postgres://postgres@127.0.0.1:${port}/${database}`, stop };
}

/** The statements that create the whole schema on PostgreSQL, derived from the module schemas (src/db/pg-schema.ts). */
export async function pgSchemaStatements(): Promise<string[]> {
  const statements = await generateMigration(generateDrizzleJson({}), generateDrizzleJson(toPgTables(schema)));
  return statements.map((s) => s.trim().replace(/;+$/, ""));
}
