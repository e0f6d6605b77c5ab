/**
 * Wires the channel layer into the app: one ChannelRegistry per process with the kinds of channel the
 * composition root hands it (sandbox, Cloud API, Baileys: `app.ts`), and the handlers that turn each
 * connection's ChannelEvents into the connections row (status, health), the inbound pipeline, message
 * acks/edits/revokes and calls. The connections service drives sessions through `deps.sessions` (this
 * supervisor, made by createDeps). Nothing here imports a channel.
 */
import { handleInboundBatch, ingestMessage, storeInboundBatch } from "./receive";
import type { Deps } from "../core/deps";
import type { ConnectionSupervisor as SupervisorPort, ConnectionSpec } from "../core/ports";
import { log } from "../lib/logger";
import { applyLidMapping } from "./identity";
import { findContactByNumber } from "../modules/contacts";
import { HistoryImports } from "./history-import";
import { connectionsToStart, recordHealth, recordSessionStatus } from "../modules/connections";
import { allConnectionRefs } from "../modules/connections";
import { findByWid } from "../modules/messages";
import { flushOutbox } from "../modules/messages";
import { applyAcks, applyEdit, applyRevoke } from "../modules/messages";
import { getSetting } from "../modules/settings";
import { AUTOMATIC_HEADER } from "../modules/tickets";
import { type ConnectionRef, ChannelRegistry, type RegistryHandlers } from "./registry";
import type { CallEvent, ChannelAdapter, ChannelFactory, ChannelKind, StartOptions } from "../core/channel";
import type { FenceBook } from "../db/leases";

/**
 * Several nodes (session-cluster.ts): where people's actions on a connection run. A leased kind's session runs on
 * the node holding its lease; the router sends the action there (or takes the free lease here).
 */
export interface SessionRouter {
  start(w: ConnectionSpec, opts?: StartOptions): Promise<void>;
  stop(connectionId: number): Promise<void>;
  logout(connectionId: number): Promise<void>;
  removeAuth(connectionId: number): Promise<void>;
  /** Boot: kinds that are not leased start here; leased ones start as this node takes their leases. */
  startAll(): Promise<number>;
  /** SIGTERM: every lease handed back at once. */
  shutdown(): Promise<void>;
  /** The node running each leased session (connection id → node id). */
  placements(): Promise<Map<number, string>>;
  /** Asks the node running the connection to send its queued messages. */
  flushElsewhere(connectionId: number): void;
  /** The session wherever it runs (a stand-in forwarding calls to its node), or undefined. */
  reach(connectionId: number): Promise<ChannelAdapter | undefined>;
}

const ENDED_CALL_TTL_MS = 10 * 60_000;

const CALL_DISABLED_TEXT = `${AUTOMATIC_HEADER}\n\nAs chamadas de voz e vídeo estão desabilitadas para esse WhatsApp, favor enviar uma mensagem de texto. Obrigado`;

/** Starts, stops and logs out connections; keeps `deps.channels` in step with the live adapters. */
export class ConnectionSupervisor implements SupervisorPort {
  readonly registry: ChannelRegistry;
  /** Recent history of newly linked connections, imported in the background. */
  readonly history: HistoryImports;
  /** Connections whose next OPENING was asked for (boot, a user): not counted as reconnects. */
  private readonly requested = new Set<number>();
  /** Set while the process stops: status changes caused by the stop are not recorded. */
  private shuttingDown = false;
  /** Per connection, the answers (bot, campaign replies) of webhook deliveries, run one delivery after another. */
  private readonly answering = new Map<number, Promise<void>>();
  /** Calls whose end was answered (key: connection and call id → when), kept ten minutes. */
  private readonly endedCalls = new Map<string, number>();
  /** Several nodes: where people's actions go (null on one box: everything runs here). */
  private router: SessionRouter | null = null;
  /** Sessions stopped because their lease went elsewhere: what they report on the way down is not recorded. */
  private readonly quiet = new Set<number>();

