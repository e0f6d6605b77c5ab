import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { MigrationMeta } from "drizzle-orm/migrator";
import { openDatabase } from "../../src/db/client";
import { loadMigrations } from "../../src/db/migrate";
import { databaseSchema, listBackups } from "../../src/ops/backup";
import { readArchive } from "../../src/ops/restore";
import { UpgradeError, upgradeDatabase } from "../../src/ops/upgrade";

const dir = mkdtempSync(join(tmpdir(), "balcao-upgrade-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const all = loadMigrations();
const db = openDatabase(join(dir, "app.db"));
const tables = () =>
  db.sqlite
    .query<{ name: string }, []>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .all()
    .map((r) => r.name);
const migration = (sql: string, folderMillis: number): MigrationMeta => ({
  sql: sql.split("--> statement-breakpoint"),
  bps: true,
  folderMillis,
  hash: `h${folderMillis}`,
});

describe("upgrades", () => {
  test("a new database is migrated without a backup (nothing to lose)", async () => {
    const r = await upgradeDatabase(db, dir, all.slice(0, 5));
    expect(r).toEqual({ applied: 5, backup: null });
    expect(listBackups(dir)).toEqual([]);
  });

  test("pending migrations on a database with data: a database backup first, then the migrations", async () => {
    db.sqlite.exec("INSERT INTO plans (name, users, connections, queues, value, created_at, updated_at) VALUES ('Antes', 1, 1, 1, 0, '', '')");
    const r = await upgradeDatabase(db, dir, all);
    expect(r.applied).toBe(all.length - 5);
    expect(r.backup).toMatch(/-pre-migration\.tar\.gz$/);
    const manifest = await readArchive(r.backup!);
    expect(manifest).toMatchObject({ kind: "pre-migration", media: false, schema: { migrations: 5 } });
    expect(databaseSchema(db).migrations).toBe(all.length);
    expect(await upgradeDatabase(db, dir, all)).toEqual({ applied: 0, backup: null });
  });

  test("a backup that cannot be written stops the upgrade before any migration runs", async () => {
    const before = databaseSchema(db).migrations;
    const { renameSync, writeFileSync } = await import("node:fs");
    // The backups folder is a file: the pre-migration backup fails (as on a full or read-only disk).
    renameSync(join(dir, "backups"), join(dir, "backups.aside"));
    writeFileSync(join(dir, "backups"), "not a folder");
    try {
      const extra = [...all, migration("CREATE TABLE needs_backup (a);", all.at(-1)!.folderMillis + 5)];
      const err = await upgradeDatabase(db, dir, extra).catch((e) => e);
      expect(err).toBeInstanceOf(UpgradeError);
      expect(err.message).toContain("could not back up the database before migrating");
      expect(databaseSchema(db).migrations).toBe(before);
      expect(tables()).not.toContain("needs_backup");
    } finally {
      rmSync(join(dir, "backups"));
      renameSync(join(dir, "backups.aside"), join(dir, "backups"));
    }
  });

  test("a failing migration rolls back: the schema is as before and the reason is given", async () => {
    const before = tables();
    const newest = all.at(-1)!.folderMillis;
    const broken = [...all, migration("CREATE TABLE half_done (a);--> statement-breakpoint\nINSERT INTO no_such_table VALUES (1);", newest + 1)];
    const err = await upgradeDatabase(db, dir, broken).catch((e) => e);
    expect(err).toBeInstanceOf(UpgradeError);
    expect(err.message).toContain("rolled back");
    expect(err.message).toContain("no_such_table");
    expect(tables()).toEqual(before);
    expect(databaseSchema(db).migrations).toBe(all.length);
    expect(db.sqlite.query("SELECT name FROM plans WHERE name = 'Antes'").get()).toEqual({ name: "Antes" });
  });

  test("a database from a newer version is refused before anything touches it", async () => {
    const newer = [...all, migration("CREATE TABLE from_the_future (a);", all.at(-1)!.folderMillis + 10)];
    await upgradeDatabase(db, dir, newer);
    const backups = listBackups(dir).length;
    const err = await upgradeDatabase(db, dir, all).catch((e) => e);
    expect(err).toBeInstanceOf(UpgradeError);
    expect(err.message).toContain("newer Balcão");
    expect(listBackups(dir).length).toBe(backups);
  });

  test("the server refuses to start on it with the reason and exit code 1", () => {
    db.sqlite.close();
    const main = join(import.meta.dir, "../../src/main.ts");
    const r = Bun.spawnSync(["bun", main], { env: { ...process.env, DATA_DIR: dir, PORT: "0", LOG_LEVEL: "error" }, stdout: "pipe", stderr: "pipe" });
    expect(r.exitCode).toBe(1);
    expect(r.stderr.toString()).toContain("Balcão cannot start: the database was written by a newer Balcão");
  }, 20_000);
});
