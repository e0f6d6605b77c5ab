/**
 * WhatsApp sessions on several nodes sharing one PostgreSQL (docs/SCALING.md, "Connection leases"). The connection
 * supervisor is the lease manager's SessionHost: a leased kind's session (Baileys) starts when this node takes its
 * lease and stops, without recording a state, when the lease is lost, drained or handed back at SIGTERM; every write
 * of its credentials carries the lease's fencing token (the supervisor's FenceBook). It is also the supervisor's
 * router: a person's action on a connection (start, new QR, logout, delete) made on a node that does not run the
 * session travels to the node that does over a command bus (LISTEN/NOTIFY on a channel of its own), which answers
 * once it is done; a free connection is taken here. Kinds that are not leased (sandbox, Cloud API: no credentials
 * two nodes could corrupt, inbound reaching any node) run on every node, and their starts and stops reach every
 * node. A message queued for a session running elsewhere makes that node flush the connection's outbox.
 */
import type { ChannelAdapter, SessionStatus, StartOptions } from "../core/channel";
import type { Deps } from "../core/deps";
import type { ConnectionSpec } from "../core/ports";
import { LEASE_MS, LeaseManager, type LeaseManagerOptions, type LeaseStore, type SessionHost } from "../db/leases";
import { log } from "../lib/logger";
import { connectionRef, connectionsToStart, recordSessionStatus } from "../modules/connections";
import { flushOutbox, replayRecentMessages } from "../modules/messages";
import type { ConnectionSupervisor, SessionRouter } from "./supervisor";

/** What the cluster needs of a bus between nodes (the realtime bus's shape: PgBus, LocalBus). */
export interface CommandBus<T> {
  readonly nodeId: string;
  publish(body: T): void;
  subscribe(fn: (body: T, from: string) => void): () => void;
}

type Op = "start" | "stop" | "logout" | "removeAuth";
/** What another node may ask of a session running here (sending goes through the outbox: "flush"). */
export type RemoteMethod = "checkNumber" | "profilePicture" | "markRead" | "deleteForEveryone" | "sendPresence";
const REMOTE_METHODS: readonly RemoteMethod[] = ["checkNumber", "profilePicture", "markRead", "deleteForEveryone", "sendPresence"];

/** What travels on the command bus. */
export type SessionCommand =
  /** Run a person's action on the node that holds the connection's lease. */
  | { t: "run"; id: string; to: string; op: Op; connectionId: number; opts?: StartOptions }
  /** Call the live session's adapter on the node that runs it (answered with its result). */
  | { t: "call"; id: string; to: string; connectionId: number; method: RemoteMethod; args: unknown[] }
  /** The answer to `run` or `call` (error: what went wrong there). */
  | { t: "done"; id: string; to: string; error?: string; result?: unknown }
  /** Whoever runs the connection sends its queued messages. */
  | { t: "flush"; connectionIds: number[] }
  /** The node `to` hands the session back for another node to take (`balcao rebalance`). */
  | { t: "handOver"; to: string; connectionId: number }
  /** A node handed these leases back: the others look at once (the spread's node takes each). */
  | { t: "freed"; connectionIds: number[] }
  /** A kind that runs on every node: start or stop it on each. */
  | { t: "every"; op: "start" | "stop"; connectionId: number; opts?: StartOptions };

/** The topic of the node bus the commands travel on (main.ts, `balcao rebalance`). */
export const SESSION_TOPIC = "sessions";

/** How long a person's action waits for the node running the session to answer. */
export const COMMAND_TIMEOUT_MS = 10_000;
/** A session left showing a QR by a node that died is shown DISCONNECTED once its row is this old. */
const STALE_QR_MS = 15_000;

/** The sessions of one node under leases, and where people's actions on them go. */
export class SessionCluster implements SessionRouter {
  readonly manager: LeaseManager;
  /** Actions sent to another node, waiting for its answer. */
  private readonly pending = new Map<string, { resolve: (reply: Reply) => void; timer: ReturnType<typeof setTimeout> }>();
  private readonly timeoutMs: number;
  private readonly leaseMs: number;
  private readonly offBus: () => void;
  private seq = 0;
  private flushing: Set<number> | null = null;

