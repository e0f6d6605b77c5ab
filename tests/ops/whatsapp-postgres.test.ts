/**
 * A WhatsApp (Baileys) connection survives the move to PostgreSQL and restarts on it: linked on SQLite by QR against
 * the fake WhatsApp server, copied by migrate-to-postgres, then a new process's supervisor on PostgreSQL resumes it
 * CONNECTED with a login (no QR); and one linked on PostgreSQL comes back after a restart the same way. The app's own
 * wiring is used (WA_WS_URL: the baileys kind with the auth store of the database's engine).
 */
import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildApp, createDeps } from "../../src/app";
import { loadConfig } from "../../src/config";
import type { DB } from "../../src/core/db";
import { openDatabase } from "../../src/db/client";
import { migrate } from "../../src/db/migrate";
import { closeDatabase } from "../../src/db/open";
import { openPostgresDb, pgClientOf } from "../../src/db/pg-client";
import { migrateToPostgres } from "../../src/ops/migrate-to-postgres";
import { seed } from "../../src/ops/seed";
import { upgradePostgres } from "../../src/ops/upgrade-pg";
import * as schema from "../../src/schema";
import { FakeWaServer, parseQr } from "../support/fake-wa-server";
import { createTestDatabase } from "../support/postgres";
import { registerWaHarness, until } from "../support/wa-harness";

setDefaultTimeout(60_000);
registerWaHarness();

const server = new FakeWaServer().start();
const dropLater: (() => Promise<void>)[] = [];
const dirs: string[] = [];
afterAll(async () => {
  server.stop();
  for (const drop of dropLater) await drop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const configFor = (dir: string) =>
  loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dir,
    ADMIN_EMAIL: "root@wa.test",
    ADMIN_PASSWORD: "root-pass-123",
    LOG_LEVEL: "silent",
    WA_WS_URL: server.url,
    WA_TEST_ROOT_KEY: server.rootKeyHex,
  });

/** One process's worth of app on a database: deps, a caller, the session frames it published. */
async function boot(db: DB, dir: string) {
  const config = configFor(dir);
  await seed(db, config);
  const deps = createDeps(db, config);
  const app = buildApp(deps);
  const frames: { status: string; qrcode?: string; id: number }[] = [];
  deps.hub.listen((p) => {
    if (p.frame.channel === "whatsappSession") frames.push(p.frame.session as { status: string; qrcode?: string; id: number });
  });
  const call = async (method: string, path: string, token?: string, body?: unknown) => {
    const res = await app.handle(
      new Request(`http://localhost${path}`, {
        method,
        headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    return { status: res.status, json: (await res.json().catch(() => null)) as { id?: number; token?: string } | null };
  };
  const login = async () => (await call("POST", "/auth/login", undefined, { email: "root@wa.test", password: "root-pass-123" })).json?.token as string;
  return { deps, call, login, frames };
}

/** Creates a WhatsApp connection and links it by QR (the phone reads it): answers its id once CONNECTED. */
async function linkByQr(app: Awaited<ReturnType<typeof boot>>): Promise<number> {
  const token = await app.login();
  const created = await app.call("POST", "/whatsapp", token, { name: "WhatsApp da loja" });
  expect(created.status).toBe(201);
  const id = created.json?.id as number;
  const qrOf = () => app.frames.find((f) => f.id === id && f.status === "qrcode")?.qrcode ?? "";
  await until(() => !!qrOf(), 10_000, "a QR");
  const qr = parseQr(qrOf());
  server.last("registration")!.pairSuccess({ advSecretKey: qr.advSecretKey, identityKey: qr.identityKey, jid: server.me.jid, lid: server.me.lid });
  await until(() => app.frames.some((f) => f.id === id && f.status === "CONNECTED"), 10_000, "CONNECTED after linking");
  return id;
}

/** A new process on the same database: startAll resumes the connection CONNECTED by logging in, never showing a QR. */
async function resumesWithoutQr(db: DB, dir: string, id: number) {
  const before = server.sessions.length;
  const next = await boot(db, dir);
  try {
    expect(await next.deps.sessions.startAll()).toBe(1);
    await until(() => next.frames.some((f) => f.id === id && f.status === "CONNECTED"), 10_000, "CONNECTED from stored creds");
    expect(next.frames.some((f) => f.status === "qrcode")).toBe(false);
    expect(server.sessions.slice(before).map((s) => s.hello?.kind)).toEqual(["login"]);
  } finally {
    await next.deps.sessions.stopAll({ keepState: true });
    next.deps.notifier.stop();
  }
}

describe("WhatsApp connections on PostgreSQL", () => {
  test("linked on SQLite, moved by migrate-to-postgres: back CONNECTED on PostgreSQL without a new QR", async () => {
    const dir = mkdtempSync(join(tmpdir(), "balcao-wa-move-"));
    dirs.push(dir);
    const config = configFor(dir);
    const sqlite = openDatabase(config.dbPath);
    migrate(sqlite);
    const first = await boot(sqlite, dir);
    const id = await linkByQr(first);
    await first.deps.sessions.stopAll({ keepState: true });
    first.deps.notifier.stop();
    sqlite.sqlite.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    await closeDatabase(sqlite);

    const target = await createTestDatabase({ migrated: false });
    dropLater.push(target.drop);
    await migrateToPostgres(config, target.url, { tables: schema });
    const pg = openPostgresDb(target.url, { max: 4 });
    try {
      const [creds] = await pgClientOf(pg)<{ value: string }[]>`select value from wa_auth where connection_id = ${id} and kind = 'creds'`;
      expect(JSON.parse(creds.value).me.id).toBeTruthy();
      await resumesWithoutQr(pg, dir, id);
    } finally {
      await closeDatabase(pg);
    }
  });

  test("linked on PostgreSQL: a restart comes back CONNECTED without a QR, its keys written to PostgreSQL", async () => {
    const dir = mkdtempSync(join(tmpdir(), "balcao-wa-pg-"));
    dirs.push(dir);
    const target = await createTestDatabase({ migrated: false });
    dropLater.push(target.drop);
    const pg = openPostgresDb(target.url, { max: 4 });
    try {
      await upgradePostgres(pgClientOf(pg));
      const first = await boot(pg, dir);
      const id = await linkByQr(first);
      const kinds = async () => (await pgClientOf(pg)<{ kind: string }[]>`select distinct kind from wa_auth where connection_id = ${id}`).map((k) => k.kind);
      // The creds and the Signal keys Baileys sets once linked (its LID mappings, a moment after CONNECTED) reach
      // PostgreSQL.
      await until(async () => (await kinds()).includes("lid-mapping"), 10_000, "the LID mappings in PostgreSQL");
      await first.deps.sessions.stopAll({ keepState: true });
      first.deps.notifier.stop();
      expect(await kinds()).toEqual(expect.arrayContaining(["creds", "lid-mapping"]));
      await resumesWithoutQr(pg, dir, id);
    } finally {
      await closeDatabase(pg);
    }
  });
});
