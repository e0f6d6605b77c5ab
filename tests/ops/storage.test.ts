import { afterEach, describe, expect, test } from "bun:test";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { ingestMessage } from "../../src/inbound/receive";
import { messages } from "../../src/modules/messages/schema";
import { BALLAST_FILE, StorageGuard } from "../../src/ops/storage";
import { makeTestApp } from "../helpers/app";
import { failWrites } from "../support/fail-writes";
import { inbound, makeConnection } from "../helpers/channel";

/**
 * A full disk, simulated for real: SQLite's max_page_count pinned to the database's size and its free
 * pages filled, so a write that needs a page fails with SQLITE_FULL, exactly as on a full volume.
 * PostgreSQL has no such knob (its disk is the database server's): the tests that fill SQLite's file skip there,
 * and the failing-write tests (a trigger raising PostgreSQL's disk_full, tests/support/fail-writes.ts: here,
 * tests/ops/sandbox-spool.test.ts, tests/security/sign-in-full-disk.test.ts) cover its 507s and the spool.
 */
const ON_PG = process.env.BALCAO_TEST_ENGINE === "pg";
const t = await makeTestApp();
const a = await t.newCompany();
const tok = a.admin.token;
const { connection } = await makeConnection(t, a.company.id, { greetingMessage: "" });
const conn = { id: connection.id, companyId: a.company.id };

const pages = () => t.db.sqlite.query<{ page_count: number }, []>("PRAGMA page_count").get()!.page_count;
function fillDisk() {
  t.db.sqlite.exec("CREATE TABLE IF NOT EXISTS _filler (b BLOB)");
  t.db.sqlite.exec(`PRAGMA max_page_count = ${pages()}`);
  for (const size of [4000, 500, 50]) {
    try {
      for (;;) t.db.sqlite.run("INSERT INTO _filler VALUES (?)", [new Uint8Array(size)]);
    } catch (e) {
      expect(String(e)).toContain("full");
    }
  }
}
function freeDisk() {
  if (ON_PG) return;
  t.db.sqlite.exec("PRAGMA max_page_count = 1073741823");
  t.db.sqlite.exec("DROP TABLE IF EXISTS _filler");
}

let free = 50 * 1024 ** 3;
const guard = new StorageGuard(t.config.dataDir, {
  lowBytes: 100 * 1024 * 1024,
  ballastBytes: 2 * 1024 * 1024,
  measure: () => ({ free, total: 100 * 1024 ** 3 }),
  cacheMs: 0,
});
t.deps.storage = guard;
afterEach(() => {
  freeDisk();
  free = 50 * 1024 ** 3;
  guard.clearFull();
});

const tag = (name: string) => t.call("POST", "/tags", { token: tok, body: { name, color: "#123456" } });
const storedCount = async (wid: string) => (await t.db.select().from(messages).where(eq(messages.wid, wid))).length;

describe("ballast", () => {
  test.skipIf(ON_PG)("is laid with real blocks, released on a full disk and laid again once space is back", async () => {
    expect(guard.ensureBallast()).toBe(true);
    const file = join(t.config.dataDir, BALLAST_FILE);
    expect(statSync(file).size).toBe(2 * 1024 * 1024);
    expect(statSync(file).blocks * 512).toBeGreaterThanOrEqual(2 * 1024 * 1024);
    fillDisk();
    let r = await tag("Full disk tag");
    for (let i = 0; r.status === 201 && i < 500; i++) r = await tag(`Full disk tag ${i}`);
    expect(r.status).toBe(507);
    expect(r.json).toEqual({ error: "ERR_STORAGE_FULL" });
    expect(existsSync(file)).toBe(false);
    expect(guard.status().state).toBe("full");
    freeDisk();
    guard.clearFull();
    expect(guard.check().ballastPresent).toBe(true);
    expect((await tag("After full disk")).status).toBe(201);
  });

  test("is not laid when the disk has no room for it above the low mark", () => {
    guard.releaseBallast();
    free = 101 * 1024 * 1024;
    expect(guard.ensureBallast()).toBe(false);
    expect(existsSync(join(t.config.dataDir, BALLAST_FILE))).toBe(false);
  });
});

