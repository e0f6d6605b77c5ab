import { describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import {
  closeSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip, gunzipSync, gzipSync } from "node:zlib";
import { type BackupManifest, backupProgress, createBackup, listBackups } from "../../src/ops/backup";
import { applyStagedRestore, readArchive } from "../../src/ops/restore";
import { type TarWritten, tarStream } from "../../src/ops/tar";
import { readSchedule, runScheduledBackup } from "../../src/ops/schedule";
import { StorageGuard } from "../../src/ops/storage";
import { makeTestApp } from "../helpers/app";

const t = await makeTestApp();
const sup = await t.superSession();
const a = await t.newCompany();
const waitIdle = async () => {
  for (let i = 0; i < 200 && backupProgress(t.config.dataDir); i++) await Bun.sleep(20);
};

describe("/backups permissions", () => {
  test("company admins are refused everything; without a session 401", async () => {
    for (const [method, path] of [
      ["GET", "/backups"],
      ["POST", "/backups"],
      ["PUT", "/backups/schedule"],
      ["DELETE", "/backups/balcao-2026-01-01T00-00-00Z-manual.tar.gz"],
      ["POST", "/backups/balcao-2026-01-01T00-00-00Z-manual.tar.gz/link"],
      ["POST", "/backups/balcao-2026-01-01T00-00-00Z-manual.tar.gz/restore"],
    ]) {
      const r = await t.call(method, path, { token: a.admin.token, body: {} });
      expect([r.status, r.json.error]).toEqual([403, "ERR_NO_SUPER"]);
      expect((await t.call(method, path, { body: {} })).status).toBe(401);
    }
  });
});

/** Archives hold SQLite's file: SQLite only. On PostgreSQL, "on PostgreSQL" below checks the refusals instead. */
const ON_PG = process.env.BALCAO_TEST_ENGINE === "pg";

describe.skipIf(!ON_PG)("on PostgreSQL", () => {
  test("the page reads the state without an error; creating, scheduling and restoring answer 409 ERR_BACKUP_POSTGRES; nothing is written", async () => {
    const page = await t.call("GET", "/backups", { token: sup.token });
    expect(page.status).toBe(200);
    expect(page.json).toMatchObject({ engine: "pg", running: null, pendingRestore: null, backups: [] });
    for (const [method, path, body] of [
      ["POST", "/backups", undefined],
      ["PUT", "/backups/schedule", { enabled: true, time: "03:00", keep: 3 }],
    ] as const) {
      expect((await t.call(method, path, { token: sup.token, body })).json).toEqual({ error: "ERR_BACKUP_POSTGRES" });
    }
    // An archive left from the SQLite days may be downloaded, not restored.
    const dir = join(t.config.dataDir, "backups");
    mkdirSync(dir, { recursive: true });
    const name = "balcao-2026-01-01T00-00-00Z-manual.tar.gz";
    writeFileSync(join(dir, name), gzipSync(new Uint8Array(1024)));
    const staged = await t.call("POST", `/backups/${name}/restore`, { token: sup.token, body: { confirm: name } });
    expect([staged.status, staged.json.error]).toEqual([409, "ERR_BACKUP_POSTGRES"]);
    expect((await t.call("GET", "/backups", { token: sup.token })).json.pendingRestore).toBeNull();
    expect((await t.call("POST", `/backups/${name}/link`, { token: sup.token })).status).toBe(200);
    await waitIdle();
    expect(listBackups(t.config.dataDir).map((b) => b.name)).toEqual([name]);
    // The scheduled job is not registered (PostgreSQL's own backups), and the function refuses too.
    expect((t.deps.jobs.list() as { name: string }[]).some((j) => j.name === "backups.scheduled")).toBe(false);
    await expect(createBackup(t.db, t.config.dataDir)).rejects.toThrow("back it up with PostgreSQL's tools");
  });
});

describe.skipIf(ON_PG)("the super user's backups", () => {
  test("create now: 202 with progress, then listed with its size", async () => {
    const r = await t.call("POST", "/backups", { token: sup.token });
    expect(r.status).toBe(202);
    expect(r.json.running).toMatchObject({ kind: "manual" });
    expect((await t.call("POST", "/backups", { token: sup.token })).json.error).toBe("ERR_BACKUP_RUNNING");
    await waitIdle();
    const list = await t.call("GET", "/backups", { token: sup.token });
    expect(list.status).toBe(200);
    expect(list.json.count).toBe(1);
    expect(list.json.backups[0]).toMatchObject({ kind: "manual" });
    expect(list.json.backups[0].size).toBeGreaterThan(1000);
    expect(list.json).toMatchObject({ running: null, pendingRestore: null, schedule: { enabled: true, time: "03:30", keep: 7 }, storage: { state: "ok" } });
  });

  test("download through a signed two-minute link; a forged or foreign link is refused", async () => {
    const name = listBackups(t.config.dataDir)[0].name;
    const link = await t.call("POST", `/backups/${name}/link`, { token: sup.token });
    expect(link.json.url).toMatch(/^\/backups\/download\/.+/);
    const res = await t.app.handle(new Request(`http://localhost${link.json.url}`));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain(name);
    const tar = gunzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(new TextDecoder().decode(tar.subarray(0, 6))).toBe("app.db");
    expect((await t.call("GET", `/backups/download/${sup.token}`)).status).toBe(403);
    expect((await t.call("GET", "/backups/download/abc.def.ghi")).status).toBe(403);
    expect((await t.call("POST", "/backups/balcao-2020-01-01T00-00-00Z-manual.tar.gz/link", { token: sup.token })).status).toBe(404);
    expect((await t.call("POST", "/backups/..%2Fapp.db/link", { token: sup.token })).status).toBe(400);
  });

  test("schedule: validated and saved", async () => {
    for (const body of [
      { enabled: true, time: "25:00", keep: 3 },
      { enabled: true, time: "03:00", keep: 0 },
      { enabled: "yes", time: "03:00", keep: 3 },
    ]) {
      expect((await t.call("PUT", "/backups/schedule", { token: sup.token, body })).status).toBe(400);
    }
    const ok = await t.call("PUT", "/backups/schedule", { token: sup.token, body: { enabled: true, time: "02:15", keep: 2 } });
    expect(ok.json).toEqual({ enabled: true, time: "02:15", keep: 2 });
    expect(readSchedule(t.config.dataDir)).toEqual({ enabled: true, time: "02:15", keep: 2 });
  });

  test("the scheduled job writes one backup a day after the time and keeps the newest N", async () => {
    const tz = "America/Sao_Paulo";
    expect(await runScheduledBackup(t.db, t.config.dataDir, tz, t.deps.storage, new Date("2026-03-01T05:00:00Z"))).toBeNull(); // 02:00 local
    const days = ["2026-03-01", "2026-03-02", "2026-03-03"];
    for (const d of days) {
      expect(await runScheduledBackup(t.db, t.config.dataDir, tz, t.deps.storage, new Date(`${d}T06:00:00Z`))).toMatch(/-scheduled\.tar\.gz$/);
      expect(await runScheduledBackup(t.db, t.config.dataDir, tz, t.deps.storage, new Date(`${d}T07:00:00Z`))).toBeNull();
    }
    const scheduled = listBackups(t.config.dataDir).filter((b) => b.kind === "scheduled");
    expect(scheduled.map((b) => b.createdAt.slice(0, 10))).toEqual(["2026-03-03", "2026-03-02"]);
    expect(listBackups(t.config.dataDir).filter((b) => b.kind === "manual").length).toBe(1);
  });

  test("the scheduled backup is skipped while the data disk is low", async () => {
    const previous = t.deps.storage;
    t.deps.storage = new StorageGuard(t.config.dataDir, { lowBytes: Number.MAX_SAFE_INTEGER, ballastBytes: 0 });
    try {
      expect(await runScheduledBackup(t.db, t.config.dataDir, "America/Sao_Paulo", t.deps.storage, new Date("2026-03-09T06:00:00Z"))).toBeNull();
      expect((await t.call("POST", "/backups", { token: sup.token })).json.error).toBe("ERR_STORAGE_LOW");
    } finally {
      t.deps.storage = previous;
    }
  });

  test("delete; unknown names answer 404", async () => {
    const b = await createBackup(t.db, t.config.dataDir);
    expect((await t.call("DELETE", `/backups/${b.name}`, { token: sup.token })).json).toEqual({ ok: true });
    expect(existsSync(b.path)).toBe(false);
    expect((await t.call("DELETE", `/backups/${b.name}`, { token: sup.token })).json.error).toBe("ERR_NO_BACKUP_FOUND");
  });

  test("a corrupt archive is refused when the restore is staged (422 with the reason), never at the next boot", async () => {
    const good = await createBackup(t.db, t.config.dataDir);
    const backups = join(t.config.dataDir, "backups");
    const stage = (name: string) => t.call("POST", `/backups/${name}/restore`, { token: sup.token, body: { confirm: name } });

    // Cut short: its checksums and end marker are missing.
    const cut = "balcao-2020-01-01T00-00-01Z-manual.tar.gz";
    writeFileSync(join(backups, cut), readFileSync(good.path));
    truncateSync(join(backups, cut), Math.floor(statSync(good.path).size * 0.6));
    const r1 = await stage(cut);
    expect([r1.status, r1.json.error]).toEqual([422, "ERR_BACKUP_INVALID"]);
    expect(r1.json.reason).toMatch(/corrupt or incomplete/);

    // Every checksum right, but the database inside has a damaged page: only opening and checking it tells.
    const damaged = "balcao-2020-01-01T00-00-02Z-manual.tar.gz";
    await rebuildWithDamagedDatabase(good.path, join(backups, damaged));
    await readArchive(join(backups, damaged));
    const r2 = await stage(damaged);
    expect([r2.status, r2.json.error]).toEqual([422, "ERR_BACKUP_INVALID"]);
    expect(r2.json.reason).toMatch(/^the archive's database is damaged/);

    expect((await t.call("GET", "/backups", { token: sup.token })).json.pendingRestore).toBeNull();
    expect(readdirSync(t.config.dataDir).filter((n) => n.startsWith(".verify-"))).toEqual([]);
    // A sound archive still stages.
    expect((await stage(good.name)).json).toMatchObject({ name: good.name });
    expect((await t.call("DELETE", "/backups/restore", { token: sup.token })).json).toEqual({ ok: true });
  });

  test("restore is staged after the name is typed again, can be cancelled, and applies at the next start", async () => {
    const name = listBackups(t.config.dataDir).find((b) => b.kind === "manual")!.name;
    const wrong = await t.call("POST", `/backups/${name}/restore`, { token: sup.token, body: { confirm: "sim" } });
    expect([wrong.status, wrong.json.error]).toEqual([400, "ERR_BACKUP_CONFIRMATION"]);
    const staged = await t.call("POST", `/backups/${name}/restore`, { token: sup.token, body: { confirm: name } });
    expect(staged.json).toMatchObject({ name, requestedBy: "root@test.local" });
    expect((await t.call("GET", "/backups", { token: sup.token })).json.pendingRestore).toMatchObject({ name });
    expect((await t.call("DELETE", "/backups/restore", { token: sup.token })).json).toEqual({ ok: true });
    expect((await t.call("GET", "/backups", { token: sup.token })).json.pendingRestore).toBeNull();
    await t.call("POST", `/backups/${name}/restore`, { token: sup.token, body: { confirm: name } });
    // A tag made after the backup is gone once the staged restore ran at the next start.
    await t.call("POST", "/tags", { token: a.admin.token, body: { name: "Depois do backup", color: "#123456" } });
    t.db.sqlite.close();
    const result = await applyStagedRestore(t.config.dataDir);
    expect(result).toMatchObject({ name, ok: true });
    const { openDatabase } = await import("../../src/db/client");
    const db = openDatabase(t.config.dbPath);
    expect(db.sqlite.query("SELECT count(*) AS n FROM tags WHERE name = 'Depois do backup'").get()).toEqual({ n: 0 });
    db.sqlite.close();
    expect(existsSync(join(t.config.dataDir, "backups", "restore-pending.json"))).toBe(false);
  });
});

/** Copies an archive with one page of its database overwritten and a manifest whose checksums match the damaged copy. */
async function rebuildWithDamagedDatabase(from: string, to: string) {
  const work = mkdtempSync(join(tmpdir(), "balcao-damaged-"));
  const manifest = await readArchive(from, work);
  const db = new Database(join(work, "app.db"));
  const pageSize = (db.query("PRAGMA page_size").get() as { page_size: number }).page_size;
  const pages = (db.query("PRAGMA page_count").get() as { page_count: number }).page_count;
  db.close();
  const fd = openSync(join(work, "app.db"), "r+");
  writeSync(fd, new Uint8Array(pageSize).fill(0xa5), 0, pageSize, Math.floor(pages / 2) * pageSize);
  closeSync(fd);
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(dir, e.name));
      else files.push(relative(work, join(dir, e.name)));
    }
  };
  walk(work);
  const written: TarWritten[] = [];
  const stream = tarStream(
    files.map((name) => ({ name, path: join(work, name) })),
    (w) => written.push(w),
    () => ({ name: "manifest.json", data: new TextEncoder().encode(JSON.stringify({ ...manifest, files: written } satisfies BackupManifest)) }),
  );
  await pipeline(Readable.from(stream), createGzip(), createWriteStream(to));
  rmSync(work, { recursive: true, force: true });
}