  constructor(
    private readonly deps: Deps,
    private readonly sup: ConnectionSupervisor,
    private readonly store: LeaseStore,
    private readonly bus: CommandBus<SessionCommand>,
    opts: LeaseManagerOptions & { timeoutMs?: number } = {},
  ) {
    const host: SessionHost = {
      wanted: () => this.wanted(),
      start: (id, token) => this.startLeased(id, token),
      stop: (id, why) => this.stopLeased(id, why),
      inherit: (id, from) => void this.inherit(id, from),
      released: (ids) => this.bus.publish({ t: "freed", connectionIds: ids }),
    };
    this.manager = new LeaseManager(store, host, opts);
    this.timeoutMs = opts.timeoutMs ?? COMMAND_TIMEOUT_MS;
    this.leaseMs = opts.leaseMs ?? LEASE_MS;
    this.offBus = bus.subscribe((c, from) => void this.receive(c, from));
    // A write refused by the fence: another node owns the session now, it stops here at once.
    if (sup.fences) sup.fences.onFenced = (id) => void this.manager.lost(id);
    sup.attach(this);
  }

  get nodeId() {
    return this.store.nodeId;
  }

  // ---- the SessionHost the lease manager drives ----

  /**
   * Leased connections of companies in good standing that should run: those running somewhere (a live lease), and
   * free ones that resume as at a boot (linked credentials). A free one that does not resume and still shows a
   * QR or a pairing of a node that died is shown DISCONNECTED, as a boot does.
   */
  private async wanted(): Promise<number[]> {
    const list = (await connectionsToStart(this.deps)).filter((w) => this.sup.leased(w.channel));
    if (!list.length) return [];
    const live = new Set((await this.store.owners()).map((o) => o.connectionId));
    const out: number[] = [];
    for (const w of list) {
      if (live.has(w.id) || (await this.sup.resumes(w))) out.push(w.id);
      else if (w.status !== "DISCONNECTED" && Date.now() - Date.parse(w.updatedAt) > STALE_QR_MS)
        await recordSessionStatus(this.deps, { connectionId: w.id, companyId: w.companyId }, "DISCONNECTED", { reason: "not_linked" });
    }
    return out;
  }

  private async startLeased(connectionId: number, token: number) {
    const ref = await connectionRef(this.deps.db, connectionId);
    if (!ref) throw new Error("connection not found");
    this.sup.fences?.set(connectionId, token);
    await this.sup.startHere(ref);
  }

  private async stopLeased(connectionId: number, why: "lost" | "drain" | "shutdown" | "unwanted") {
    // Lost: nothing more may be written (the fence would refuse it anyway). Otherwise the keys are written first.
    if (why === "lost") this.sup.fences?.revoke(connectionId);
    await this.sup.stopQuietly(connectionId);
    this.sup.fences?.revoke(connectionId);
  }

  /**
   * The connection's lease ran out on a node that never handed it back (killed, frozen): the frames of what it
   * stored last may have died with it (they go out on the bus after the commit). Its messages since a lease period
   * before that node's last renewal are published again from here.
   */
  private async inherit(connectionId: number, from: { nodeId: string; renewedAt: number }) {
    try {
      const ref = await connectionRef(this.deps.db, connectionId);
      if (!ref) return;
      const since = new Date(from.renewedAt - this.leaseMs).toISOString();
      const n = await replayRecentMessages(this.deps, { id: connectionId, companyId: ref.companyId }, since);
      if (n) log.info("messages published again after a node's death", { connectionId, from: from.nodeId, messages: n });
    } catch (e) {
      log.warn("messages of a dead node not published again", { connectionId, err: String(e) });
    }
  }

  // ---- SessionRouter: people's actions, wherever they are made ----

  async startAll(): Promise<number> {
    const n = await this.sup.startResumable((channel) => !this.sup.leased(channel));
    this.manager.start();
    return n;
  }

  start(w: ConnectionSpec, opts?: StartOptions): Promise<void> {
    return this.startFor(w, opts);
  }

