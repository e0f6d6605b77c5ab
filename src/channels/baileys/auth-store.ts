import type { Database } from "bun:sqlite";
import {
  type AuthenticationCreds,
  type AuthenticationState,
  BufferJSON,
  initAuthCreds,
  proto,
  type SignalDataSet,
  type SignalDataTypeMap,
  type SignalKeyStore,
} from "baileys";
import { log } from "../../lib/logger";

const CREDS = "creds";
/** SQLite caps bound parameters; stay well below it when reading many ids at once. */
const IN_CHUNK = 400;

/** A value as stored in `wa_auth.value` (BufferJSON text), and back. */
export const encode = (v: unknown) => JSON.stringify(v, BufferJSON.replacer);
export const decode = (s: string) => JSON.parse(s, BufferJSON.reviver);

/** One row to write: the value already encoded (null deletes). */
export interface KeyRow {
  connectionId: number;
  kind: string;
  id: string;
  value: string | null;
}

export interface AuthStoreOptions {
  /**
   * Signal session updates (one per message decrypted or encrypted) are written behind, batched
   * into one transaction at most this many ms later; 0 (default): every `keys.set()` commits before
   * it resolves. Reads see the pending values; every other key type (pre-keys, identities, LID
   * mappings, creds…) still commits at once, after the pending sessions, in the same transaction.
   * A crash loses at most this window of session updates: a receiving chain that goes back still
   * decrypts what follows; a sending chain that goes back is what Baileys' retry receipts repair.
   */
  deferSessionsMs?: number;
}

/** Key types whose writes may be deferred (see AuthStoreOptions). */
const DEFERRABLE = new Set(["session"]);
/** Pending rows past this count are written at once. */
export const MAX_PENDING = 1_000;

/** The auth state of one connection plus the calls that persist it. */
export interface ConnectionAuth {
  state: AuthenticationState;
  /** Persists the whole current `state.creds` (call on every `creds.update`); PostgreSQL's resolves once committed, never rejects (it logs). */
  saveCreds(): void | Promise<void>;
  /** True when the saved creds belong to a linked device (not just a pending pairing). */
  isPaired(): boolean;
}

/**
 * Where a connection's Baileys auth state lives: SqliteAuthStore (synchronous bun:sqlite) or PgAuthStore
 * (auth-store-pg.ts, asynchronous, writes of a connection in order). The runner awaits what may be asynchronous.
 */
export interface AuthStore {
  open(connectionId: number): ConnectionAuth | Promise<ConnectionAuth>;
  hasPairedCreds(connectionId: number): boolean | Promise<boolean>;
  dropUnpairedCreds(connectionId: number): void | Promise<void>;
  wipe(connectionId: number): void | Promise<void>;
  flush(): void | Promise<void>;
  /** Waits until every write of the connection made so far is committed (a stop: the process may end next). */
  drain(connectionId: number): void | Promise<void>;
}

/**
 * Splits one `keys.set()` batch into the rows written now and the deferred ones, every value encoded first
 * (a value that cannot be stored fails the whole batch before anything is written or queued).
 */
export function splitBatch(connectionId: number, data: SignalDataSet, deferMs: number): { now: KeyRow[]; later: KeyRow[] } {
  const now: KeyRow[] = [];
  const later: KeyRow[] = [];
  for (const [kind, entries] of Object.entries(data)) {
    if (!entries) continue;
    for (const [id, value] of Object.entries(entries)) {
      const row = { connectionId, kind, id, value: value === null || value === undefined ? null : encode(value) };
      (deferMs > 0 && DEFERRABLE.has(kind) ? later : now).push(row);
    }
  }
  return { now, later };
}

/** Decodes the rows read for `keys.get()`, then lays the deferred updates over them (a deferred update is newer than its row). */
export function keysFound<T extends keyof SignalDataTypeMap>(
  rows: { key_id: string; value: string }[],
  pending: Map<string, KeyRow>,
  connectionId: number,
  type: T,
  ids: string[],
): { [id: string]: SignalDataTypeMap[T] } {
  const out: { [id: string]: SignalDataTypeMap[T] } = {};
  for (const r of rows) {
    let v = decode(r.value);
    if (type === "app-state-sync-key") v = proto.Message.AppStateSyncKeyData.create(v);
    out[r.key_id] = v;
  }
  if (pending.size) {
    for (const id of ids) {
      const p = pending.get(pendingKey(connectionId, type, id));
      if (!p) continue;
      if (p.value === null) delete out[id];
      else out[id] = decode(p.value);
    }
  }
  return out;
}

/** True when creds describe a linked device: `me` alone is also set by an abandoned pairing-code attempt. */
export function credsArePaired(c: AuthenticationCreds): boolean {
  return !!c.me?.id && !!c.account;
}

/**
 * Baileys auth state in the `wa_auth` table. Every `keys.set()` batch is one synchronous bun:sqlite
 * transaction (durable before it resolves), except the Signal session updates when `deferSessionsMs`
 * is set (written behind, batched); errors propagate so Baileys retries instead of losing keys.
 */
