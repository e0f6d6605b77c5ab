/**
 * One server per PostgreSQL database, until several nodes can share one (leases for WhatsApp sessions: issue 25).
 * Two servers on one database would each run every WhatsApp session on the same credentials, which corrupts the
 * Signal keys, so a server serving from PostgreSQL holds a session-level advisory lock on a connection of its own for
 * as long as it runs, as `data/instance.lock` holds the data folder: a second server stops at boot with one line.
 * PostgreSQL lets go of the lock when the holder's session ends however it ends (stop, kill -9, a lost machine after
 * the TCP keepalives below), so a restarted or replacement server starts at once.
 */
import postgres from "postgres";
import { log } from "../lib/logger";
import { redactUrl } from "./pg-client";

/** The key of the lock ("serv"; Balcão's other advisory locks use other keys). */
export const SERVER_LOCK_KEY = 0x73657276;

/** Another server serves from the database; the message says what to do. */
export class DatabaseBusyError extends Error {}

/** A held database: release it at shutdown (the session's end releases it too). */
export interface ServerLock {
  release(): Promise<void>;
}

/**
 * Takes the database for this server or throws DatabaseBusyError. `onLost` runs when the lock's connection dies
 * and the lock cannot be taken back (another server may hold it now): the caller stops serving.
 */
export async function holdDatabase(url: string, onLost: () => void): Promise<ServerLock> {
  let released = false;
  const sql = postgres(url, {
    max: 1,
    // The lock lives in this session: never recycle it.
    max_lifetime: null,
    idle_timeout: 0,
    onnotice: () => {},
    connection: {
      application_name: "balcao-server-lock",
      tcp_keepalives_idle: 10,
      tcp_keepalives_interval: 5,
      tcp_keepalives_count: 3,
    } as Partial<postgres.ConnectionParameters>,
    onclose: () => {
      if (!released) void retake();
    },
  });
  const take = async () => (await sql`select pg_try_advisory_lock(${SERVER_LOCK_KEY}) as ok`)[0]?.ok === true;
  const retake = async () => {
    // The connection dropped, and the lock with it: take it back on a new session, or stop.
    try {
      if (await take()) return log.warn("database lock taken back after a lost connection");
    } catch (e) {
      log.error("database lock lost and PostgreSQL cannot be reached", { err: String(e) });
    }
    if (!released) onLost();
  };
  if (!(await take())) {
    await sql.end({ timeout: 1 });
    throw new DatabaseBusyError(
      `another Balcão server is already serving from ${redactUrl(url)}: this version runs one server per database (stop the other one, or give this one its own DATABASE_URL)`,
    );
  }
  return {
    release: async () => {
      released = true;
      await sql.end({ timeout: 2 });
    },
  };
}
