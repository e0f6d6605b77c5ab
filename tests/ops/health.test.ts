import { describe, expect, spyOn, test } from "bun:test";
import { handleInbound } from "../../src/inbound/receive";
import { Elysia } from "elysia";
import { log, setLogContext, setLogLevel } from "../../src/lib/logger";
import { requestLogFields, withRequestScope } from "../../src/ops/request-context";
import { logThrottled } from "../../src/lib/log-throttle";
import { pgClientOf } from "../../src/db/pg-client";
import { makeTestApp } from "../helpers/app";
import { inbound, makeConnection } from "../helpers/channel";

const t = await makeTestApp();
const sup = await t.superSession();
const a = await t.newCompany();

describe("probes", () => {
  test("/healthz answers while the process runs; /readyz checks the database, migrations and disk", async () => {
    expect((await t.call("GET", "/healthz")).json).toEqual({ ok: true });
    const r = await t.call("GET", "/readyz");
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ dbWritable: true, migrated: true, storage: "ok", integrity: "unchecked", ready: true });
  });

  test("/readyz fails while migrations are missing", async () => {
    // The newest migration taken out of the engine's journal (SQLite's table, or drizzle's schema on PostgreSQL), then put back.
    const journal = t.db.engine === "pg" ? "drizzle.__drizzle_migrations" : "__drizzle_migrations";
    const run = async (stmt: string) => (t.db.engine === "pg" ? void (await pgClientOf(t.db).unsafe(stmt)) : t.db.sqlite.exec(stmt));
    await run(`CREATE TABLE _mig_backup AS SELECT * FROM ${journal}`);
    await run(`DELETE FROM ${journal} WHERE created_at = (SELECT max(created_at) FROM ${journal})`);
    try {
      const r = await t.call("GET", "/readyz");
      expect(r.status).toBe(503);
      expect(r.json).toMatchObject({ error: "ERR_NOT_READY", migrated: false });
    } finally {
      await run(`DELETE FROM ${journal}`);
      await run(`INSERT INTO ${journal} SELECT * FROM _mig_backup`);
      await run("DROP TABLE _mig_backup");
    }
    expect((await t.call("GET", "/readyz")).status).toBe(200);
  });
});

describe("request ids", () => {
  test("every answer carries one; a sane incoming id is kept, a bad one replaced", async () => {
    const a1 = await t.call("GET", "/healthz");
    const a2 = await t.call("GET", "/tags", { token: a.admin.token });
    const err = await t.call("GET", "/tags");
    for (const r of [a1, a2, err]) expect(r.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set([a1, a2, err].map((r) => r.headers.get("x-request-id"))).size).toBe(3);
    expect((await t.call("GET", "/healthz", { headers: { "x-request-id": "lb-abc-12345678" } })).headers.get("x-request-id")).toBe("lb-abc-12345678");
    expect((await t.call("GET", "/healthz", { headers: { "x-request-id": "<script>" } })).headers.get("x-request-id")).not.toBe("<script>");
    // A short id (as a person types it with curl) is echoed too.
    expect((await t.call("GET", "/healthz", { headers: { "x-request-id": "x" } })).headers.get("x-request-id")).toBe("x");
  });
});

describe("request ids in logs", () => {
  test("a line logged while a request runs carries its id, even after an await", async () => {
    const app = withRequestScope(
      new Elysia().get("/x", async () => {
        await Bun.sleep(5);
        log.error("inside the request");
        return "ok";
      }),
    );
    setLogContext(requestLogFields);
    setLogLevel("error");
    const lines: string[] = [];
    const spy = spyOn(console, "error").mockImplementation((l: string) => void lines.push(l));
    try {
      const [r1, r2] = await Promise.all([app.handle(new Request("http://localhost/x")), app.handle(new Request("http://localhost/x"))]);
      const ids = lines.map((l) => JSON.parse(l).requestId).sort();
      expect(ids).toEqual([r1.headers.get("x-request-id"), r2.headers.get("x-request-id")].sort());
      log.error("outside");
      expect(JSON.parse(lines.at(-1) as string).requestId).toBeUndefined();
    } finally {
      spy.mockRestore();
      setLogLevel((process.env.LOG_LEVEL ?? "silent") as "silent");
    }
  });
});

describe("metrics", () => {
  test("refused without a session (401), to a company admin (403) and to a wrong token", async () => {
    expect((await t.call("GET", "/metrics")).status).toBe(401);
    const admin = await t.call("GET", "/metrics", { token: a.admin.token });
    expect(admin.status).toBe(403);
    expect(admin.json.error).toBe("ERR_NO_SUPER");
    t.deps.config.metricsToken = "scrape-token-0123456789";
    expect((await t.call("GET", "/metrics", { token: "scrape-token-wrong-wrong" })).status).toBe(403);
  });

  test("a super user or the scrape token reads Prometheus text with the process's counters", async () => {
    const { connection } = await makeConnection(t, a.company.id, { greetingMessage: "" });
    await handleInbound(t.deps, { id: connection.id, companyId: a.company.id }, inbound("5511977776666", "oi"));
    const r = await t.call("GET", "/metrics", { token: sup.token });
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toContain("text/plain");
    const text = r.text;
    for (const name of [
      "balcao_http_requests_total",
      "balcao_http_request_duration_seconds_bucket",
      "balcao_outbox_depth",
      "balcao_inbound_spool_depth 0",
      'balcao_connections{status="CONNECTED"} 1',
      "balcao_websocket_clients 0",
      "process_resident_memory_bytes",
    ])
      expect(text).toContain(name);
    expect(text).toMatch(/balcao_messages_total\{direction="inbound"\} [1-9]/);
    expect(text).toMatch(/balcao_http_requests_total\{method="GET",status="401"\} [1-9]/);
    t.deps.config.metricsToken = "scrape-token-0123456789";
    expect((await t.call("GET", "/metrics", { token: "scrape-token-0123456789" })).status).toBe(200);
  });
});

describe("throttled error log", () => {
  test("identical errors are logged once per interval, the next line carries the count", () => {
    const spy = spyOn(console, "error").mockImplementation(() => {});
    const key = `k-${crypto.randomUUID()}`;
    const now = 1_000_000;
    expect(logThrottled("error", key, "boom", {}, now)).toBe(true);
    for (let i = 1; i <= 50; i++) expect(logThrottled("error", key, "boom", {}, now + i * 100)).toBe(false);
    expect(logThrottled("error", key, "boom", {}, now + 61_000)).toBe(true);
    spy.mockRestore();
  });
});