  constructor(
    private readonly deps: Deps,
    private readonly kinds: Record<string, ChannelKind> = {},
    /** PostgreSQL: the fencing tokens of the sessions run here under leases (the credential store reads them). */
    readonly fences?: FenceBook,
  ) {
    this.registry = new ChannelRegistry();
    this.history = new HistoryImports(deps);
    this.registry.setHandlers(this.handlers());
    for (const [name, kind] of Object.entries(kinds)) if (kind.factory) this.registry.register(name, kind.factory);
  }

  /** Resolves once the answers of every webhook delivery received so far have run (tests, shutdown). */
  async answersSettled(connectionId: number): Promise<void> {
    for (let p = this.answering.get(connectionId); p; p = this.answering.get(connectionId)) {
      await p;
      if (this.answering.get(connectionId) === p) break;
    }
  }

  /** Overrides the factory of a kind (tests register fakes); what the kind says at boot stays. */
  register(kind: string, factory: ChannelFactory) {
    this.kinds[kind] = { ...this.kinds[kind], factory };
    this.registry.register(kind, factory);
  }

  /** The live adapter of a connection. */
  get(connectionId: number): ChannelAdapter | undefined {
    return this.registry.get(connectionId);
  }

  /** The session wherever it runs: this node's adapter, or (several nodes) a stand-in asking the node that runs it. */
  async reach(connectionId: number): Promise<ChannelAdapter | undefined> {
    return this.registry.get(connectionId) ?? (await this.router?.reach(connectionId));
  }

  /** Several nodes: people's actions go through `router` from now on (main.ts on PostgreSQL). */
  attach(router: SessionRouter) {
    this.router = router;
  }

  /** Whether a connection of this kind runs on one node at a time under a lease (several nodes only). */
  leased(channel: string): boolean {
    return !!this.router && !!this.kinds[channel]?.leased;
  }

  /** Starts (or resumes) a session; a failure leaves the connection DISCONNECTED, never throws. */
  async start(w: ConnectionSpec, opts?: StartOptions): Promise<void> {
    if (this.router) return this.router.start(w, opts);
    return this.startHere(w, opts);
  }

  /** Starts a session on this node (the router decided it runs here). */
  async startHere(w: ConnectionSpec, opts?: StartOptions): Promise<void> {
    this.quiet.delete(w.id);
    this.requested.add(w.id);
    try {
      await this.registry.start(w.id, w.companyId, w.channel, opts);
    } catch (e) {
      this.requested.delete(w.id);
      log.warn("connection start failed", { connectionId: w.id, err: String(e) });
      await recordSessionStatus(this.deps, { connectionId: w.id, companyId: w.companyId }, "DISCONNECTED", { reason: "start_failed" });
    }
  }

  /** Stops a session, keeping its credentials. */
  async stop(connectionId: number): Promise<void> {
    if (this.router) return this.router.stop(connectionId);
    await this.registry.stop(connectionId);
  }

  /** Stops a session on this node (the router decided it runs here). */
  async stopHere(connectionId: number): Promise<void> {
    await this.registry.stop(connectionId);
  }

  /** Whether a connection resumes by itself (a boot, a free lease): its kind's rule, else unless it is DISCONNECTED. */
  async resumes(w: { id: number; channel: string; status: string; closeReason: string | null }): Promise<boolean> {
    return (await this.kinds[w.channel]?.resumes?.(w)) ?? w.status !== "DISCONNECTED";
  }

  /** Stops a session here because its lease went (or goes) elsewhere: its state is the next owner's to record. */
  async stopQuietly(connectionId: number): Promise<void> {
    this.quiet.add(connectionId);
    await this.registry.stop(connectionId);
  }

  /** Logs out (credentials removed); a connection that is not running only loses its stored auth. */
  async logout(connectionId: number): Promise<void> {
    if (this.router) return this.router.logout(connectionId);
    return this.logoutHere(connectionId);
  }

  /** Logs out on this node (the router decided it runs here). */
  async logoutHere(connectionId: number): Promise<void> {
    try {
      await this.registry.logout(connectionId);
    } finally {
      await this.removeAuthHere(connectionId);
    }
  }

  /** Stored channel credentials and keys of a connection are deleted (each kind removes its own). */
  async removeAuth(connectionId: number): Promise<void> {
    if (this.router) return this.router.removeAuth(connectionId);
    return this.removeAuthHere(connectionId);
  }

