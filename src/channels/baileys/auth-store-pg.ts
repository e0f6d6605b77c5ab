import { type AuthenticationCreds, type AuthenticationState, initAuthCreds, type SignalDataSet, type SignalDataTypeMap, type SignalKeyStore } from "baileys";
import type postgres from "postgres";
import { log } from "../../lib/logger";
import type { FenceBook } from "../../db/leases";
import { FencedOutError, fencedTransaction } from "../../db/leases-pg";
import {
  type AuthStore,
  type AuthStoreOptions,
  type ConnectionAuth,
  credsArePaired,
  decode,
  encode,
  type KeyRow,
  keysFound,
  MAX_PENDING,
  pendingKey,
  splitBatch,
} from "./auth-store";

const CREDS = "creds";

/**
 * Baileys auth state in the `wa_auth` table on PostgreSQL, with SqliteAuthStore's semantics made asynchronous:
 * every `keys.set()` batch is one transaction, committed before the promise Baileys awaits resolves (errors
 * reach Baileys, which retries instead of losing keys); Signal session updates may be written behind in batches
 * (`deferSessionsMs`, as on SQLite). SQLite's writes are synchronous, so they land in the order they were made;
 * here each connection's writes (key batches, creds, wipes) go through one queue of its own, so they land in that
 * same order, and every read of a connection waits for its queued writes first (it sees what was written before it).
 * The transactions take no write lock of the house database (src/db/pg-client.ts): they touch only this
 * connection's `wa_auth` rows, and no check-then-write of another service reads them. With a `fences` book (several
 * nodes: the session runs under a lease), every write of a connection this node runs carries the lease's fencing
 * token (`fencedTransaction`): once another node took the session over, the write is refused (FencedOutError) and
 * the book hears of it, so the node stops that session; deferred rows of a fenced connection are dropped, not retried.
 */
export class PgAuthStore implements AuthStore {
  private readonly deferMs: number;
  /** Deferred rows by connection, kind and id (the latest value wins). */
  private readonly pending = new Map<string, KeyRow>();
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  /** The last queued write of each connection: the next one starts after it. */
  private readonly tails = new Map<number, Promise<unknown>>();

  constructor(
    private readonly sql: postgres.Sql,
    opts: AuthStoreOptions = {},
    private readonly fences?: FenceBook,
  ) {
    this.deferMs = opts.deferSessionsMs ?? 0;
  }

  /** A write transaction of one connection: fenced when it runs here under a lease, refused when that lease is gone. */
  private async begin(connectionId: number, write: (tx: postgres.TransactionSql) => Promise<unknown>): Promise<void> {
    const token = this.fences?.tokenOf(connectionId) ?? null;
    try {
      if (token === "revoked") throw new FencedOutError(connectionId, -1);
      if (token === null) await this.sql.begin(write);
      else await fencedTransaction(this.sql, connectionId, token, write);
    } catch (e) {
      if (e instanceof FencedOutError) {
        this.dropPending(connectionId);
        this.fences?.onFenced(connectionId);
      }
      throw e;
    }
  }

  /** Runs `write` after every write queued for the connection before it; answers its outcome. */
  private queue<T>(connectionId: number, write: () => Promise<T>): Promise<T> {
    const run = (this.tails.get(connectionId) ?? Promise.resolve()).then(write);
    const tail = run.catch(() => {});
    this.tails.set(connectionId, tail);
    // The map forgets a connection once its queue is empty.
    void tail.then(() => {
      if (this.tails.get(connectionId) === tail) this.tails.delete(connectionId);
    });
    return run;
  }

  /** Waits for the connection's queued writes (their failures are reported to whoever queued them). */
  private settled(connectionId: number): Promise<unknown> {
    return this.tails.get(connectionId) ?? Promise.resolve();
  }

  /** Writes rows in one transaction: upserts, and deletes for null values. */
  private async writeRows(rows: KeyRow[]): Promise<void> {
    if (!rows.length) return;
    await this.begin(rows[0].connectionId, async (tx) => {
      for (const r of rows) {
        if (r.value === null) await tx`DELETE FROM wa_auth WHERE connection_id = ${r.connectionId} AND kind = ${r.kind} AND key_id = ${r.id}`;
        else
          await tx`INSERT INTO wa_auth (connection_id, kind, key_id, value) VALUES (${r.connectionId}, ${r.kind}, ${r.id}, ${r.value})
            ON CONFLICT (connection_id, kind, key_id) DO UPDATE SET value = excluded.value`;
      }
    });
  }

  /** One `keys.set()` batch: the deferred sessions first (the batch lands after them), then the batch, in one transaction. */
  private async setBatch(connectionId: number, data: SignalDataSet): Promise<void> {
    const { now, later } = splitBatch(connectionId, data, this.deferMs);
    if (now.length) {
      // This connection's deferred rows go first (a transaction, and its fence, is one connection's).
      const mine = this.pending.size ? [...this.pending].filter(([, r]) => r.connectionId === connectionId) : [];
      for (const [k] of mine) this.pending.delete(k);
      const rows = mine.length ? [...mine.map(([, r]) => r), ...now] : now;
      try {
        await this.queue(connectionId, () => this.writeRows(rows));
      } catch (e) {
        // the deferred rows taken along go back in the queue (unless newer ones replaced them meanwhile, or the fence refused them)
        if (!(e instanceof FencedOutError))
          for (const r of rows.slice(0, rows.length - now.length)) {
            const k = pendingKey(r.connectionId, r.kind, r.id);
            if (!this.pending.has(k)) this.pending.set(k, r);
          }
        throw e;
      }
    }
    for (const r of later) this.pending.set(pendingKey(r.connectionId, r.kind, r.id), r);
    if (this.pending.size >= MAX_PENDING) await this.flush();
    else if (this.pending.size && !this.flushTimer) {
      this.flushTimer = setTimeout(() => void this.flush(), this.deferMs);
      this.flushTimer.unref?.();
    }
  }

