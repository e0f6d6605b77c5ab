import type { DB } from "../core/db";

const caches = new WeakMap<DB, Map<string, unknown>>();

/**
 * A drizzle prepared query, built once per database and reused: the hot paths (the inbound
 * pipeline, the outbox) skip drizzle's query building on every call. bun:sqlite runs one
 * connection, so a prepared query of `db` also runs inside `db.transaction(...)`.
 */
export function prepared<T>(db: DB, key: string, build: (db: DB) => T): T {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  let q = cache.get(key) as T | undefined;
  if (q === undefined) {
    q = build(db);
    cache.set(key, q);
  }
  return q;
}
