/**
 * The house database of a configuration: SQLite (`app.db` in the data folder) by default, PostgreSQL when
 * DATABASE_URL names one. What opens it also closes it: the bun:sqlite handle, or the postgres.js pool.
 */
import type { DB } from "../core/db";
import { openDatabase } from "./client";
import { openPostgresDb, pgClientOf, redactUrl } from "./pg-client";

/** Connections the server's pool keeps at most (postgres.js opens them as requests need them). */
const POOL_MAX = 10;
/** How long a boot waits for PostgreSQL to answer before saying it cannot be reached. */
const CONNECT_TIMEOUT_S = 10;

/** PostgreSQL could not be reached or refused us: the message names the server without its password. */
export class DatabaseUnreachableError extends Error {}

/**
 * Opens PostgreSQL and checks that it answers (`select 1`), so a wrong URL, a server that is down or a refused
 * password stops the boot with one line, not at the first request. The password never appears in the message.
 */
export async function openPostgresChecked(url: string, opts: { max?: number } = {}): Promise<DB> {
  const db = openPostgresDb(url, { max: opts.max ?? POOL_MAX, connectTimeout: CONNECT_TIMEOUT_S });
  try {
    await db.$client`select 1`;
  } catch (e) {
    await db.$client.end({ timeout: 1 }).catch(() => {});
    const password = safePassword(url);
    const reason = String((e as Error)?.message ?? e);
    throw new DatabaseUnreachableError(
      `PostgreSQL at ${redactUrl(url)} cannot be used: ${password ? reason.replaceAll(password, "***") : reason} (check DATABASE_URL: host, port, user, password, database)`,
    );
  }
  return db;
}

/** The password of a URL, decoded (to keep it out of messages), or "". */
function safePassword(url: string): string {
  try {
    return decodeURIComponent(new URL(url).password);
  } catch {
    return "";
  }
}

/** Opens the database the configuration names: PostgreSQL (checked) when `databaseUrl` is set, else SQLite. */
export async function openConfigured(config: { dbPath: string; databaseUrl?: string }): Promise<DB> {
  return config.databaseUrl ? await openPostgresChecked(config.databaseUrl) : openDatabase(config.dbPath);
}

/** Closes a database opened here: ends PostgreSQL's pool (waiting up to 5 s for running statements) or closes SQLite. */
export async function closeDatabase(db: DB): Promise<void> {
  if (db.engine === "pg") await pgClientOf(db).end({ timeout: 5 });
  else db.sqlite.close();
}