  /** Writes the deferred key updates now (socket teardown, stop); on failure they stay queued and are retried. */
  async flush(): Promise<void> {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    if (!this.pending.size) return;
    const rows = [...this.pending.values()];
    this.pending.clear();
    const byConnection = new Map<number, KeyRow[]>();
    for (const r of rows) byConnection.set(r.connectionId, [...(byConnection.get(r.connectionId) ?? []), r]);
    const failed = (
      await Promise.all(
        [...byConnection].map(([id, part]) =>
          this.queue(id, () => this.writeRows(part)).then(
            (): { part: KeyRow[]; e: unknown }[] => [],
            (e) => (e instanceof FencedOutError ? [] : [{ part, e }]),
          ),
        ),
      )
    ).flat();
    if (failed.length) {
      // Rows of a connection fenced out are not retried: another node owns that session now.
      for (const r of failed.flatMap((f) => f.part)) {
        const k = pendingKey(r.connectionId, r.kind, r.id);
        if (!this.pending.has(k)) this.pending.set(k, r);
      }
      log.error("WhatsApp key updates not written; retrying", { err: String(failed[0].e), pending: this.pending.size });
      this.flushTimer = setTimeout(() => void this.flush(), Math.max(this.deferMs, 1_000));
      this.flushTimer.unref?.();
    }
  }

  /** Writes the deferred updates and waits for the connection's queued writes (their failures were reported to their callers). */
  async drain(connectionId: number): Promise<void> {
    await this.flush();
    await this.settled(connectionId);
  }

  private dropPending(connectionId: number) {
    for (const [k, r] of this.pending) if (r.connectionId === connectionId) this.pending.delete(k);
  }

  /** The saved creds of a connection (after its queued writes), or null. */
  async readCreds(connectionId: number): Promise<AuthenticationCreds | null> {
    await this.settled(connectionId);
    const [row] = await this.sql<{ value: string }[]>`SELECT value FROM wa_auth WHERE connection_id = ${connectionId} AND kind = ${CREDS} AND key_id = ''`;
    return row ? (decode(row.value) as AuthenticationCreds) : null;
  }

  /** Saves creds (the whole object, encoded now: later changes to it are the next save's). */
  writeCreds(connectionId: number, creds: AuthenticationCreds): Promise<void> {
    const value = encode(creds);
    return this.queue(connectionId, () => this.writeRows([{ connectionId, kind: CREDS, id: "", value }]));
  }

  /** Signal keys of a connection, as Baileys' SignalKeyStore. */
  keys(connectionId: number): SignalKeyStore {
    return {
      get: async <T extends keyof SignalDataTypeMap>(type: T, ids: string[]) => {
        await this.settled(connectionId);
        const rows = ids.length
          ? await this.sql<{ key_id: string; value: string }[]>`SELECT key_id, value FROM wa_auth
              WHERE connection_id = ${connectionId} AND kind = ${type} AND key_id = ANY(${this.sql.array(ids)}::text[])`
          : [];
        return keysFound(rows, this.pending, connectionId, type, ids);
      },
      set: (data: SignalDataSet) => this.setBatch(connectionId, data),
      clear: async () => {
        this.dropPending(connectionId);
        // keeps the creds row: clearing keys alone is what Baileys asks for
        await this.queue(connectionId, () =>
          this.begin(connectionId, (tx) => tx`DELETE FROM wa_auth WHERE connection_id = ${connectionId} AND kind <> ${CREDS}`),
        );
      },
    };
  }

  /** Loads (or initialises) the auth state of a connection. Unpaired leftovers restart from fresh creds. */
  async open(connectionId: number): Promise<ConnectionAuth> {
    const saved = await this.readCreds(connectionId);
    const creds = saved && credsArePaired(saved) ? saved : initAuthCreds();
    const state: AuthenticationState = { creds, keys: this.keys(connectionId) };
    return {
      state,
      // Called from Baileys' event handler, which does not wait: a failure is logged (the next creds.update saves them again).
      saveCreds: () => this.writeCreds(connectionId, state.creds).catch((e) => log.error("WhatsApp credentials not saved", { connectionId, err: String(e) })),
      isPaired: () => credsArePaired(state.creds),
    };
  }

  /** True when the connection has creds of a linked device. */
  async hasPairedCreds(connectionId: number): Promise<boolean> {
    const c = await this.readCreds(connectionId);
    return !!c && credsArePaired(c);
  }

  /** Deletes the creds row only when it does not describe a linked device (an expired QR, an abandoned pairing code). */
  dropUnpairedCreds(connectionId: number): Promise<void> {
    return this.queue(connectionId, async () => {
      await this.begin(connectionId, async (tx) => {
        const [row] = await tx<{ value: string }[]>`SELECT value FROM wa_auth WHERE connection_id = ${connectionId} AND kind = ${CREDS} AND key_id = ''`;
        if (row && !credsArePaired(decode(row.value))) await tx`DELETE FROM wa_auth WHERE connection_id = ${connectionId} AND kind = ${CREDS} AND key_id = ''`;
      });
    }).catch((e) => log.error("unlinked WhatsApp credentials not removed", { connectionId, err: String(e) }));
  }

  /** Deletes creds and every key of a connection in one statement. */
  wipe(connectionId: number): Promise<void> {
    this.dropPending(connectionId);
    return this.queue(connectionId, () => this.begin(connectionId, (tx) => tx`DELETE FROM wa_auth WHERE connection_id = ${connectionId}`)).catch((e) =>
      log.error("WhatsApp credentials not removed", { connectionId, err: String(e) }),
    );
  }
}