  /** A person (or a new connection) starts a session: here, on the lease holder, or here after taking the free lease. */
  private async startFor(w: ConnectionSpec, opts: StartOptions | undefined, forwarded = false): Promise<void> {
    if (!this.sup.leased(w.channel)) {
      await this.sup.startHere(w, opts);
      if (!forwarded) this.bus.publish({ t: "every", op: "start", connectionId: w.id, opts });
      return;
    }
    if (this.manager.tokenOf(w.id) !== null) return this.sup.startHere(w, opts);
    for (let attempt = 0; attempt < 2; attempt++) {
      const owner = await this.ownerOf(w.id);
      if (owner && owner !== this.nodeId) {
        if (forwarded) throw new Error(`the session of connection ${w.id} moved to ${owner}`);
        return this.send(owner, "start", w.id, opts);
      }
      const took = await this.manager.take(w.id, async (token) => {
        this.sup.fences?.set(w.id, token);
        await this.sup.startHere(w, opts);
      });
      if (took) return;
    }
    log.warn("connection start: its lease changed hands twice; the lease manager will start it", { connectionId: w.id });
  }

  stop(connectionId: number) {
    return this.route(connectionId, "stop");
  }

  logout(connectionId: number) {
    return this.route(connectionId, "logout");
  }

  removeAuth(connectionId: number) {
    return this.route(connectionId, "removeAuth");
  }

  /** An action on a connection by id: on the node holding its lease, else here (and on every node for kinds run everywhere). */
  private async route(connectionId: number, op: Exclude<Op, "start">, forwarded = false): Promise<void> {
    if (this.manager.tokenOf(connectionId) === null) {
      const owner = await this.ownerOf(connectionId);
      if (owner && owner !== this.nodeId) {
        if (forwarded) throw new Error(`the session of connection ${connectionId} moved to ${owner}`);
        return this.send(owner, op, connectionId);
      }
      // Nobody runs it under a lease: nothing to fence (a free WhatsApp connection, or a kind run on every node).
      this.sup.fences?.forget(connectionId);
      if (op !== "removeAuth" && !forwarded) this.bus.publish({ t: "every", op: "stop", connectionId });
    }
    if (op === "stop") await this.sup.stopHere(connectionId);
    else if (op === "logout") await this.sup.logoutHere(connectionId);
    else await this.sup.removeAuthHere(connectionId);
  }

  /** Stops the lease manager's sessions and hands every lease back at once (SIGTERM). */
  async shutdown() {
    await this.manager.shutdown();
    this.offBus();
    for (const p of this.pending.values()) clearTimeout(p.timer);
  }

  async placements(): Promise<Map<number, string>> {
    return new Map((await this.store.owners()).map((o) => [o.connectionId, o.nodeId]));
  }

  flushElsewhere(connectionId: number) {
    // One command for the messages queued in the same turn.
    if (this.flushing) return void this.flushing.add(connectionId);
    this.flushing = new Set([connectionId]);
    queueMicrotask(() => {
      const ids = [...(this.flushing ?? [])];
      this.flushing = null;
      this.bus.publish({ t: "flush", connectionIds: ids });
    });
  }

  // ---- the bus ----

  private async ownerOf(connectionId: number): Promise<string | null> {
    return (await this.store.owners()).find((o) => o.connectionId === connectionId)?.nodeId ?? null;
  }

  /**
   * Sends an action to the node running the session and waits for its answer. It never fails the person's request:
   * a node that does not answer (dying; its session moves within a lease period) or could not do it is logged.
   */
  private async send(to: string, op: Op, connectionId: number, opts?: StartOptions): Promise<void> {
    const reply = await this.request(to, (id) => ({ t: "run", id, to, op, connectionId, opts }));
    if (reply.error) log.warn("a session action failed on the node running it", { connectionId, op, node: to, err: reply.error });
  }

