import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "bun:test";
import { buildApp, createDeps } from "../../src/app";
import { loadConfig } from "../../src/config";
import { openDatabase } from "../../src/db/client";
import { openPostgresDb } from "../../src/db/pg-client";
import type { DB } from "../../src/core/db";
import { createTestDatabase } from "../support/postgres";
import { openClusterNode } from "../../src/node";
import { migrate } from "../../src/db/migrate";
import { seed } from "../../src/ops/seed";
import type { Channel, FrameOf } from "../../src/contract/frames";
import type { Resolver } from "../../src/lib/net/guard";
import type { Published } from "../../src/core/hub";

export const SUPER_EMAIL = "root@test.local";
export const SUPER_PASSWORD = "root-pass-123";

export interface CallOptions {
  token?: string;
  body?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
  cookie?: string;
}

/**
 * A fresh app on a temporary data folder (one per test file): migrated, seeded with a super admin,
 * removed after the file. `call` drives `app.handle`; `events` records every realtime frame.
 * Outside services in tests are loopback servers, so the operator allow list lets 127.0.0.1
 * through (OUTBOUND_ALLOW); `env` overrides it (an SSRF test passes "") and `resolve` replaces DNS.
 * Several nodes (tests/nodes): `database` joins a PostgreSQL database another app made (not dropped by this one),
 * and `node` opens this app as a node of several on it (src/node.ts: bus, cluster cache, job lock), as main.ts does.
 */
export async function makeTestApp(opts: { env?: Record<string, string>; resolve?: Resolver; database?: { url: string }; node?: boolean } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "balcao-test-"));
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dir,
    ADMIN_EMAIL: SUPER_EMAIL,
    ADMIN_PASSWORD: SUPER_PASSWORD,
    LOG_LEVEL: process.env.BALCAO_TEST_LOG ?? "silent",
    TRUST_PROXY: "true",
    OUTBOUND_ALLOW: "127.0.0.1",
    ...opts.env,
  });
  // BALCAO_TEST_ENGINE=pg: the file's own migrated database on the test cluster (tests/support/postgres.ts).
  const pg = opts.database
    ? { url: opts.database.url, drop: async () => {} }
    : process.env.BALCAO_TEST_ENGINE === "pg" || opts.node
      ? await createTestDatabase()
      : null;
  const pgDb = pg ? openPostgresDb(pg.url, { max: 4 }) : null;
  const db: DB = pgDb ?? openDatabase(config.dbPath);
  if (!pg) migrate(db);
  await seed(db, config);
  const node = opts.node && pg ? await openClusterNode(pg.url, { pingMs: 1_000 }) : undefined;
  const deps = createDeps(db, config, { resolve: opts.resolve, node });
  const app = buildApp(deps);
  const events: Published[] = [];
  deps.hub.listen((p) => events.push(p));
  afterAll(async () => {
    // A notification drain the last test set off reads the database: let it end before the database closes (on
    // PostgreSQL a statement issued after the pool's end is refused, and would fail the next file).
    await deps.notifier.flush().catch(() => {});
    deps.notifier.stop();
    await node?.close();
    // PostgreSQL: the pool ends a moment later, so work the file's last test set off in the background (a socket's
    // open, a receipt) still finds its database instead of failing the next file with a refused statement.
    if (pg && pgDb)
      setTimeout(
        () =>
          void pgDb.$client.end({ timeout: 5 }).then(
            () => pg.drop(),
            () => {},
          ),
        3_000,
      ).unref();
    else db.sqlite.close();
    rmSync(dir, { recursive: true, force: true });
    // The notifications' drain and the node's links may take seconds on a busy machine (the default is 5 s).
  }, 30_000);

  let ipCounter = 0;
  /** Calls the app; answers status, parsed JSON (or text) and headers. */
  async function call(method: string, path: string, opts: CallOptions = {}) {
    const headers: Record<string, string> = { accept: "application/json", ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.cookie) headers.cookie = opts.cookie;
    let body: BodyInit | undefined;
    if (opts.form) body = opts.form;
    else if (opts.body !== undefined) {
      headers["content-type"] = "application/json";
      body = typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body);
    }
    const res = await app.handle(new Request(`http://localhost${path}`, { method, headers, body }));
    const text = await res.text();
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    return { status: res.status, json, headers: res.headers, text };
  }

  /** Signs in and answers the access token, the session user and the refresh cookie. */
  async function login(email: string, password: string) {
    // Each login comes from its own address so the failed-login limiter never interferes across tests.
    const r = await call("POST", "/auth/login", {
      body: { email, password },
      headers: { "x-forwarded-for": `10.0.0.${++ipCounter % 250}` },
    });
    if (r.status !== 200) throw new Error(`login ${email} failed: ${r.status} ${r.text}`);
    const cookie = (r.headers.get("set-cookie") ?? "").split(";")[0];
    return { token: r.json.token as string, user: r.json.user, cookie };
  }

  let companySeq = 0;
  /**
   * Signs up a new company (trial) and answers its admin's session. Pass `users` to raise the plan's
   * user limit through a dedicated plan.
   */
  async function newCompany(name = `Empresa ${++companySeq} ${crypto.randomUUID().slice(0, 6)}`) {
    const email = `admin.${crypto.randomUUID().slice(0, 8)}@test.local`;
    const password = "secret-123";
    const r = await call("POST", "/companies/cadastro", {
      body: { name, email, password, planId: 1, phone: "" },
      headers: { "x-forwarded-for": `10.1.0.${++ipCounter % 250}` },
    });
    if (r.status !== 201) throw new Error(`signup failed: ${r.status} ${r.text}`);
    const admin = await login(email, password);
    return { company: r.json, admin, email, password };
  }

  /** Creates a user in the admin's company and answers their session. */
  async function newUser(adminToken: string, fields: Record<string, unknown> = {}) {
    const email = `user.${crypto.randomUUID().slice(0, 8)}@test.local`;
    const password = "user-pass-1";
    const r = await call("POST", "/users", {
      token: adminToken,
      body: { name: "Agente Teste", email, password, profile: "user", ...fields },
    });
    if (r.status !== 201) throw new Error(`create user failed: ${r.status} ${r.text}`);
    const session = await login(email, password);
    return { ...session, id: r.json.id as number, email, password };
  }

  const superSession = () => login(SUPER_EMAIL, SUPER_PASSWORD);

  /** The published frames of one channel (narrowed to that channel's frame types), with their rooms. */
  function framesOf<C extends Channel>(channel: C): { rooms: string[]; frame: FrameOf<C> }[] {
    return events.filter((e): e is { rooms: string[]; frame: FrameOf<C> } => e.frame.channel === channel);
  }

  return { app, deps, db, config, dir, events, framesOf, call, login, newCompany, newUser, superSession, database: pg ? { url: pg.url } : null };
}

export type TestApp = Awaited<ReturnType<typeof makeTestApp>>;
