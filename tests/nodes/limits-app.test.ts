/**
 * Shared limits across nodes (issue 25): two app instances (two nodes' Deps) on one PostgreSQL database count
 * sign-in failures, sign-ups and send-API calls in one budget (cluster/limiter-pg.ts through createLimiters).
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildApp, createDeps } from "../../src/app";
import { loadConfig } from "../../src/config";
import { openPostgresDb } from "../../src/db/pg-client";
import { seed } from "../../src/ops/seed";
import { SUPER_EMAIL, SUPER_PASSWORD } from "../helpers/app";
import { createTestDatabase } from "../support/postgres";

type Node = { handle(r: Request): Promise<Response>; close(): Promise<void> };
const nodes: Node[] = [];
let drop: () => Promise<void> = async () => {};

beforeAll(async () => {
  const database = await createTestDatabase();
  drop = database.drop;
  for (let i = 0; i < 2; i++) {
    const dir = mkdtempSync(join(tmpdir(), "balcao-node-"));
    const config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: dir,
      ADMIN_EMAIL: SUPER_EMAIL,
      ADMIN_PASSWORD: SUPER_PASSWORD,
      LOG_LEVEL: "silent",
      TRUST_PROXY: "true",
    });
    const db = openPostgresDb(database.url, { max: 2 });
    if (i === 0) await seed(db, config);
    const deps = createDeps(db, config);
    const app = buildApp(deps);
    nodes.push({
      handle: (r) => app.handle(r),
      close: async () => {
        deps.notifier.stop();
        await db.$client.end();
        rmSync(dir, { recursive: true, force: true });
      },
    });
  }
}, 120_000);
afterAll(async () => {
  for (const n of nodes) await n.close();
  await drop();
});

const login = (node: Node, password: string, ip: string) =>
  node.handle(
    new Request("http://localhost/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", "x-forwarded-for": ip },
      body: JSON.stringify({ email: SUPER_EMAIL, password }),
    }),
  );

test("wrong passwords tried on one node count on the other: the sixth from one address is refused on either", async () => {
  const ip = "10.9.0.1";
  const codes: number[] = [];
  for (let i = 0; i < 5; i++) codes.push((await login(nodes[i % 2], "wrong-password", ip)).status);
  expect(codes).toEqual([401, 401, 401, 401, 401]);
  const sixth = await login(nodes[1], SUPER_PASSWORD, ip);
  expect(sixth.status).toBe(429);
  expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(0);
  // another address is not held back by this one's failures (the account's own ceiling is 20)
  expect((await login(nodes[0], SUPER_PASSWORD, "10.9.0.2")).status).toBe(200);
});

test("parallel sign-ups from one address on both nodes never pass the budget of 20 an hour", async () => {
  const ip = "10.9.1.1";
  const signup = (node: Node, i: number) =>
    node.handle(
      new Request("http://localhost/companies/cadastro", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json", "x-forwarded-for": ip },
        body: JSON.stringify({ name: `Empresa ${i}`, email: `dono${i}@nodes.local`, password: "secret-123", planId: 1, phone: "" }),
      }),
    );
  const codes = await Promise.all(Array.from({ length: 30 }, (_, i) => signup(nodes[i % 2], i).then((r) => r.status)));
  expect(codes.filter((c) => c === 201).length).toBe(20);
  expect(codes.filter((c) => c === 429).length).toBe(10);
});
