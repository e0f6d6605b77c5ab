import { afterAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { eq } from "drizzle-orm";
import { backup, CliError, createSuper, resetPassword } from "../../src/cli";
import { loadConfig } from "../../src/config";
import { openDatabase } from "../../src/db/client";
import { migrate } from "../../src/db/migrate";
import { seed } from "../../src/db/seed";
import { users } from "../../src/modules/users/schema";

const ADMIN = "root@cli.test";
const dir = mkdtempSync(join(tmpdir(), "balcao-cli-"));
const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dir, ADMIN_EMAIL: ADMIN, ADMIN_PASSWORD: "first-pass-1", LOG_LEVEL: "silent" });
const db = openDatabase(config.dbPath);
migrate(db);
await seed(db, config);
afterAll(() => {
  db.sqlite.close();
  rmSync(dir, { recursive: true, force: true });
});

const userRow = (email: string) => db.select().from(users).where(eq(users.email, email)).get();

describe("reset-password", () => {
  test("sets a new generated password, ends older sessions, and the old password stops working", async () => {
    const before = userRow(ADMIN)!;
    const password = await resetPassword(db, ` ${ADMIN.toUpperCase()} `);
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
    const after = userRow(ADMIN)!;
    expect(await Bun.password.verify(password, after.passwordHash)).toBe(true);
    expect(await Bun.password.verify("first-pass-1", after.passwordHash)).toBe(false);
    expect(after.tokenVersion).toBeGreaterThan(before.tokenVersion);
    expect(after.mustChangePassword).toBe(true);
    expect(await resetPassword(db, ADMIN)).not.toBe(password);
  });

  test("an unknown email is an operator error", async () => {
    await expect(resetPassword(db, "ghost@cli.test")).rejects.toBeInstanceOf(CliError);
  });
});

describe("create-super", () => {
  test("creates a super admin in the platform company", async () => {
    const password = await createSuper(db, "Ops@Cli.Test");
    const row = userRow("ops@cli.test")!;
    expect(row.super).toBe(true);
    expect(row.profile).toBe("admin");
    expect(row.companyId).toBe(userRow(ADMIN)!.companyId);
    expect(await Bun.password.verify(password, row.passwordHash)).toBe(true);
  });

  test("refuses an existing email and an invalid one", async () => {
    await expect(createSuper(db, ADMIN)).rejects.toBeInstanceOf(CliError);
    await expect(createSuper(db, "not-an-email")).rejects.toBeInstanceOf(CliError);
  });
});

describe("backup", () => {
  test("writes a consistent copy under data/backups/<timestamp>.db that opens with the same data", () => {
    const file = backup(db, dir, new Date("2026-01-02T03:04:05.678Z"));
    expect(file).toBe(join(dir, "backups", "2026-01-02T03-04-05Z.db"));
    expect(existsSync(file)).toBe(true);
    const copy = new Database(file, { readonly: true });
    const n = copy.query<{ n: number }, []>("SELECT count(*) AS n FROM users").get()!.n;
    const migrations = copy.query<{ n: number }, []>("SELECT count(*) AS n FROM __drizzle_migrations").get()!.n;
    expect(copy.query("PRAGMA integrity_check").get()).toEqual({ integrity_check: "ok" });
    copy.close();
    expect(n).toBe(db.sqlite.query<{ n: number }, []>("SELECT count(*) AS n FROM users").get()!.n);
    expect(migrations).toBeGreaterThan(0);
  });
});

test("the command line prints the new password and exits 0; mistakes exit 1 without a stack trace", () => {
  const cli = resolve(import.meta.dir, "../../src/cli.ts");
  const env = { ...process.env, DATA_DIR: dir, LOG_LEVEL: "silent" };
  const ok = Bun.spawnSync(["bun", cli, "reset-password", ADMIN], { env, stdout: "pipe", stderr: "pipe" });
  expect(ok.exitCode).toBe(0);
  const password = /password: (\S+)/.exec(ok.stdout.toString())?.[1];
  expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
  const bad = Bun.spawnSync(["bun", cli, "reset-password", "ghost@cli.test"], { env, stdout: "pipe", stderr: "pipe" });
  expect(bad.exitCode).toBe(1);
  expect(bad.stderr.toString()).toContain("no user with email");
  expect(bad.stderr.toString()).not.toContain("    at ");
  const unknown = Bun.spawnSync(["bun", cli, "frobnicate"], { env, stdout: "pipe", stderr: "pipe" });
  expect(unknown.exitCode).toBe(1);
});