  /** Deletes the stored credentials from this node. */
  async removeAuthHere(connectionId: number): Promise<void> {
    for (const kind of Object.values(this.kinds)) await kind.removeAuth?.(connectionId);
  }

  /**
   * Boot: resumes the connections of the companies whose subscription is active. A WhatsApp
   * connection resumes only from stored, linked credentials (never into QR mode by itself); a
   * sandbox one unless a person disconnected it (close reason "disconnected"): one left
   * DISCONNECTED by a stop of an earlier version, a lapsed subscription or a failed start resumes; a
   * Cloud API one unless an admin disconnected it (or Meta refused its credentials). The rest are shown
   * DISCONNECTED.
   */
  async startAll(): Promise<number> {
    if (this.router) return this.router.startAll();
    return this.startResumable(() => true);
  }

  /** startAll's rule for the connections whose kind `which` accepts. */
  async startResumable(which: (channel: string) => boolean): Promise<number> {
    const list = (await connectionsToStart(this.deps)).filter((w) => which(w.channel));
    const resumes = await Promise.all(list.map((w) => this.resumes(w)));
    const resume = list.filter((_, i) => resumes[i]);
    for (const w of list) {
      if (!resume.includes(w) && w.status !== "DISCONNECTED") {
        await recordSessionStatus(this.deps, { connectionId: w.id, companyId: w.companyId }, "DISCONNECTED", { reason: "not_linked" });
      }
    }
    await Promise.allSettled(resume.map((w) => this.startHere(w)));
    return resume.length;
  }

  /**
   * Pauses the running sessions of companies whose subscription lapsed while the server runs
   * (D1); credentials are kept, so the session resumes once the company renews.
   */
  async pauseLapsed(): Promise<number> {
    const active = new Set((await connectionsToStart(this.deps)).map((w) => w.id));
    const running = (await allConnectionRefs(this.deps.db)).filter((w) => this.registry.get(w.id) && !active.has(w.id));
    for (const w of running) {
      await this.registry.stop(w.id);
      await recordSessionStatus(this.deps, { connectionId: w.id, companyId: w.companyId }, "DISCONNECTED", { reason: "subscription_lapsed" });
    }
    return running.length;
  }

  /**
   * Stops every session. With `keepState` (process shutdown) the connections' stored states are left
   * as they were, so the next boot resumes the ones that were connected and sends what waits.
   */
  async stopAll(opts: { keepState?: boolean } = {}): Promise<void> {
    if (opts.keepState) this.shuttingDown = true;
    // Several nodes: the leased sessions stop first and their leases go back at once, for others to take.
    if (opts.keepState && this.router) await this.router.shutdown();
    await this.registry.stopAll();
  }

  /** The node running each leased session (several nodes); null on one box. */
  async placements(): Promise<Map<number, string> | null> {
    return this.router ? await this.router.placements() : null;
  }

  /** Several nodes: a message was queued for a connection whose session runs elsewhere; that node sends it. */
  flushElsewhere(connectionId: number) {
    this.router?.flushElsewhere(connectionId);
  }