export class SqliteAuthStore implements AuthStore {
  private readonly upsert;
  private readonly del;
  private readonly delAll;
  private readonly getCreds;
  private readonly writeRows;
  private readonly deferMs: number;
  /** Deferred rows by connection, kind and id (the latest value wins). */
  private readonly pending = new Map<string, KeyRow>();
  private flushTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly db: Database,
    opts: AuthStoreOptions = {},
  ) {
    this.deferMs = opts.deferSessionsMs ?? 0;
    this.upsert = db.prepare(
      "INSERT INTO wa_auth (connection_id, kind, key_id, value) VALUES (?, ?, ?, ?) " +
        "ON CONFLICT (connection_id, kind, key_id) DO UPDATE SET value = excluded.value",
    );
    this.del = db.prepare("DELETE FROM wa_auth WHERE connection_id = ? AND kind = ? AND key_id = ?");
    this.delAll = db.prepare("DELETE FROM wa_auth WHERE connection_id = ?");
    this.getCreds = db.prepare("SELECT value FROM wa_auth WHERE connection_id = ? AND kind = ? AND key_id = ''");
    this.writeRows = db.transaction((rows: Iterable<KeyRow>) => {
      for (const r of rows) {
        if (r.value === null) this.del.run(r.connectionId, r.kind, r.id);
        else this.upsert.run(r.connectionId, r.kind, r.id, r.value);
      }
    });
  }

  /**
   * One `keys.set()` batch: every value is encoded first (a value that cannot be stored fails the
   * whole batch before anything is written or queued); then one transaction, or the deferred rows queued.
   */
  private setBatch(connectionId: number, data: SignalDataSet) {
    const { now, later } = splitBatch(connectionId, data, this.deferMs);
    if (now.length) {
      // pending sessions first, so the batch lands after everything set before it
      this.writeRows(this.pending.size ? [...this.pending.values(), ...now] : now);
      this.pending.clear();
    }
    for (const r of later) this.pending.set(pendingKey(r.connectionId, r.kind, r.id), r);
    if (this.pending.size >= MAX_PENDING) this.flush();
    else if (this.pending.size && !this.flushTimer) {
      this.flushTimer = setTimeout(() => this.flush(), this.deferMs);
      this.flushTimer.unref?.();
    }
  }

  /** Writes the deferred key updates now (socket teardown, stop); on failure they stay queued and are retried. */
  flush(): void {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    if (!this.pending.size) return;
    try {
      this.writeRows([...this.pending.values()]);
      this.pending.clear();
    } catch (e) {
      log.error("WhatsApp key updates not written; retrying", { err: String(e), pending: this.pending.size });
      this.flushTimer = setTimeout(() => this.flush(), Math.max(this.deferMs, 1_000));
      this.flushTimer.unref?.();
    }
  }

  /** Every write is committed before its call returns; only the deferred sessions wait: written now. */
  drain(): void {
    this.flush();
  }

  /** Forgets the deferred rows of a connection (its keys are being cleared or wiped). */
  private dropPending(connectionId: number) {
    for (const [k, r] of this.pending) if (r.connectionId === connectionId) this.pending.delete(k);
  }

  /** The saved creds of a connection, or null. */
  readCreds(connectionId: number): AuthenticationCreds | null {
    const row = this.getCreds.get(connectionId, CREDS) as { value: string } | null;
    return row ? (decode(row.value) as AuthenticationCreds) : null;
  }

  /** Saves creds (the whole object). */
  writeCreds(connectionId: number, creds: AuthenticationCreds): void {
    this.upsert.run(connectionId, CREDS, "", encode(creds));
  }

  /** Signal keys of a connection, as Baileys' SignalKeyStore. */
  keys(connectionId: number): SignalKeyStore {
    const db = this.db;
    return {
      get: async <T extends keyof SignalDataTypeMap>(type: T, ids: string[]) => {
        const rows: { key_id: string; value: string }[] = [];
        for (let i = 0; i < ids.length; i += IN_CHUNK) {
          const part = ids.slice(i, i + IN_CHUNK);
          rows.push(
            ...(db
              .query(`SELECT key_id, value FROM wa_auth WHERE connection_id = ? AND kind = ? AND key_id IN (${part.map(() => "?").join(",")})`)
              .all(connectionId, type, ...part) as { key_id: string; value: string }[]),
          );
        }
        return keysFound(rows, this.pending, connectionId, type, ids);
      },
      set: async (data: SignalDataSet) => {
        this.setBatch(connectionId, data);
      },
      clear: async () => {
        this.dropPending(connectionId);
        // keeps the creds row: clearing keys alone is what Baileys asks for
        db.prepare("DELETE FROM wa_auth WHERE connection_id = ? AND kind <> ?").run(connectionId, CREDS);
      },
    };
  }

  /** Loads (or initialises) the auth state of a connection. Unpaired leftovers restart from fresh creds. */
  open(connectionId: number): ConnectionAuth {
    const saved = this.readCreds(connectionId);
    const creds = saved && credsArePaired(saved) ? saved : initAuthCreds();
    const state: AuthenticationState = { creds, keys: this.keys(connectionId) };
    return {
      state,
      saveCreds: () => this.writeCreds(connectionId, state.creds),
      isPaired: () => credsArePaired(state.creds),
    };
  }

  /** True when the connection has creds of a linked device. */
  hasPairedCreds(connectionId: number): boolean {
    const c = this.readCreds(connectionId);
    return !!c && credsArePaired(c);
  }

  /**
   * Deletes the creds row only when it does not describe a linked device (an expired QR or an
   * abandoned pairing code). A linked device's creds and keys are never touched here.
   */
  dropUnpairedCreds(connectionId: number): void {
    this.db.transaction(() => {
      const c = this.readCreds(connectionId);
      if (c && !credsArePaired(c)) this.del.run(connectionId, CREDS, "");
    })();
  }

  /** Deletes creds and every key of a connection in one transaction. */
  wipe(connectionId: number): void {
    this.dropPending(connectionId);
    this.db.transaction(() => this.delAll.run(connectionId))();
  }
}

/** The deferred rows' key: connection, kind and id. */
export const pendingKey = (connectionId: number, kind: string, id: string) => `${connectionId}\u0000${kind}\u0000${id}`;
