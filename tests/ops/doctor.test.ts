/**
 * Operator tools that never surprise: `doctor` only reads (no database created, migrated or
 * written, whatever it finds), reports a damaged or missing database and an incomplete search
 * index as FAIL lines, and only `migrate` / `reindex` change the database.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../src/db/client";
import { loadMigrations } from "../../src/db/migrate";
import { databaseSchema } from "../../src/ops/backup";
import { upgradeDatabase } from "../../src/ops/upgrade";
import { balcaoEnv, runBalcao } from "./processes";

const root = mkdtempSync(join(tmpdir(), "balcao-doctor-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const folder = (create = true) => {
  const d = join(root, `f${++n}`);
  if (create) mkdirSync(d);
  return d;
};
const cli = (dir: string, ...args: string[]) => runBalcao(["src/cli.ts", ...args], balcaoEnv(dir, { LOG_LEVEL: "error" }));
const line = (out: string, name: string) => out.split("\n").find((l) => l.includes(` ${name}: `)) ?? "";
const snapshot = (dir: string) =>
  Object.fromEntries(
    readdirSync(dir)
      .filter((f) => !f.endsWith("-wal") && !f.endsWith("-shm"))
      .map((f) => [f, statSync(join(dir, f)).isFile() ? readFileSync(join(dir, f)).toString("base64") : "dir"]),
  );

/** A database at the first `count` migrations. */
async function databaseAt(dir: string, count: number) {
  const db = openDatabase(join(dir, "app.db"));
  await upgradeDatabase(db, dir, loadMigrations().slice(0, count));
  // Everything in app.db itself: what the folder holds does not depend on when this handle is collected.
  db.sqlite.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  db.sqlite.exec("PRAGMA journal_mode = DELETE");
  db.sqlite.close();
}

describe("doctor only reads", () => {
  test("an empty folder: FAIL, and no database, secrets or media folder appear", async () => {
    const dir = folder();
    const r = await cli(dir, "doctor");
    expect(r.code).toBe(1);
    expect(line(r.output, "database")).toStartWith("FAIL");
    expect(line(r.output, "database")).toContain("does not exist");
    expect(readdirSync(dir)).toEqual([]);
  }, 30_000);

  test("a folder that does not exist is a FAIL line and is not created", async () => {
    const dir = folder(false);
    const r = await cli(dir, "doctor");
    expect(r.code).toBe(1);
    expect(line(r.output, "data folder")).toContain("does not exist");
    expect(existsSync(dir)).toBe(false);
  }, 30_000);

  test("a database at schema 10 is reported, not migrated; only migrate moves it, and the side commands refuse it", async () => {
    const dir = folder();
    await databaseAt(dir, 10);
    const before = snapshot(dir);
    const r = await cli(dir, "doctor");
    expect(line(r.output, "schema")).toMatch(/^warn +schema: 10 of \d+ migrations applied \(run: migrate, with the server stopped\)/);
    expect(snapshot(dir)).toEqual(before);
    const check = new Database(join(dir, "app.db"), { readonly: true });
    expect(check.query<{ n: number }, []>("SELECT count(*) AS n FROM __drizzle_migrations").get()?.n).toBe(10);
    check.close();
    const reset = await cli(dir, "reset-password", "someone@ops.test");
    expect(reset.code).toBe(1);
    expect(reset.stderr).toContain("the database is at schema 10 and this version expects");
    const migrated = await cli(dir, "migrate");
    expect(migrated.code).toBe(0);
    const db = openDatabase(join(dir, "app.db"));
    expect(databaseSchema(db).migrations).toBe(loadMigrations().length);
    db.sqlite.close();
  }, 30_000);

  test("a truncated database: FAIL lines, exit 1, no uncaught SQLITE_CORRUPT trace", async () => {
    const dir = folder();
    await databaseAt(dir, loadMigrations().length);
    const db = new Database(join(dir, "app.db"));
    db.exec("CREATE TABLE filler (body TEXT)");
    for (let i = 0; i < 400; i++) db.run("INSERT INTO filler VALUES (?)", ["y".repeat(1000)]);
    db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    db.close();
    truncateSync(join(dir, "app.db"), Math.floor(statSync(join(dir, "app.db")).size / 2));
    const r = await cli(dir, "doctor");
    expect(r.code).toBe(1);
    expect(r.output).toMatch(/^FAIL +database( integrity)?: .*(SQLITE_CORRUPT|malformed)/m);
    expect(r.output).not.toMatch(/^\s+at /m);
    expect(line(r.output, "backups")).toBeTruthy();
  }, 30_000);

  test("garbage in place of the database: one FAIL line naming it", async () => {
    const dir = folder();
    await Bun.write(join(dir, "app.db"), crypto.getRandomValues(new Uint8Array(8192)));
    const r = await cli(dir, "doctor");
    expect(r.code).toBe(1);
    expect(line(r.output, "database")).toMatch(/^FAIL +database: .*app\.db cannot be read: SQLITE_NOTADB/);
    expect(r.output).not.toMatch(/^\s+at /m);
  }, 30_000);
});

describe("the search index", () => {
  test("a message missing from the full-text index fails doctor; reindex (under the lock) makes it findable", async () => {
    const dir = folder();
    await databaseAt(dir, loadMigrations().length);
    const db = new Database(join(dir, "app.db"));
    db.exec("PRAGMA foreign_keys = OFF");
    const now = new Date().toISOString();
    for (const [company, body] of [
      [1, "bom dia"],
      [1, "pedido 123"],
      [2, "orçamento"],
    ] as const) {
      db.run("INSERT INTO messages (company_id, ticket_id, wid, body, created_at, updated_at) VALUES (?, 1, ?, ?, ?, ?)", [
        company,
        crypto.randomUUID(),
        body,
        now,
        now,
      ]);
    }
    db.exec("DELETE FROM messages_fts WHERE rowid = (1 << 44) | (SELECT id FROM messages WHERE body = 'pedido 123')");
    const findable = () => db.query("SELECT rowid FROM messages_fts WHERE messages_fts MATCH 'pedido'").all().length;
    expect(findable()).toBe(0);
    db.close();
    const r = await cli(dir, "doctor");
    expect(r.code).toBe(1);
    expect(line(r.output, "full-text index")).toMatch(/^FAIL +full-text index: company 1: 2 messages, 1 indexed \(run: reindex, with the server stopped\)$/);
    const re = await cli(dir, "reindex");
    expect(re.code).toBe(0);
    expect(re.output).toMatch(/full-text index rebuilt: 3 messages in \d+ ms/);
    const after = await cli(dir, "doctor");
    expect(line(after.output, "full-text index")).toMatch(/^ok +full-text index: every message is searchable$/);
    const again = new Database(join(dir, "app.db"), { readonly: true });
    expect(again.query("SELECT rowid FROM messages_fts WHERE messages_fts MATCH 'pedido'").all().length).toBe(1);
    again.close();
  }, 30_000);
});
