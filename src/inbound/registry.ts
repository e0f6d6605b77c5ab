/**
 * The channel registry: one adapter per connection, created by the factory registered for its kind.
 * It forwards each adapter's events to the app's handlers with the connection context attached.
 * It owns no database table: callers pass the connection id, company id and kind.
 */
import { log } from "../lib/logger";
import type {
  AckEvent,
  CallEvent,
  ChannelAdapter,
  ChannelEvents,
  ChannelFactory,
  EditEvent,
  HistoryBatch,
  InboundMessage,
  SessionStatus,
  StartOptions,
} from "../core/channel";

export interface ConnectionRef {
  connectionId: number;
  companyId: number;
  kind: string;
}

type StatusInfo = Parameters<ChannelEvents["onStatus"]>[1];

/** What the app does with channel events (the inbound pipeline, realtime, connection rows). */
export interface RegistryHandlers {
  onStatus?(ref: ConnectionRef, status: SessionStatus, info?: StatusInfo): unknown;
  onMessages?(ref: ConnectionRef, messages: InboundMessage[]): void | Promise<void>;
  /** Stores now, answers later (ChannelEvents.ingest); its rejection reaches the channel. */
  onIngest?(ref: ConnectionRef, messages: InboundMessage[]): Promise<void>;
  onAck?(ref: ConnectionRef, acks: AckEvent[]): unknown;
  onEdit?(ref: ConnectionRef, edit: EditEvent): unknown;
  onRevoke?(ref: ConnectionRef, id: string): unknown;
  onCall?(ref: ConnectionRef, call: CallEvent): unknown;
  onIdentity?(ref: ConnectionRef, map: { lid: string; number: string }): unknown;
  onHistory?(ref: ConnectionRef, batch: HistoryBatch): void | Promise<void>;
  /** The stored raw payload of a message (for quoting/retries); undefined when unknown. */
  loadRaw?(ref: ConnectionRef, messageId: string): Promise<unknown> | unknown;
}

interface Entry {
  ref: ConnectionRef;
  adapter: ChannelAdapter;
  status: SessionStatus;
  info?: StatusInfo;
  /** Settles once the events reported so far are handled. */
  handled: () => Promise<unknown>;
}

/** Supervises the live channel adapters of the process. */
export class ChannelRegistry {
  private readonly factories = new Map<string, ChannelFactory>();
  private readonly entries = new Map<number, Entry>();

  constructor(private handlers: RegistryHandlers = {}) {}

  /** Replaces the event handlers (the app wires them once its services exist). */
  setHandlers(handlers: RegistryHandlers) {
    this.handlers = handlers;
  }

  register(kind: string, factory: ChannelFactory) {
    this.factories.set(kind, factory);
  }

  /** Starts (or resumes) a connection; a second call for a live connection does not open another socket. */
  async start(connectionId: number, companyId: number, kind: string, opts?: StartOptions): Promise<ChannelAdapter> {
    let entry = this.entries.get(connectionId);
    if (entry && (entry.ref.kind !== kind || entry.ref.companyId !== companyId)) {
      await entry.adapter.stop();
      this.entries.delete(connectionId);
      entry = undefined;
    }
    if (!entry) entry = this.create({ connectionId, companyId, kind });
    await entry.adapter.start(opts);
    // The states the start reported are recorded before it answers (a GET right after a start shows them).
    await entry.handled();
    return entry.adapter;
  }

  /** Stops a connection, keeping its credentials. */
  async stop(connectionId: number): Promise<void> {
    const entry = this.entries.get(connectionId);
    if (!entry) return;
    this.entries.delete(connectionId);
    await entry.adapter.stop();
    await entry.handled();
  }

  /**
   * Logs a connection out (credentials removed) and forgets it. For a connection that is not running
   * (e.g. one being deleted), pass `ref` so its adapter is built just to clear the stored credentials.
   */
  async logout(connectionId: number, ref?: { companyId: number; kind: string }): Promise<void> {
    const entry = this.entries.get(connectionId) ?? (ref ? this.create({ connectionId, companyId: ref.companyId, kind: ref.kind }) : undefined);
    if (!entry) return;
    this.entries.delete(connectionId);
    await entry.adapter.logout();
    await entry.handled();
  }

  /** The adapter of a connection that was started and not stopped. */
  get(connectionId: number): ChannelAdapter | undefined {
    return this.entries.get(connectionId)?.adapter;
  }

  /** Last reported status of a connection. */
  status(connectionId: number): { status: SessionStatus; info?: StatusInfo } | undefined {
    const e = this.entries.get(connectionId);
    return e ? { status: e.status, info: e.info } : undefined;
  }

  /** Stops every connection (process shutdown). */
  async stopAll(): Promise<void> {
    const all = [...this.entries.keys()];
    await Promise.allSettled(all.map((id) => this.stop(id)));
  }

  private create(ref: ConnectionRef): Entry {
    const factory = this.factories.get(ref.kind);
    if (!factory) throw new Error(`unknown channel kind: ${ref.kind}`);
    const entry = { ref, status: "DISCONNECTED" } as Entry;
    const guard = <A extends unknown[]>(name: string, fn: ((ref: ConnectionRef, ...a: A) => unknown) | undefined, ...a: A) => {
      if (!fn) return undefined;
      try {
        const r = fn.call(this.handlers, ref, ...a);
        if (r instanceof Promise) {
          return r.catch((e) => log.error(`channel ${name} handler failed`, { connectionId: ref.connectionId, err: String(e) }));
        }
        return r;
      } catch (e) {
        log.error(`channel ${name} handler failed`, { connectionId: ref.connectionId, err: String(e) });
        return undefined;
      }
    };
    // A connection's status, acks, edits, revokes, calls and identities are handled one after the other, in the
    // order the channel reported them (their handlers await the database; a later ack must not overtake).
    let chain: Promise<unknown> = Promise.resolve();
    const inOrder = (run: () => unknown): Promise<void> => {
      const next = chain.then(run);
      chain = next.catch(() => {});
      return next.then(() => {});
    };
    entry.handled = () => chain;
    const events: ChannelEvents = {
      onStatus: (status, info) => {
        entry.status = status;
        entry.info = info;
        return inOrder(() => guard("onStatus", this.handlers.onStatus, status, info));
      },
      onMessages: async (messages) => {
        await guard("onMessages", this.handlers.onMessages, messages);
      },
      // Not guarded: a webhook must know that a message could not even be spooled (its sender retries).
      ingest: async (messages) => {
        if (this.handlers.onIngest) await this.handlers.onIngest(ref, messages);
        else await guard("onMessages", this.handlers.onMessages, messages);
      },
      onAck: (acks) => inOrder(() => guard("onAck", this.handlers.onAck, acks)),
      onEdit: (edit) => inOrder(() => guard("onEdit", this.handlers.onEdit, edit)),
      onRevoke: (id) => inOrder(() => guard("onRevoke", this.handlers.onRevoke, id)),
      onCall: (call) => inOrder(() => guard("onCall", this.handlers.onCall, call)),
      onIdentity: (map) => inOrder(() => guard("onIdentity", this.handlers.onIdentity, map)),
      onHistory: async (batch) => {
        await guard("onHistory", this.handlers.onHistory, batch);
      },
    };
    entry.adapter = factory({
      connectionId: ref.connectionId,
      companyId: ref.companyId,
      events,
      loadRaw: (id) => this.handlers.loadRaw?.(ref, id),
    });
    this.entries.set(ref.connectionId, entry);
    return entry;
  }
}