describe("full and low disk answers", () => {
  test.skipIf(ON_PG)("300 writes on a full disk answer 507 (never 500), reads keep working, writes recover", async () => {
    fillDisk();
    const statuses = new Map<number, number>();
    for (let i = 0; i < 300; i++) {
      const r = await tag(`Full ${i}`);
      statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    }
    // Some writes still fit in pages with room; every other one answers 507, none 500.
    expect([...statuses.keys()].filter((s) => s !== 201 && s !== 507)).toEqual([]);
    expect(statuses.get(507)).toBeGreaterThan(200);
    expect((await t.call("GET", "/tags", { token: tok })).status).toBe(200);
    freeDisk();
    guard.clearFull();
    expect((await tag("Recovered")).status).toBe(201);
    expect(t.db.sqlite.query<{ integrity_check: string }, []>("PRAGMA integrity_check").get()!.integrity_check).toBe("ok");
  });

  test("low free space refuses uploads and imports with ERR_STORAGE_LOW and fails /readyz", async () => {
    free = 10 * 1024 * 1024;
    const form = new FormData();
    form.append("file", new File(["a,b\n"], "c.xlsx"));
    const r = await t.call("POST", "/contacts/import", { token: tok, form });
    expect(r.status).toBe(507);
    expect(r.json.error).toBe("ERR_STORAGE_LOW");
    const ready = await t.call("GET", "/readyz");
    expect(ready.status).toBe(503);
    expect(ready.json).toMatchObject({ error: "ERR_NOT_READY", storage: "low", dbWritable: true });
    // Ordinary writes still work while the disk is only low.
    expect((await tag("Low but fine")).status).toBe(201);
  });
});

describe("inbound spool", () => {
  const scenario = async (prefix: string, breakStorage: () => unknown, mendStorage: () => unknown, allSpooled: boolean) => {
    await breakStorage();
    // Long texts: a full disk refuses them once the pages that still had room are used.
    const sent = Array.from({ length: 25 }, (_, i) => inbound(`55${prefix}${String(i % 5).padStart(5, "0")}`, `mensagem ${prefix} ${i} ${"x".repeat(3000)}`));
    for (const m of sent) await ingestMessage(t.deps, conn, m);
    // The phone redelivers some of them while storage is still broken.
    for (const m of sent.slice(0, 5)) await ingestMessage(t.deps, conn, m);
    const spooled = t.deps.inboundSpool.size();
    if (allSpooled) expect(spooled).toBe(25);
    else expect(spooled).toBeGreaterThan(5);
    expect(readdirSync(join(t.config.dataDir, "inbound-spool")).length).toBe(spooled);
    // A retry while still broken loses nothing.
    await t.deps.inboundSpool.drain();
    expect(t.deps.inboundSpool.size()).toBeLessThanOrEqual(spooled);
    for (const m of sent) expect(await storedCount(m.id)).toBeLessThanOrEqual(1);
    await mendStorage();
    await t.deps.inboundSpool.drain();
    expect(t.deps.inboundSpool.size()).toBe(0);
    // Redelivered again after storage: still exactly once.
    for (const m of sent.slice(0, 5)) await ingestMessage(t.deps, conn, m);
    for (const m of sent) expect(await storedCount(m.id)).toBe(1);
    expect(readdirSync(join(t.config.dataDir, "inbound-spool")).length).toBe(0);
  };

  test.skipIf(ON_PG)("a full disk: messages that did not fit are spooled, then stored exactly once (0 lost, 0 doubled)", async () => {
    expect(guard.ensureBallast()).toBe(true);
    await scenario("11988", fillDisk, freeDisk, false);
    // The inbound path's full-disk error released the ballast, so the spool had room on disk.
    expect(existsSync(join(t.config.dataDir, BALLAST_FILE))).toBe(false);
  });

  test("a failing insert: every message is spooled, then stored exactly once", async () => {
    let undo: () => Promise<void> = async () => {};
    await scenario(
      "21977",
      async () => {
        undo = await failWrites(t.db, "messages", "INSERT");
      },
      () => undo(),
      true,
    );
  });
});

describe("GET /storage (the admins' banner)", () => {
  test("admins read the disk state; agents are refused", async () => {
    free = 10 * 1024 * 1024;
    expect((await t.call("GET", "/storage", { token: tok })).json).toMatchObject({ state: "low", freeBytes: free });
    free = 50 * 1024 ** 3;
    expect((await t.call("GET", "/storage", { token: tok })).json.state).toBe("ok");
    const agent = await t.newUser(tok);
    expect((await t.call("GET", "/storage", { token: agent.token })).status).toBe(403);
  });
});
