import { afterAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { eq } from "drizzle-orm";
import { CliError, createSuper, resetPassword, runCli } from "../../src/cli";
import { loadConfig } from "../../src/config";
import { openDatabase } from "../../src/db/client";
import { migrate } from "../../src/db/migrate";
import { readArchive } from "../../src/ops/restore";
import { seed } from "../../src/ops/seed";
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

const userRow = async (email: string) => (await db.select().from(users).where(eq(users.email, email)).limit(1))[0];

describe("reset-password", () => {
  test("sets a new generated password, ends older sessions, and the old password stops working", async () => {
    const before = (await userRow(ADMIN))!;
    const password = await resetPassword(db, ` ${ADMIN.toUpperCase()} `);
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
    const after = (await userRow(ADMIN))!;
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
    const row = (await userRow("ops@cli.test"))!;
    expect(row.super).toBe(true);
    expect(row.profile).toBe("admin");
    expect(row.companyId).toBe((await userRow(ADMIN))!.companyId);
    expect(await Bun.password.verify(password, row.passwordHash)).toBe(true);
  });

  test("refuses an existing email and an invalid one", async () => {
    await expect(createSuper(db, ADMIN)).rejects.toBeInstanceOf(CliError);
    await expect(createSuper(db, "not-an-email")).rejects.toBeInstanceOf(CliError);
  });
});

describe("backup", () => {
  test("writes an archive whose database opens with the same data", async () => {
    const code = await runCli(["backup"], { NODE_ENV: "test", DATA_DIR: dir, LOG_LEVEL: "silent" });
    expect(code).toBe(0);
    const name = readdirSync(join(dir, "backups")).find((n) => /^balcao-.*-manual\.tar\.gz$/.test(n))!;
    expect(name).toBeDefined();
    const out = mkdtempSync(join(tmpdir(), "balcao-cli-out-"));
    const manifest = await readArchive(join(dir, "backups", name), out);
    expect(manifest.files.map((f) => f.name)).toContain("app.db");
    const copy = new Database(join(out, "app.db"), { readonly: true });
    expect(copy.query("PRAGMA integrity_check").get()).toEqual({ integrity_check: "ok" });
    expect(copy.query<{ n: number }, []>("SELECT count(*) AS n FROM users").get()!.n).toBe(
      db.sqlite.query<{ n: number }, []>("SELECT count(*) AS n FROM users").get()!.n,
    );
    copy.close();
    rmSync(out, { recursive: true, force: true });
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
  expect(unknown.exitCode).toBe(2);
  const help = Bun.spawnSync(["bun", cli, "restore", "--help"], { env, stdout: "pipe", stderr: "pipe" });
  expect(help.exitCode).toBe(0);
  expect(help.stdout.toString()).toContain("restore <archive>");
  const missing = Bun.spawnSync(["bun", cli, "restore"], { env, stdout: "pipe", stderr: "pipe" });
  expect(missing.exitCode).toBe(2);
  const doctor = Bun.spawnSync(["bun", cli, "doctor"], { env, stdout: "pipe", stderr: "pipe" });
  expect(doctor.stdout.toString()).toContain("database integrity: quick_check ok");
  expect(doctor.exitCode).toBe(0);
  const jobs = Bun.spawnSync(["bun", cli, "jobs", "list"], { env, stdout: "pipe", stderr: "pipe" });
  expect(jobs.exitCode).toBe(0);
  expect(jobs.stdout.toString()).toContain("backups.scheduled");
  const run = Bun.spawnSync(["bun", cli, "jobs", "run", "db.optimize"], { env, stdout: "pipe", stderr: "pipe" });
  expect(run.exitCode).toBe(0);
  expect(Bun.spawnSync(["bun", cli, "jobs", "run", "no.such-job"], { env, stdout: "pipe", stderr: "pipe" }).exitCode).toBe(1);
}, 60_000);

test("reset-2fa removes the user's app, passkeys and recovery codes, ends their sessions and is in the audit log", async () => {
  const u = (await userRow(ADMIN))!;
  db.sqlite.run(
    `insert into user_second_factors (user_id, totp_secret, totp_last_step) values (${u.id}, 'v1.x.y.z', 5) on conflict do update set totp_secret = 'v1.x.y.z'`,
  );
  db.sqlite.run(`insert into user_recovery_codes (user_id, code_hash) values (${u.id}, 'h1')`);
  db.sqlite.run(
    `insert into user_passkeys (user_id, company_id, credential_id, public_key, name, created_at) values (${u.id}, ${u.companyId}, 'cred-cli', 'k', 'Key', '2026-01-01')`,
  );
  const cli = resolve(import.meta.dir, "../../src/cli.ts");
  const env = { ...process.env, DATA_DIR: dir, LOG_LEVEL: "silent" };
  const ok = Bun.spawnSync(["bun", cli, "reset-2fa", ADMIN], { env, stdout: "pipe", stderr: "pipe" });
  expect(ok.exitCode).toBe(0);
  expect(ok.stdout.toString()).toContain("second factor removed");
  const count = (sql: string) => (db.sqlite.query(sql).get() as { n: number }).n;
  expect(count(`select count(*) n from user_second_factors where user_id = ${u.id} and totp_secret is not null`)).toBe(0);
  expect(count(`select count(*) n from user_passkeys where user_id = ${u.id}`)).toBe(0);
  expect(count(`select count(*) n from user_recovery_codes where user_id = ${u.id}`)).toBe(0);
  expect((await userRow(ADMIN))!.tokenVersion).toBeGreaterThan(u.tokenVersion);
  expect(count(`select count(*) n from audit_log where event = 'auth.second-factor.reset' and actor_type = 'system' and target_id = '${u.id}'`)).toBe(1);
  const bad = Bun.spawnSync(["bun", cli, "reset-2fa", "ghost@cli.test"], { env, stdout: "pipe", stderr: "pipe" });
  expect(bad.exitCode).toBe(1);
});
