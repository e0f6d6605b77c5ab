/**
 * The operator's view of a real listening server (`bun run src/main.ts` on a socket, not
 * `app.handle`): request ids and request metrics, and a database with a damaged page, which the
 * boot's background quick_check reports loudly while the server keeps serving.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { balcaoEnv, type Child, listening, runBalcao, spawnBalcao } from "./processes";

const root = mkdtempSync(join(tmpdir(), "balcao-real-"));
const children: Child[] = [];
afterAll(async () => {
  for (const c of children) if (c.proc.exitCode === null) await c.kill("SIGKILL");
  rmSync(root, { recursive: true, force: true });
});
const TOKEN = "scrape-token-0123456789";

async function serve(dir: string) {
  const child = spawnBalcao(["src/main.ts"], balcaoEnv(dir, { METRICS_TOKEN: TOKEN }));
  children.push(child);
  return { child, url: await listening(child) };
}

const metricsOf = async (url: string) => (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();

describe("over a real socket", () => {
  test("every answer carries x-request-id (a sane incoming one echoed) and request metrics count real requests", async () => {
    const { url } = await serve(join(root, "ids"));
    const mine = await fetch(`${url}/healthz`, { headers: { "x-request-id": "probe-0123456789" } });
    expect(mine.headers.get("x-request-id")).toBe("probe-0123456789");
    const fresh = await fetch(`${url}/version`);
    expect(fresh.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const missing = await fetch(`${url}/no-such-route`, { headers: { accept: "application/json" } });
    expect(missing.headers.get("x-request-id")).toBeTruthy();
    const refused = await fetch(`${url}/users`);
    expect(refused.status).toBe(401);
    expect(refused.headers.get("x-request-id")).toBeTruthy();
    const text = await metricsOf(url);
    const sample = (status: number) => Number(new RegExp(`^balcao_http_requests_total\\{method="GET",status="${status}"\\} (\\d+)$`, "m").exec(text)?.[1] ?? 0);
    expect(sample(200)).toBeGreaterThanOrEqual(2);
    expect(sample(401)).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^balcao_http_request_duration_seconds_count [1-9]\d*$/m);
  }, 60_000);
});

describe("a damaged page", () => {
  test("the server still serves, but /readyz answers 503 with the integrity check failed, a loud log line and the metric at 0", async () => {
    const dir = join(root, "damaged");
    expect((await runBalcao(["src/cli.ts", "migrate"], balcaoEnv(dir))).code).toBe(0);
    // A table of its own, analysed (so the boot's statistics leave it alone), then one leaf page overwritten with garbage.
    const db = new Database(join(dir, "app.db"));
    db.exec("CREATE TABLE filler (body TEXT)");
    const insert = db.prepare("INSERT INTO filler VALUES (?)");
    for (let i = 0; i < 300; i++) insert.run("x".repeat(900) + i);
    db.exec("ANALYZE");
    const pageSize = (db.query("PRAGMA page_size").get() as { page_size: number }).page_size;
    const leaves = db.query<{ pageno: number }, []>("SELECT pageno FROM dbstat WHERE name = 'filler' AND pagetype = 'leaf' ORDER BY pageno").all();
    db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    db.close();
    expect(leaves.length).toBeGreaterThan(10);
    const fd = openSync(join(dir, "app.db"), "r+");
    writeSync(fd, crypto.getRandomValues(new Uint8Array(pageSize)), 0, pageSize, (leaves[5].pageno - 1) * pageSize);
    closeSync(fd);

    const { child, url } = await serve(dir);
    let ready: Response | null = null;
    for (let i = 0; i < 200; i++) {
      ready = await fetch(`${url}/readyz`);
      if (ready.status === 503) break;
      await ready.arrayBuffer();
      await Bun.sleep(100);
    }
    expect(ready?.status).toBe(503);
    expect(await ready?.json()).toMatchObject({ error: "ERR_NOT_READY", integrity: "failed", dbWritable: true, migrated: true, ready: false });
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect(child.output()).toContain("DATABASE DAMAGED: quick_check failed");
    expect(await metricsOf(url)).toMatch(/^balcao_database_integrity_ok 0$/m);
  }, 60_000);

  test("a sound database is checked right after boot and stays ready", async () => {
    const { child, url } = await serve(join(root, "sound"));
    for (let i = 0; i < 100 && !child.output().includes("database integrity ok"); i++) await Bun.sleep(100);
    expect(child.output()).toContain("database integrity ok");
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    expect(await metricsOf(url)).toMatch(/^balcao_database_integrity_ok 1$/m);
  }, 60_000);
});
