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

const CREDS = "creds";
/** SQLite caps bound parameters; stay well below it when reading many ids at once. */
const IN_CHUNK = 400;

const encode = (v: unknown) => JSON.stringify(v, BufferJSON.replacer);
const decode = (s: string) => JSON.parse(s, BufferJSON.reviver);

/** The auth state of one connection plus the calls that persist it. */
export interface ConnectionAuth {
  state: AuthenticationState;
  /** Persists the whole current `state.creds` (call on every `creds.update`). */
  saveCreds(): void;
  /** True when the saved creds belong to a linked device (not just a pending pairing). */
  isPaired(): boolean;
}

/** True when creds describe a linked device: `me` alone is also set by an abandoned pairing-code attempt. */
export function credsArePaired(c: AuthenticationCreds): boolean {
  return !!c.me?.id && !!c.account;
}

/**
 * Baileys auth state in the `wa_auth` table. Every `keys.set()` batch is one synchronous bun:sqlite
 * transaction (durable before it resolves); errors propagate so Baileys retries instead of losing keys.
 */
export class SqliteAuthStore {
  private readonly upsert;
  private readonly del;
  private readonly delAll;
  private readonly getCreds;
  private readonly writeBatch;

  constructor(private readonly db: Database) {
    this.upsert = db.prepare(
      "INSERT INTO wa_auth (connection_id, kind, key_id, value) VALUES (?, ?, ?, ?) " +
        "ON CONFLICT (connection_id, kind, key_id) DO UPDATE SET value = excluded.value",
    );
    this.del = db.prepare("DELETE FROM wa_auth WHERE connection_id = ? AND kind = ? AND key_id = ?");
    this.delAll = db.prepare("DELETE FROM wa_auth WHERE connection_id = ?");
    this.getCreds = db.prepare("SELECT value FROM wa_auth WHERE connection_id = ? AND kind = ? AND key_id = ''");
    this.writeBatch = db.transaction((connectionId: number, data: SignalDataSet) => {
      for (const [kind, entries] of Object.entries(data)) {
        if (!entries) continue;
        for (const [id, value] of Object.entries(entries)) {
          if (value === null || value === undefined) this.del.run(connectionId, kind, id);
          else this.upsert.run(connectionId, kind, id, encode(value));
        }
      }
    });
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
        const out: { [id: string]: SignalDataTypeMap[T] } = {};
        for (let i = 0; i < ids.length; i += IN_CHUNK) {
          const part = ids.slice(i, i + IN_CHUNK);
          const rows = db
            .query(`SELECT key_id, value FROM wa_auth WHERE connection_id = ? AND kind = ? AND key_id IN (${part.map(() => "?").join(",")})`)
            .all(connectionId, type, ...part) as { key_id: string; value: string }[];
          for (const r of rows) {
            let v = decode(r.value);
            if (type === "app-state-sync-key") v = proto.Message.AppStateSyncKeyData.create(v);
            out[r.key_id] = v;
          }
        }
        return out;
      },
      set: async (data: SignalDataSet) => {
        this.writeBatch(connectionId, data);
      },
      clear: async () => {
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
    this.db.transaction(() => this.delAll.run(connectionId))();
  }
}
