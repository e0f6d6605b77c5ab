/**
 * Several nodes on one PostgreSQL must share their secrets (README, Several nodes): the first node records a
 * fingerprint of each (never the secret); a node started with other values (or none: its own generated ones) refuses
 * to boot in one line naming the variables to copy, and a node with the same values serves.
 */
import { afterAll, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { NODE_SECRETS } from "../support/node-secrets";
import { createTestDatabase } from "../support/postgres";
import { balcaoEnv, listening, runBalcao, spawnBalcao } from "./processes";

setDefaultTimeout(60_000);

const dirs: string[] = [];
const folder = () => {
  const d = mkdtempSync(join(tmpdir(), "balcao-secrets-"));
  dirs.push(d);
  return d;
};
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const SHARED = NODE_SECRETS;

test("a node whose secrets differ from the first node's refuses to boot naming them; one with the same secrets serves", async () => {
  const db = await createTestDatabase({ migrated: false });
  cleanups.push(db.drop);
  const first = spawnBalcao(["src/main.ts"], balcaoEnv(folder(), { DATABASE_URL: db.url, ...SHARED }));
  await listening(first, 45_000);
  await first.kill("SIGTERM");

  // Only fingerprints are recorded.
  const sql = postgres(db.url, { max: 1, onnotice: () => {} });
  cleanups.unshift(() => sql.end());
  const rows = await sql<{ name: string; fingerprint: string }[]>`select name, fingerprint from cluster_secrets order by name`;
  expect(rows.map((r) => r.name)).toEqual(["ENCRYPTION_KEY", "JWT_REFRESH_SECRET", "JWT_SECRET", "VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY"]);
  for (const r of rows) {
    expect(r.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    for (const secret of Object.values(SHARED)) expect(r.fingerprint).not.toContain(secret);
  }

  // Its own generated secrets (nothing set): every shared one differs.
  const alone = await runBalcao(["src/main.ts"], balcaoEnv(folder(), { DATABASE_URL: db.url }), [], 45_000);
  expect(alone.code).toBe(1);
  expect(alone.stderr).toContain(
    "Balcão cannot start: this node's JWT_SECRET, JWT_REFRESH_SECRET, ENCRYPTION_KEY, VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY differ from those of the nodes already serving this database",
  );
  expect(alone.stderr).not.toMatch(/^\s+at /m);
  expect(alone.output).not.toContain("balcao listening");

  // One variable off: only it is named.
  const oneOff = await runBalcao(
    ["src/main.ts"],
    balcaoEnv(folder(), { DATABASE_URL: db.url, ...SHARED, ENCRYPTION_KEY: "another-encryption-key-0123456789abcdef" }),
    [],
    45_000,
  );
  expect(oneOff.code).toBe(1);
  expect(oneOff.stderr).toContain("this node's ENCRYPTION_KEY differs from those");

  // The same values: it serves.
  const same = spawnBalcao(["src/main.ts"], balcaoEnv(folder(), { DATABASE_URL: db.url, ...SHARED }));
  await listening(same, 45_000);
  await same.kill("SIGTERM");
});
