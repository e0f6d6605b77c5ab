import { describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { gzipSync } from "node:zlib";
import { SqliteAuthStore } from "../../src/channels/baileys/auth-store";
import { openDatabase } from "../../src/db/client";
import { backupPath, createBackup, listBackups } from "../../src/ops/backup";
import { applyStagedRestore, RestoreError, readArchive, restoreArchive } from "../../src/ops/restore";
import { tarHeader } from "../../src/ops/tar";
import { makeTestApp } from "../helpers/app";

/**
 * The round trip the issue asks for: agents working (tickets, media, a connected sandbox and a
 * WhatsApp session), a backup, more changes, a restore: data, media and sessions exactly as at
 * backup time. Then the archives that must be refused.
 */
const t = await makeTestApp();
const a = await t.newCompany();
const tok = a.admin.token;
const PNG = (seed: number) => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, seed, 2, 3, 4]);

const sandbox = (await t.call("POST", "/whatsapp", { token: tok, body: { name: "Sandbox", channel: "sandbox" } })).json.id as number;
async function customerSays(number: string, body: string, image?: number) {
  if (image === undefined) return t.call("POST", `/sandbox/${sandbox}/messages`, { token: tok, body: { number, name: `Cliente ${number}`, body } });
  const form = new FormData();
  form.set("number", number);
  form.set("type", "image");
  form.set("body", body);
  form.set("file", new File([PNG(image)], "foto.png", { type: "image/png" }));
  return t.call("POST", `/sandbox/${sandbox}/messages`, { token: tok, form });
}
async function agentWork(round: number) {
  await customerSays(`55119000000${round}`, `pedido ${round}`);
  await customerSays(`55119000000${round}`, `foto ${round}`, round);
  await t.call("POST", "/tags", { token: tok, body: { name: `Tag ${round}`, color: "#123456" } });
  const pending = await t.call("GET", "/tickets?status=pending", { token: tok });
  const ticket = pending.json.tickets[0];
  if (ticket) {
    await t.call("PUT", `/tickets/${ticket.id}`, { token: tok, body: { status: "open" } });
    await t.call("POST", `/messages/${ticket.id}`, { token: tok, body: { body: `resposta ${round}` } });
  }
}

/** Every row of every table (FTS internals aside), order-independent. */
function snapshotDb(db: ReturnType<typeof openDatabase>) {
  const tables = db.sqlite
    .query<{ name: string }, []>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%fts%' ORDER BY name")
    .all()
    .map((r) => r.name);
  const out: Record<string, string[]> = {};
  for (const name of tables)
    out[name] = db.sqlite
      .query(`SELECT * FROM "${name}"`)
      .all()
      .map((r) => JSON.stringify(r))
      .sort();
  out.__search = db.sqlite
    .query("SELECT rowid FROM messages_fts WHERE messages_fts MATCH 'pedido' ORDER BY rowid")
    .all()
    .map((r) => JSON.stringify(r));
  return out;
}
function snapshotFiles(dir: string) {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out[relative(dir, p)] = createHash("sha256").update(readFileSync(p)).digest("hex");
    }
  };
  if (existsSync(dir)) walk(dir);
  return out;
}

/**
 * Backup archives hold SQLite's file (VACUUM INTO) and restores put one back: SQLite only. On PostgreSQL no archive
 * is written or restored (PostgreSQL's tools back it up): tests/ops/backups-api.test.ts checks the refusals and the
 * page's state there, tests/ops/migrate-to-postgres.test.ts that every row (credentials and keys included) moves intact.
 */
const ON_PG = process.env.BALCAO_TEST_ENGINE === "pg";
const auth = ON_PG ? (null as unknown as SqliteAuthStore) : new SqliteAuthStore(t.db.sqlite);
if (!ON_PG) {
  for (let round = 1; round <= 3; round++) await agentWork(round);
  auth.writeCreds(sandbox, { me: { id: "5511999990000:1@s.whatsapp.net" }, account: { details: "x" }, registrationId: 42 } as never);
  await auth.keys(sandbox).set({ "pre-key": { "1": { public: new Uint8Array([1, 2]), private: new Uint8Array([3, 4]) } } } as never);
}

describe.skipIf(ON_PG)("backup and restore round trip", () => {
  let archive = "";
  let atBackup: ReturnType<typeof snapshotDb>;
  let mediaAtBackup: Record<string, string>;
  const secretsAtBackup = readFileSync(join(t.config.dataDir, "secrets.json"), "utf8");

  test("a backup taken while agents work holds the database as it was when it started", async () => {
    atBackup = snapshotDb(t.db);
    mediaAtBackup = snapshotFiles(join(t.config.dataDir, "media"));
    expect(Object.keys(mediaAtBackup).length).toBeGreaterThanOrEqual(3);
    expect(atBackup.wa_auth.length).toBe(2);
    // The copy is taken synchronously when the backup starts; the agents go on while it is written.
    const running = createBackup(t.db, t.config.dataDir);
    await Promise.all([running, agentWork(4), agentWork(5)]);
    archive = (await running).path;
    const manifest = await readArchive(archive);
    expect(manifest).toMatchObject({ app: "balcao", kind: "manual", media: true });
    expect(manifest.schema.migrations).toBeGreaterThan(10);
    const names = manifest.files.map((f) => f.name);
    expect(names).toContain("app.db");
    expect(names).toContain("secrets.json");
    for (const m of Object.keys(mediaAtBackup)) expect(names).toContain(`media/${m}`);
    expect(names.some((n) => n.startsWith("backups/"))).toBe(false);
    expect(listBackups(t.config.dataDir).map((b) => b.name)).toEqual([archive.split("/").pop()!]);
  });

  test("more changes, then a restore brings back data, media, sessions and secrets exactly", async () => {
    await agentWork(6);
    rmSync(join(t.config.dataDir, "media", Object.keys(mediaAtBackup)[0]));
    auth.writeCreds(sandbox, { me: { id: "other" }, registrationId: 7 } as never);
    writeFileSync(join(t.config.dataDir, "secrets.json"), JSON.stringify({ jwtSecret: "changed-after-backup-0000", jwtRefreshSecret: "x" }));
    expect(snapshotDb(t.db)).not.toEqual(atBackup);
    t.db.sqlite.close();
    await restoreArchive(t.config.dataDir, archive);
    const db = openDatabase(t.config.dbPath);
    expect(snapshotDb(db)).toEqual(atBackup);
    expect(new SqliteAuthStore(db.sqlite).readCreds(sandbox)).toMatchObject({ me: { id: "5511999990000:1@s.whatsapp.net" }, registrationId: 42 });
    expect(snapshotFiles(join(t.config.dataDir, "media"))).toEqual(mediaAtBackup);
    expect(readFileSync(join(t.config.dataDir, "secrets.json"), "utf8")).toBe(secretsAtBackup);
    expect(readdirSync(t.config.dataDir).filter((n) => n.startsWith(".restore-") || n.startsWith(".previous-"))).toEqual([]);
    db.sqlite.close();
  });
});