  /** Publishes a request and waits for its answer (or a timeout, answered as an error). */
  private request(to: string, body: (id: string) => SessionCommand): Promise<Reply> {
    const id = `${this.nodeId}#${++this.seq}`;
    return new Promise<Reply>((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        resolve({ error: `the node ${to} running the session did not answer` });
      }, this.timeoutMs);
      timer.unref?.();
      this.pending.set(id, { resolve, timer });
      this.bus.publish(body(id));
    });
  }

  /**
   * The session of a connection wherever it runs: this node's adapter, or a stand-in that asks the node holding the
   * lease (its state read from the connection's row); undefined when it runs nowhere.
   */
  async reach(connectionId: number): Promise<ChannelAdapter | undefined> {
    const here = this.sup.get(connectionId);
    if (here) return here;
    const owner = await this.ownerOf(connectionId);
    if (!owner || owner === this.nodeId) return undefined;
    const ref = await connectionRef(this.deps.db, connectionId);
    if (!ref) return undefined;
    const call = async (method: RemoteMethod, args: unknown[]) => {
      const reply = await this.request(owner, (id) => ({ t: "call", id, to: owner, connectionId, method, args }));
      if (reply.error) throw new Error(reply.error);
      return reply.result;
    };
    return remoteSession(ref.channel, ref.status as SessionStatus, call);
  }

  private async receive(c: SessionCommand, from: string) {
    try {
      if (c.t === "flush") {
        for (const id of c.connectionIds) if (this.sup.get(id)) await flushOutbox(this.deps, id);
      } else if (c.t === "freed") {
        this.manager.nudge();
      } else if (c.t === "handOver") {
        if (c.to === this.nodeId && (await this.manager.handOver(c.connectionId)))
          log.info("session handed over for a rebalance", { node: this.nodeId, connectionId: c.connectionId });
      } else if (c.t === "every") {
        if (c.op === "stop") return void (await this.sup.stopQuietly(c.connectionId));
        const ref = await connectionRef(this.deps.db, c.connectionId);
        if (ref) await this.sup.startHere(ref, c.opts);
      } else if (c.t === "done") {
        if (c.to !== this.nodeId) return;
        const p = this.pending.get(c.id);
        if (!p) return;
        this.pending.delete(c.id);
        clearTimeout(p.timer);
        p.resolve({ error: c.error, result: c.result });
      } else if (c.t === "call") {
        if (c.to !== this.nodeId) return;
        const adapter = this.sup.get(c.connectionId);
        let reply: Reply;
        if (!adapter || !REMOTE_METHODS.includes(c.method)) reply = { error: `connection ${c.connectionId} does not run on ${this.nodeId}` };
        else {
          const fn = adapter[c.method] as ((...a: unknown[]) => Promise<unknown>) | undefined;
          reply = await (fn ? fn.apply(adapter, c.args) : Promise.resolve(undefined)).then(
            (result) => ({ result: result ?? null }),
            (e) => ({ error: String(e) }),
          );
        }
        this.bus.publish({ t: "done", id: c.id, to: from, ...reply });
      } else if (c.to === this.nodeId) {
        let error: string | undefined;
        try {
          if (c.op === "start") {
            const ref = await connectionRef(this.deps.db, c.connectionId);
            if (ref) await this.startFor(ref, c.opts, true);
          } else await this.route(c.connectionId, c.op, true);
        } catch (e) {
          error = String(e);
        }
        this.bus.publish({ t: "done", id: c.id, to: from, error });
      }
    } catch (e) {
      log.warn("session command failed", { command: c.t, from, err: String(e) });
    }
  }
}

type Reply = { error?: string; result?: unknown };

/** A session running on another node as a ChannelAdapter: its calls travel to that node; sending goes through the outbox. */
function remoteSession(kind: string, status: SessionStatus, call: (method: RemoteMethod, args: unknown[]) => Promise<unknown>): ChannelAdapter {
  const elsewhere = async (): Promise<never> => {
    throw new Error("ERR_WAPP_NOT_INITIALIZED: the session runs on another node");
  };
  return {
    kind,
    status,
    start: elsewhere,
    stop: elsewhere,
    logout: elsewhere,
    send: elsewhere,
    checkNumber: async (number) => (await call("checkNumber", [number])) as Awaited<ReturnType<ChannelAdapter["checkNumber"]>>,
    profilePicture: async (address) => (await call("profilePicture", [address])) as string | null,
    markRead: async (target) => void (await call("markRead", [target])),
    deleteForEveryone: async (target) => void (await call("deleteForEveryone", [target])),
    sendPresence: async (to, state) => void (await call("sendPresence", [to, state])),
  };
}
