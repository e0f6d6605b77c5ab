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

function gated<Q extends SyncPrepared>(db: object, q: Q): Prepared<Q> {
  // PostgreSQL (drizzle-orm/postgres-js): one asynchronous `execute` answers the rows.
  const pg = q as unknown as { execute?: (v?: Record<string, unknown>) => Promise<unknown[]>; get?: unknown };
  if (typeof pg.execute === "function" && pg.get === undefined) {
    const execute = pg.execute.bind(q);
    return {
      get: async (values) => (await execute(values))[0] as ReturnType<Q["get"]>,
      all: (values) => execute(values) as Promise<ReturnType<Q["all"]>>,
      run: (values) => execute(values) as Promise<ReturnType<Q["run"]>>,
    };
  }
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

/** Whether a handle runs drizzle's prepared queries (bun:sqlite's handles, the transaction's too). */
export const canPrepare = (db: DbOrTx): boolean => "sqlite" in db;
