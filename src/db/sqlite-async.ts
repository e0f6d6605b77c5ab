import type { Database } from "bun:sqlite";
import { AsyncLocalStorage } from "node:async_hooks";
import { QueryPromise } from "drizzle-orm";
import { SQLiteSelectBase } from "drizzle-orm/sqlite-core";

/**
 * Transactions that may `await` on bun:sqlite. bun:sqlite is synchronous and has one connection: drizzle's own
 * `transaction` commits as soon as the callback returns, so an async callback would run its later statements
 * outside the transaction, and any other request's statement issued while it awaits would land inside it.
 *
 * Here the database has two drizzle handles over the one connection: `db`, which everything uses, and the
 * transaction handle that `db.transaction(fn)` passes to `fn`. A transaction holds the gate from BEGIN IMMEDIATE
 * to COMMIT; a statement through `db` that is awaited while the gate is held waits for it (so it neither sees
 * uncommitted rows nor joins a transaction that may roll back), and statements through the transaction handle
 * run at once. Transactions therefore run one at a time, as SQLite's single writer does anyway. Nested
 * `tx.transaction(fn)` is a savepoint. On PostgreSQL drizzle's own transactions do all this (src/db/engine.ts).
 */

const GATE = Symbol.for("balcao.db.gate");

/** A statement through `db` that waited this long for a transaction was most likely issued inside it (deadlock). */
export const GATE_WAIT_LIMIT_MS = 15_000;

/** The transaction whose callback is running (a token per transaction): to tell a statement issued inside it. */
const scope = new AsyncLocalStorage<object>();

/**
 * Whether transactions run their callback in `scope`, so that a statement through `db` issued inside its own
 * transaction fails at once: under `bun test` (NODE_ENV=test) or BALCAO_CHECK_TX=1. Off otherwise: a store set
 * around every transaction costs the inbound path ~20 % of its CPU (measured: 226 → 275 µs per message); such a
 * statement then fails after GATE_WAIT_LIMIT_MS with the same message.
 */
const CHECK_INSIDE = process.env.NODE_ENV === "test" || process.env.BALCAO_CHECK_TX === "1";

/** One transaction at a time; statements through `db` wait while one is open. */
export class Gate {
  private held = false;
  private waiters: (() => void)[] = [];
  /** The open transaction's token. */
  owner: object | null = null;

  /** Whether a transaction is open. */
  get busy() {
    return this.held;
  }

  /** Resolves once the gate is taken by the caller. */
  async acquire(): Promise<void> {
    while (this.held) await this.free();
    this.held = true;
  }

  /** Lets the next waiter in. */
  release() {
    this.held = false;
    this.owner = null;
    const waiting = this.waiters;
    this.waiters = [];
    for (const wake of waiting) wake();
  }

  /**
   * Resolves when no transaction is open (check again: another may have started by then). Rejects at once
   * when the caller runs inside the open transaction: its statement through `db` would wait for itself.
   */
  free(limitMs = GATE_WAIT_LIMIT_MS): Promise<void> {
    if (!this.held) return Promise.resolve();
    if (this.owner && scope.getStore() === this.owner) {
      return Promise.reject(new Error("a statement through db inside db.transaction(): use the transaction's handle (tx)"));
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== wake);
        reject(new Error(`a statement waited ${limitMs} ms for a transaction: was it issued through db inside db.transaction()?`));
      }, limitMs);
      const wake = () => {
        clearTimeout(timer);
        resolve();
      };
      this.waiters.push(wake);
    });
  }
}

let patched = false;

/**
 * Makes awaiting a drizzle query through a gated handle wait while its gate is held. Every drizzle query builder
 * (select, insert, update, delete, relational) is a QueryPromise and runs when awaited, through `then` (select
 * copies QueryPromise's methods onto its own prototype, so it is patched too); the sync calls (`.get()`, `.all()`,
 * `.run()`) are not gated and belong to the engine layer only.
 */
function patchQueryPromise() {
  if (patched) return;
  patched = true;
  for (const proto of [QueryPromise.prototype, SQLiteSelectBase.prototype as unknown as QueryPromise<unknown>]) gate(proto);
}

function gate(proto: QueryPromise<unknown>) {
  const then = proto.then;
  // biome-ignore lint/suspicious/noThenProperty: drizzle's query builders are thenables; this wraps their then
  proto.then = function gatedThen<R1, R2>(
    this: QueryPromise<unknown> & { session?: { [GATE]?: Gate } },
    onFulfilled?: ((value: unknown) => R1 | PromiseLike<R1>) | null,
    onRejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    const gate = this.session?.[GATE];
    if (gate?.busy) return gate.free().then(() => this.then(onFulfilled, onRejected), onRejected as never);
    return then.call(this, onFulfilled, onRejected) as Promise<R1 | R2>;
  } as typeof then;
}

/** The gate of a database handle wired by asyncTransactions (undefined for a transaction's handle, or PostgreSQL). */
export const gateOf = (db: object): Gate | undefined => (db as Handle).session?.[GATE];

/** A drizzle database object: its (internal) session is marked, its transaction replaced. */
// biome-ignore lint/suspicious/noExplicitAny: drizzle keeps the session off its public type
type Handle = { session?: any; transaction: unknown };

/**
 * Wires `db` (the handle everyone uses) and `inner` (a second drizzle handle over the same connection) for
 * async transactions: `db.transaction(fn)` and `inner.transaction(fn)` (a savepoint) as described above.
 * Returns the gate, which the engine's shutdown and tests may inspect.
 */
export function asyncTransactions(sqlite: Database, outer: object, innerDb: object): Gate {
  const db = outer as Handle;
  const inner = innerDb as Handle;
  patchQueryPromise();
  const gate = new Gate();
  db.session[GATE] = gate;
  let savepoints = 0;
  // Through prepare: the house connection keeps compiled statements by SQL text (src/db/client.ts).
  const exec = (text: string) => sqlite.prepare(text).run();
  db.transaction = async <T>(fn: (tx: unknown) => Promise<T> | T, config?: { behavior?: "deferred" | "immediate" | "exclusive" }): Promise<T> => {
    if (gate.owner && scope.getStore() === gate.owner) throw new Error("db.transaction() inside a transaction: use tx.transaction() (a savepoint)");
    await gate.acquire();
    const token = {};
    gate.owner = token;
    try {
      exec(`BEGIN ${(config?.behavior ?? "immediate").toUpperCase()}`);
      try {
        const result = CHECK_INSIDE ? await scope.run(token, () => fn(inner)) : await fn(inner);
        exec("COMMIT");
        return result;
      } catch (err) {
        if (sqlite.inTransaction) exec("ROLLBACK");
        throw err;
      }
    } finally {
      gate.release();
    }
  };
  inner.transaction = async <T>(fn: (tx: unknown) => Promise<T> | T): Promise<T> => {
    if (!gate.busy) throw new Error("a savepoint outside a transaction");
    const name = `sp${++savepoints}`;
    exec(`SAVEPOINT ${name}`);
    try {
      const result = await fn(inner);
      exec(`RELEASE ${name}`);
      return result;
    } catch (err) {
      // SQLite may have rolled the whole transaction back (disk full, I/O): then no savepoint is left.
      if (sqlite.inTransaction) {
        exec(`ROLLBACK TO ${name}`);
        exec(`RELEASE ${name}`);
      }
      throw err;
    } finally {
      savepoints--;
    }
  };
  return gate;
}
