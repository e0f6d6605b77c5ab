import type { DbOrTx } from "../core/db";
import { gateOf } from "./sqlite-async";

/** What drizzle's prepared query on bun:sqlite offers: synchronous runs with placeholder values. */
interface SyncPrepared {
  // biome-ignore lint/suspicious/noExplicitAny: drizzle's placeholder values are untyped
  get(values?: Record<string, any>): unknown;
  // biome-ignore lint/suspicious/noExplicitAny: drizzle's placeholder values are untyped
  all(values?: Record<string, any>): unknown;
  // biome-ignore lint/suspicious/noExplicitAny: drizzle's placeholder values are untyped
  run(values?: Record<string, any>): unknown;
}

/** A prepared query as the services use it: awaited, like every other statement. */
export interface Prepared<Q extends SyncPrepared> {
  /** The first row (or undefined). */
  get(values?: Parameters<Q["get"]>[0]): Promise<ReturnType<Q["get"]>>;
  /** Every row. */
  all(values?: Parameters<Q["all"]>[0]): Promise<ReturnType<Q["all"]>>;
  /** Runs a write. */
  run(values?: Parameters<Q["run"]>[0]): Promise<ReturnType<Q["run"]>>;
}

const caches = new WeakMap<object, Map<string, unknown>>();

/**
 * A drizzle prepared query, built once per database handle and reused: the hot paths (the inbound
 * pipeline, the outbox) skip drizzle's query building on every call. Its runs are awaited and, through
 * `db`, wait while a transaction is open (src/db/sqlite-async.ts), like a query builder; inside a
 * transaction, prepare it on the transaction's handle.
 */
export function prepared<Q extends SyncPrepared>(db: DbOrTx, key: string, build: (db: DbOrTx) => Q): Prepared<Q> {
  if (db.engine === "pg") return preparedPg(db, key, build);
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  let q = cache.get(key) as Prepared<Q> | undefined;
  if (q === undefined) {
    q = gated(db, build(db));
    cache.set(key, q);
  }
  return q;
}

/** drizzle's prepared query on postgres.js: its text and parameters, and the connection (or transaction) it runs on. */
interface PgPrepared {
  client: unknown;
  execute(values?: Record<string, unknown>): Promise<unknown[]>;
}

/** PostgreSQL's prepared queries, per database (its dialect, which its transactions share) and key. */
const pgCaches = new WeakMap<object, Map<string, PgPrepared>>();

/**
 * PostgreSQL: a transaction's handle is new each time, so the query is built once per database and run on the
 * handle's own connection (drizzle's prepared query keeps only its text, parameters and that connection).
 */
function preparedPg<Q extends SyncPrepared>(db: DbOrTx, key: string, build: (db: DbOrTx) => Q): Prepared<Q> {
  const handle = db as unknown as { dialect: object; session: { client: unknown } };
  let cache = pgCaches.get(handle.dialect);
  if (!cache) {
    cache = new Map();
    pgCaches.set(handle.dialect, cache);
  }
  let built = cache.get(key);
  if (built === undefined) {
    built = build(db) as unknown as PgPrepared;
    cache.set(key, built);
  }
  const client = handle.session.client;
  const q: PgPrepared = built.client === client ? built : Object.assign(Object.create(built), { client });
  return {
    get: async (values) => (await q.execute(values))[0] as ReturnType<Q["get"]>,
    all: (values) => q.execute(values) as Promise<ReturnType<Q["all"]>>,
    run: (values) => q.execute(values) as Promise<ReturnType<Q["run"]>>,
  };
}

function gated<Q extends SyncPrepared>(db: object, q: Q): Prepared<Q> {
  const gate = gateOf(db);
  const run = <T>(fn: () => T): Promise<T> => {
    if (gate?.busy) return gate.free().then(() => run(fn));
    try {
      return Promise.resolve(fn());
    } catch (e) {
      return Promise.reject(e);
    }
  };
  return {
    get: (values) => run(() => q.get(values) as ReturnType<Q["get"]>),
    all: (values) => run(() => q.all(values) as ReturnType<Q["all"]>),
    run: (values) => run(() => q.run(values) as ReturnType<Q["run"]>),
  };
}

/** Whether a handle runs drizzle's prepared queries (bun:sqlite's handles and transactions; PostgreSQL's, built once per database). */
export const canPrepare = (db: DbOrTx): boolean => db.engine === "pg" || "sqlite" in db;
