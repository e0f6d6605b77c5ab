/**
 * The Baileys channel: factory, test overrides (NODE_ENV=test only) and the logger bridge.
 */
import { WA_CERT_DETAILS } from "baileys";
import type { ILogger } from "baileys/lib/Utils/logger";
import { log } from "../../lib/logger";
import type { ChannelFactory } from "../../core/channel";
import type { Database } from "bun:sqlite";
import type { DB } from "../../core/db";
import { pgClientOf } from "../../db/pg-client";
import { type AuthStore, SqliteAuthStore } from "./auth-store";
import { PgAuthStore } from "./auth-store-pg";
import type { FenceBook } from "../../db/leases";
import { type BaileysDeps, BaileysRunner } from "./runner";

export { SqliteAuthStore } from "./auth-store";
export { PgAuthStore } from "./auth-store-pg";
export { type BaileysDeps, BaileysRunner, type BaileysTiming } from "./runner";

const isTestEnv = () => process.env.NODE_ENV === "test";
/**
 * Signal session updates could be written behind in batches (`deferSessionsMs`), but are not: the gain
 * was within the noise of bench/inbound-baileys.ts, and a session write lost in a crash turns the ratchet
 * back, which is a known cause of "Bad MAC" (BAILEYS.md §4). Every key write commits before Baileys goes on.
 */
const SESSION_WRITE_BEHIND_MS = 0;

/**
 * Replaces WhatsApp's certificate root with a test key (hex of 32 bytes) on the module instance the
 * sockets use. Refused outside NODE_ENV=test. Returns the previous key so tests can restore it.
 */
export function applyTestRootKey(hex: string): Buffer {
  if (!isTestEnv()) throw new Error("WA_TEST_ROOT_KEY is honoured only when NODE_ENV=test");
  const key = Buffer.from(hex, "hex");
  if (key.length !== 32) throw new Error("WA_TEST_ROOT_KEY must be 32 bytes of hex");
  const previous = WA_CERT_DETAILS.PUBLIC_KEY;
  WA_CERT_DETAILS.PUBLIC_KEY = key as typeof WA_CERT_DETAILS.PUBLIC_KEY;
  return previous;
}

/** Settings the app's config provides (already blanked outside NODE_ENV=test by src/config.ts). */
export interface BaileysChannelConfig {
  waWsUrl?: string;
  waTestRootKey?: string;
  /** Several nodes on PostgreSQL: the fencing tokens of the sessions this node runs (every write carries its own). */
  fences?: FenceBook;
}

/** The auth store of a database: PostgreSQL's (asynchronous) or SQLite's (a house DB, or a raw bun:sqlite handle). */
export function authStoreFor(db: DB | Database, fences?: FenceBook): AuthStore {
  const opts = { deferSessionsMs: SESSION_WRITE_BEHIND_MS };
  if ("engine" in db && db.engine === "pg") return new PgAuthStore(pgClientOf(db), opts, fences);
  return new SqliteAuthStore("engine" in db ? db.sqlite : db, opts);
}

/**
 * Builds the "baileys" channel factory. `db` holds `wa_auth`: the house database (either engine) or a bun:sqlite handle.
 * The ws URL and root key overrides apply only under NODE_ENV=test (checked again here).
 */
export function createBaileysFactory(db: DB | Database, config: BaileysChannelConfig = {}, overrides: Partial<BaileysDeps> = {}): ChannelFactory {
  const test = isTestEnv();
  if (test && config.waTestRootKey) applyTestRootKey(config.waTestRootKey);
  const deps: BaileysDeps = {
    store: authStoreFor(db, config.fences),
    wsUrl: test ? config.waWsUrl : undefined,
    ...overrides,
  };
  if (!test && overrides.wsUrl) throw new Error("a WhatsApp URL override is honoured only when NODE_ENV=test");
  return ({ connectionId, companyId, events, loadRaw }) =>
    new BaileysRunner({ connectionId, companyId, events, loadRaw }, { ...deps, logger: deps.logger ?? baileysLogger(connectionId) });
}

/** Bridges Baileys' pino-style calls to the app logger: warnings and errors only, no payload dumps. */
export function baileysLogger(connectionId: number, bindings: Record<string, unknown> = {}): ILogger {
  const fields = (obj: unknown) => {
    const o = (obj && typeof obj === "object" ? obj : {}) as Record<string, unknown>;
    const err = o.err ?? o.error ?? o.trace;
    return { connectionId, ...bindings, ...(err ? { err: String(err).slice(0, 500) } : {}) };
  };
  const text = (obj: unknown, msg?: string) => msg ?? (typeof obj === "string" ? obj : "baileys");
  const l: ILogger = {
    level: "warn",
    child: (b) => baileysLogger(connectionId, { ...bindings, ...pick(b) }),
    trace: () => {},
    debug: () => {},
    info: () => {},
    warn: (obj, msg) => log.warn(text(obj, msg), fields(obj)),
    error: (obj, msg) => log.error(text(obj, msg), fields(obj)),
  };
  return l;
}

function pick(b: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(b)) if (typeof v === "string" || typeof v === "number") out[k] = v;
  return out;
}