  private handlers(): RegistryHandlers {
    const deps = this.deps;
    const conn = (ref: ConnectionRef) => ({ connectionId: ref.connectionId, companyId: ref.companyId });
    return {
      onStatus: async (ref, status, info) => {
        if (this.shuttingDown || this.quiet.has(ref.connectionId)) return;
        let countReconnect = false;
        // a start someone asked for, or a reopen that is part of linking, is not a reconnect
        if (status === "OPENING") countReconnect = !this.requested.delete(ref.connectionId) && !info?.planned;
        else if (status === "CONNECTED") this.requested.delete(ref.connectionId);
        await recordSessionStatus(deps, conn(ref), status, info, { countReconnect });
        // Messages written while the connection was down go out now, in order.
        if (status === "CONNECTED") void flushOutbox(deps, ref.connectionId).catch((e) => log.warn("outbox flush failed", { err: String(e) }));
      },
      onMessages: async (ref, messages) => {
        try {
          // One group commit for the delivery, then the bot for each message in order.
          await handleInboundBatch(deps, { id: ref.connectionId, companyId: ref.companyId }, messages);
        } catch (e) {
          log.error("inbound messages failed", { connectionId: ref.connectionId, count: messages.length, err: String(e) });
        }
        if (messages.some((m) => !m.fromMe)) await recordHealth(deps, conn(ref), "message");
      },
      // A webhook delivery: answered once stored (or spooled); its answers run after the previous delivery's.
      onIngest: async (ref, messages) => {
        const { answer } = await storeInboundBatch(deps, { id: ref.connectionId, companyId: ref.companyId }, messages);
        if (messages.some((m) => !m.fromMe)) await recordHealth(deps, conn(ref), "message");
        const next = (this.answering.get(ref.connectionId) ?? Promise.resolve()).then(answer).catch((e) => {
          log.error("inbound answers failed", { connectionId: ref.connectionId, err: String(e) });
        });
        this.answering.set(ref.connectionId, next);
        void next.finally(() => {
          if (this.answering.get(ref.connectionId) === next) this.answering.delete(ref.connectionId);
        });
      },
      onAck: async (ref, acks) => {
        if ((await applyAcks(deps, ref.companyId, ref.connectionId, acks)) > 0) await recordHealth(deps, conn(ref), "ack");
      },
      onEdit: async (ref, edit) => {
        await applyEdit(deps, ref.companyId, ref.connectionId, edit.id, edit.body);
      },
      onRevoke: async (ref, id) => {
        await applyRevoke(deps, ref.companyId, ref.connectionId, id);
      },
      onCall: (ref, call) => this.handleCall(this.registry.get(ref.connectionId), ref, call),
      // A LID ↔ number pair learned by the channel: the LID-only contact takes the number or merges.
      onIdentity: async (ref, map) => {
        await applyLidMapping(deps.db, ref.companyId, map.lid, map.number);
      },
      // Recent history after linking: imported in the background as closed tickets (never the bot).
      onHistory: (ref, batch) => this.history.accept(conn(ref), batch),
      loadRaw: async (ref, id) => {
        const m = await findByWid(deps.db, ref.companyId, ref.connectionId, id);
        if (!m?.dataJson) return undefined;
        try {
          return JSON.parse(m.dataJson);
        } catch {
          return undefined;
        }
      },
    };
  }

  /** True the first time a call's end is seen (ids are kept ten minutes). */
  private firstEnd(key: string): boolean {
    const now = Date.now();
    for (const [k, at] of this.endedCalls) if (now - at > ENDED_CALL_TTL_MS) this.endedCalls.delete(k);
    if (this.endedCalls.has(key)) return false;
    this.endedCalls.set(key, now);
    return true;
  }

  /**
   * Calls (R-IN-10): with the company setting `call` "disabled", a finished call gets an
   * automatic text asking for a message, and a known contact's ticket gets a "missed call" entry
   * (call_log; a closed ticket becomes pending). "enabled" leaves calls alone.
   */
  private async handleCall(adapter: ChannelAdapter | undefined, ref: ConnectionRef, call: CallEvent) {
    const deps = this.deps;
    // A call ends either hung up (terminate) or rung out (timeout): each call is answered once.
    if (call.status !== "terminate" && call.status !== "timeout") return;
    if ((await getSetting(deps, ref.companyId, "call")) !== "disabled" || !this.firstEnd(`${ref.connectionId}:${call.id}`)) return;
    try {
      await adapter?.send({ type: "text", to: call.from.address, body: CALL_DISABLED_TEXT });
    } catch (e) {
      log.warn("call notice send failed", { connectionId: ref.connectionId, err: String(e) });
    }
    const number = call.from.number;
    if (!number || !(await findContactByNumber(deps.db, ref.companyId, number))) return;
    const hour = new Intl.DateTimeFormat("pt-BR", { timeZone: deps.config.timezone, hour: "2-digit", minute: "2-digit" }).format(new Date());
    await ingestMessage(
      deps,
      { id: ref.connectionId, companyId: ref.companyId },
      {
        id: call.id,
        fromMe: false,
        chat: call.from,
        isGroup: false,
        kind: "call_log",
        body: `Chamada de ${call.isVideo ? "vídeo" : "voz"} perdida às ${hour}`,
        timestamp: Date.now(),
        origin: "notify",
      },
    );
  }
}
