/**
 * Databases for tests on the private PostgreSQL cluster (tests/support/pg-cluster.ts): `withPostgres()` gives a test
 * file a database of its own, migrated (a copy of the template) or empty, created before its tests and dropped after.
 */
import { afterAll, beforeAll } from "bun:test";
import postgres from "postgres";
import { openPostgres, type PgDB } from "../../src/db/pg-client";
import { ensureTemplate, testCluster } from "./pg-cluster";

export { findPostgres, SHARED_CLUSTER_ENV, startCluster, testCluster } from "./pg-cluster";

let counter = 0;

/** A new database of its own: migrated (a copy of the template) unless `migrated: false` (empty). */
export async function createTestDatabase(opts: { migrated?: boolean } = {}): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const c = await testCluster();
  const admin = postgres(c.adminUrl, { max: 1, onnotice: () => {} });
  try {
    const name = `balcao_test_${process.pid}_${Date.now().toString(36)}_${++counter}`;
    if (opts.migrated === false) await admin.unsafe(`CREATE DATABASE "${name}"`);
    else {
      const template = await ensureTemplate(admin, c.urlFor);
      for (let attempt = 0; ; attempt++) {
        try {
          await admin.unsafe(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
          break;
        } catch (e) {
          // Another process copying the same template at this very moment: wait and try again.
          if (attempt >= 20 || !/being accessed by other users/.test(String(e))) throw e;
          await Bun.sleep(50 + Math.random() * 100);
        }
      }
    }
    return {
      name,
      url: c.urlFor(name),
      drop: async () => {
        const a = postgres(c.adminUrl, { max: 1, onnotice: () => {} });
        try {
          await a.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        } finally {
          await a.end();
        }
      },
    };
  } finally {
    await admin.end();
  }
}

/** What withPostgres gives a test file once its database is ready. */
export interface TestPostgres {
  url: string;
  db: PgDB;
  sql: postgres.Sql;
}

/**
 * A database of the test file's own on the test cluster, migrated (or empty with `migrated: false`), opened with the
 * app's client (openPostgres); created before the file's tests and dropped after them. Read its fields inside tests.
 */
export function withPostgres(opts: { migrated?: boolean } = {}): TestPostgres {
  const handle = {} as TestPostgres;
  let drop: (() => Promise<void>) | null = null;
  beforeAll(async () => {
    const created = await createTestDatabase(opts);
    drop = created.drop;
    const db = openPostgres(created.url, { max: 4 });
    Object.assign(handle, { url: created.url, db, sql: db.$client });
  }, 120_000);
  afterAll(async () => {
    await handle.sql?.end({ timeout: 5 });
    await drop?.();
  });
  return handle;
}