describe.skipIf(ON_PG)("archives that must be refused (nothing changes)", () => {
  // The folder's files (the database by content: SQLite may rewrite its shared-memory file on open).
  const state = () => {
    const files = snapshotFiles(t.config.dataDir);
    for (const k of Object.keys(files)) if (k.startsWith("app.db")) delete files[k];
    const db = openDatabase(t.config.dbPath);
    const rows = snapshotDb(db);
    db.sqlite.close();
    return { files, rows };
  };
  const refuse = async (file: string, message: RegExp) => {
    const before = state();
    const err = await restoreArchive(t.config.dataDir, file).catch((e) => e);
    expect(err).toBeInstanceOf(RestoreError);
    expect(String(err.message)).toMatch(message);
    expect(state()).toEqual(before);
  };
  const good = () => listBackups(t.config.dataDir).find((b) => b.kind === "manual")!.name;

  test("a truncated archive", async () => {
    const copy = join(t.dir, "truncated.tar.gz");
    writeFileSync(copy, readFileSync(backupPath(t.config.dataDir, good())!));
    truncateSync(copy, Math.floor(statSync(copy).size * 0.6));
    await refuse(copy, /corrupt or incomplete/);
  });

  test("a corrupt archive (one byte of the database changed, gzip still valid)", async () => {
    const { gunzipSync } = await import("node:zlib");
    const tar = gunzipSync(readFileSync(backupPath(t.config.dataDir, good())!));
    tar[512 + 4096 + 100] ^= 0xff; // inside app.db's content
    const copy = join(t.dir, "corrupt.tar.gz");
    writeFileSync(copy, gzipSync(tar));
    await refuse(copy, /checksum mismatch for app\.db/);
  });

  test("a file that is not an archive, and an archive from a newer Balcão", async () => {
    const junk = join(t.dir, "junk.tar.gz");
    writeFileSync(junk, "not a backup at all");
    await refuse(junk, /corrupt or incomplete/);
    const manifest = {
      format: 1,
      app: "balcao",
      version: "99.0.0",
      schema: { migrations: 999, last: 9e15 },
      createdAt: "",
      kind: "manual",
      media: false,
      files: [{ name: "app.db", size: 1, sha256: createHash("sha256").update("x").digest("hex") }],
    };
    const m = new TextEncoder().encode(JSON.stringify(manifest));
    const pad = (n: number) => new Uint8Array((512 - (n % 512)) % 512);
    const parts = [tarHeader("app.db", 1), new TextEncoder().encode("x"), pad(1), tarHeader("manifest.json", m.length), m, pad(m.length), new Uint8Array(1024)];
    const newer = join(t.dir, "newer.tar.gz");
    writeFileSync(newer, gzipSync(Buffer.concat(parts)));
    await refuse(newer, /newer Balcão/);
  });

  test("a restore while the server holds the data folder", async () => {
    // Another live process holds the lock with a fresh heartbeat.
    const other = Bun.spawn(["sleep", "30"]);
    const db = openDatabase(t.config.dbPath);
    db.sqlite.run("INSERT OR REPLACE INTO instance_lock (id, owner, pid, heartbeat_at) VALUES (1, 'server', ?, ?)", [other.pid, Date.now()]);
    db.sqlite.close();
    const b = snapshotFiles(join(t.config.dataDir, "media"));
    const err = await restoreArchive(t.config.dataDir, backupPath(t.config.dataDir, good())!).catch((e) => e);
    expect(err).toBeInstanceOf(RestoreError);
    expect(err.message).toMatch(/running on this data folder/);
    expect(snapshotFiles(join(t.config.dataDir, "media"))).toEqual(b);
    other.kill();
    const db2 = openDatabase(t.config.dbPath);
    db2.sqlite.run("DELETE FROM instance_lock");
    db2.sqlite.close();
  });

  test("a staged restore of a missing backup is refused at boot and the outcome kept", async () => {
    writeFileSync(
      join(t.config.dataDir, "backups", "restore-pending.json"),
      JSON.stringify({ name: "balcao-2020-01-01T00-00-00Z-manual.tar.gz", requestedBy: "x", requestedAt: "" }),
    );
    const r = await applyStagedRestore(t.config.dataDir);
    expect(r).toMatchObject({ ok: false, message: "the backup no longer exists" });
    expect(existsSync(join(t.config.dataDir, "backups", "restore-pending.json"))).toBe(false);
  });
});
