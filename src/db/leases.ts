/**
 * One node per WhatsApp session (docs/SCALING.md, "Connection leases"). A node runs a connection's session only
 * while it holds that connection's lease; the lease store (PostgreSQL: leases-pg.ts; one box: LocalLeaseStore)
 * hands leases out atomically and numbers each acquisition with a fencing token, and the LeaseManager below
 * renews them, spreads free connections over the live nodes, hands them back on drain and shutdown, and stops a
 * session as soon as its lease is lost. Engine-agnostic: it knows no table and no session, only these interfaces.
 */
import { createHash } from "node:crypto";
import { hostname } from "node:os";
import { log } from "../lib/logger";

/** How long a lease lives without renewal; a dead node's sessions start elsewhere within it. */
export const LEASE_MS = 15_000;
/** How often a node renews its leases and looks for free connections (well inside LEASE_MS). */
export const RENEW_MS = 5_000;

/** A live node as the spread sees it. */
export interface NodeLoad {
  nodeId: string;
  /** Leases it holds now. */
  leases: number;
}

/** What a lease store answers about the cluster for the spread. */
export interface LeaseSnapshot {
  /** Live nodes that are not draining (this node included unless it drains). */
  nodes: NodeLoad[];
  /** Of the connections asked about, those with a live lease (any node's). */
  taken: Set<number>;
}

/** A connection's lease as people see it (connections page, `/metrics`). */
export interface LeaseOwner {
  connectionId: number;
  nodeId: string;
  token: number;
  expiresAt: number;
}

/** A lease just taken: its fencing token, and the node it expired on when that node never handed it back. */
export interface Acquired {
  token: number;
  /** The lease ran out on another node (it died or froze): what that node did last may not have reached anyone. */
  expiredOn?: { nodeId: string; renewedAt: number };
}

/** Where leases live: PostgreSQL for several nodes (leases-pg.ts), memory for one box (LocalLeaseStore). */
export interface LeaseStore {
  readonly nodeId: string;
  /** Records this node as alive; answers whether someone asked it to drain. */
  beat(): Promise<{ draining: boolean }>;
  /** Takes the lease when it is free, expired or already this node's; answers the new fencing token, or null. */
  acquire(connectionId: number): Promise<Acquired | null>;
  /** Extends the leases held (connection id → token); answers the ids still held with the same token. */
  renew(held: ReadonlyMap<number, number>): Promise<Set<number>>;
  /** Hands a lease back at once (the row and its token stay: the next acquisition counts on from it). */
  release(connectionId: number, token: number): Promise<void>;
  /** Live nodes and their loads, and which of `wanted` are taken. */
  snapshot(wanted: number[]): Promise<LeaseSnapshot>;
  /** Who holds each live lease. */
  owners(): Promise<LeaseOwner[]>;
  /** Forgets this node (after its leases were released). */
  leave(): Promise<void>;
}

/** What the lease manager drives: the connection supervisor, in the app. */
export interface SessionHost {
  /** Connections that should run on some node (not paused or disconnected by a person). */
  wanted(): Promise<number[]>;
  /** Starts a connection's session; every write of its credentials and keys carries `token`. */
  start(connectionId: number, token: number): Promise<void>;
  /**
   * Stops a session and writes its pending keys (while the lease still holds, except for "lost": then nothing
   * may be written, the fence refuses it anyway).
   */
  stop(connectionId: number, why: "lost" | "drain" | "shutdown" | "unwanted"): Promise<void>;
  /** A lease taken here had run out on another node that never handed it back (`Acquired.expiredOn`). */
  inherit?(connectionId: number, from: { nodeId: string; renewedAt: number }): void;
  /** Leases this node just handed back: the other nodes may take them now rather than at their next round. */
  released?(connectionIds: number[]): void;
}

/** A node id unique to this process (two processes never share one): host, pid and a random part. */
export const newNodeId = () => `${hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`;

/** Rendezvous weight of a node for a connection: every node computes the same. */
function weight(nodeId: string, connectionId: number): bigint {
  return createHash("sha256").update(`${nodeId}\u0000${connectionId}`).digest().readBigUInt64BE(0);
}

/**
 * The spread rule: which live node should take each free connection. Connections in id order each go to the node
 * with the fewest sessions so far (counting those just given), ties broken by rendezvous hashing (the highest
 * hash of node and connection), so every node that reads the same snapshot computes the same plan, and a free
 * connection lands on the least loaded node. Sessions already running never move (no reconnect storm when a
 * node joins); `drain` moves them deliberately.
 */
export function planSpread(free: number[], nodes: NodeLoad[]): Map<number, string> {
  const plan = new Map<number, string>();
  if (!nodes.length) return plan;
  const load = new Map(nodes.map((n) => [n.nodeId, n.leases]));
  for (const id of [...free].sort((a, b) => a - b)) {
    let best: string | null = null;
    let bestLoad = Number.POSITIVE_INFINITY;
    let bestWeight = -1n;
    for (const [nodeId, n] of load) {
      const w = n < bestLoad || n === bestLoad ? weight(nodeId, id) : -1n;
      if (n < bestLoad || (n === bestLoad && w > bestWeight)) {
        best = nodeId;
        bestLoad = n;
        bestWeight = w;
      }
    }
    plan.set(id, best as string);
    load.set(best as string, bestLoad + 1);
  }
  return plan;
}

export interface LeaseManagerOptions {
  renewMs?: number;
  /** The store's lease period: without a successful renewal for this long, sessions are stopped as lost. */
  leaseMs?: number;
  /** A free connection the plan gave another node is taken by any node after staying free this long. */
  graceMs?: number;
}

/**
 * Drives one node's leases: every `renewMs` it beats, renews (a lease lost stops its session at once), obeys a
 * drain request, stops sessions no longer wanted, and takes the free connections the spread gives it. Ticks never
 * overlap. `shutdown()` (SIGTERM) stops every session and hands every lease back at once.
 */
export class LeaseManager {
  private readonly held = new Map<number, number>();
  private readonly freeSince = new Map<number, number>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<void> | null = null;
  /** The round or take under way (they run one at a time: `serial`). */
  private queue: Promise<unknown> = Promise.resolve();
  private lastRenewed = performance.now();
  private closed = false;
  private rounds = 0;
  /** A nudge came while a round ran: one more round right after it. */
  private again = false;
  private readonly renewMs: number;
  private readonly leaseMs: number;
  private readonly graceMs: number;

  constructor(
    private readonly store: LeaseStore,
    private readonly host: SessionHost,
    opts: LeaseManagerOptions = {},
  ) {
    this.renewMs = opts.renewMs ?? RENEW_MS;
    this.leaseMs = opts.leaseMs ?? LEASE_MS;
    this.graceMs = opts.graceMs ?? 2 * this.renewMs;
  }

  get nodeId() {
    return this.store.nodeId;
  }

  /** The connections this node runs, with their fencing tokens. */
  leases(): ReadonlyMap<number, number> {
    return this.held;
  }

  /** The fencing token of a session this node runs, or null. */
  tokenOf(connectionId: number): number | null {
    return this.held.get(connectionId) ?? null;
  }

  /**
   * Takes a free connection now, outside the rounds (a person started it here: a new connection, a QR asked for), and
   * runs `start` with its token. Answers false when another node holds it (the caller routes the action there).
   */
  take(connectionId: number, start: (token: number) => Promise<void>): Promise<boolean> {
    return this.serial(async () => {
      if (this.closed) return false;
      // Taken by this node's round meanwhile: the person's start runs here with that lease's token.
      const mine = this.held.get(connectionId);
      if (mine !== undefined) {
        await start(mine);
        return true;
      }
      const lease = await this.store.acquire(connectionId);
      if (lease === null) return false;
      this.freeSince.delete(connectionId);
      this.held.set(connectionId, lease.token);
      this.inherit(connectionId, lease);
      await start(lease.token);
      return true;
    });
  }

  /**
   * Runs rounds and takes one at a time: a take between a round's renewal and its answer would count the lease on
   * (a new token), and the round would then see its old token refused and stop the session as lost.
   */
  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => {});
    return run;
  }

  /**
   * Hands one session back at once, as a drain does for all (`balcao rebalance`): its keys written, its lease released;
   * the spread then gives it to the least loaded node. Answers false when this node does not hold it.
   */
  handOver(connectionId: number): Promise<boolean> {
    return this.serial(async () => {
      if (this.closed || !this.held.has(connectionId)) return false;
      await this.handBack([connectionId], "drain");
      return true;
    });
  }

  /** A write of the session was refused by the fence: another node owns it now, so it stops here at once. */
  async lost(connectionId: number) {
    if (!this.held.delete(connectionId)) return;
    log.warn("connection fenced out: stopping its session", { node: this.nodeId, connectionId });
    await this.stopQuietly(connectionId, "lost");
  }

  /** Ticks now and then every `renewMs`. */
  start() {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.renewMs);
    this.timer.unref?.();
    void this.tick();
  }

  /** One round (tests call it by hand); a round already running is awaited instead of doubled. */
  tick(): Promise<void> {
    this.running ??= this.serial(() => this.round()).finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        void this.tick();
      }
    });
    return this.running;
  }

  /**
   * Another node just handed leases back (drain, SIGTERM, a hand-over): a round now takes what the spread gives this
   * node, instead of at the next tick. A round under way may have read the leases before: one more follows it.
   */
  nudge() {
    if (this.closed) return;
    if (this.running) this.again = true;
    else void this.tick();
  }

  private async round() {
    if (this.closed) return;
    try {
      const { draining } = await this.store.beat();
      await this.renew();
      if (draining) {
        await this.handBack([...this.held.keys()], "drain");
        return;
      }
      // A first round only announces the node: nodes started together then see each other in their first plan.
      if (this.rounds++ === 0) return;
      const wanted = await this.host.wanted();
      const keep = new Set(wanted);
      await this.handBack(
        [...this.held.keys()].filter((id) => !keep.has(id)),
        "unwanted",
      );
      await this.takeFree(wanted);
    } catch (e) {
      log.warn("lease round failed", { node: this.nodeId, err: String(e) });
      // No word from the database for a whole lease period: another node may own these sessions by now.
      if (performance.now() - this.lastRenewed >= this.leaseMs) await this.loseAll();
    }
  }

  private async renew() {
    if (!this.held.size) {
      this.lastRenewed = performance.now();
      return;
    }
    const asked = new Map(this.held);
    const kept = await this.store.renew(asked);
    this.lastRenewed = performance.now();
    for (const [id, token] of asked) {
      // Kept, or handed back or taken anew (another token) while the renewal ran: not lost.
      if (kept.has(id) || this.held.get(id) !== token) continue;
      this.held.delete(id);
      log.warn("connection lease lost: stopping its session", { node: this.nodeId, connectionId: id });
      await this.stopQuietly(id, "lost");
    }
  }

  private async takeFree(wanted: number[]) {
    const snap = await this.store.snapshot(wanted);
    const free = wanted.filter((id) => !snap.taken.has(id) && !this.held.has(id));
    const now = performance.now();
    for (const id of [...this.freeSince.keys()]) if (!free.includes(id)) this.freeSince.delete(id);
    const plan = planSpread(free, snap.nodes);
    for (const id of free) {
      const since = this.freeSince.get(id) ?? now;
      this.freeSince.set(id, since);
      // The plan's node takes it now; if that node does not (it died since its last beat), anyone after the grace.
      if (plan.get(id) !== this.nodeId && now - since < this.graceMs) continue;
      if (this.closed) return;
      const lease = await this.store.acquire(id);
      if (lease === null) continue;
      this.freeSince.delete(id);
      this.held.set(id, lease.token);
      this.inherit(id, lease);
      try {
        await this.host.start(id, lease.token);
      } catch (e) {
        log.warn("session did not start; lease handed back", { connectionId: id, err: String(e) });
        this.held.delete(id);
        await this.store.release(id, lease.token);
      }
    }
  }

  /** Tells the host of a lease taken over from a node that never handed it back (never fails the take). */
  private inherit(connectionId: number, lease: Acquired) {
    if (!lease.expiredOn) return;
    log.warn("connection lease taken over from a node that did not hand it back", {
      node: this.nodeId,
      connectionId,
      from: lease.expiredOn.nodeId,
    });
    try {
      this.host.inherit?.(connectionId, lease.expiredOn);
    } catch (e) {
      log.warn("lease inheritance failed", { connectionId, err: String(e) });
    }
  }

  /** Stops the sessions (keys written while the lease still holds), then releases their leases. */
  private async handBack(ids: number[], why: "drain" | "shutdown" | "unwanted", announce = true) {
    const released: number[] = [];
    for (const id of ids) {
      const token = this.held.get(id);
      if (token === undefined) continue;
      await this.stopQuietly(id, why);
      this.held.delete(id);
      await this.store.release(id, token);
      released.push(id);
    }
    if (announce) this.announce(released);
    return released;
  }

  /** Tells the host which leases went back (it tells the other nodes). */
  private announce(ids: number[]) {
    if (ids.length) this.host.released?.(ids);
  }

  private async loseAll() {
    for (const id of [...this.held.keys()]) {
      this.held.delete(id);
      await this.stopQuietly(id, "lost");
    }
  }

  private async stopQuietly(id: number, why: "lost" | "drain" | "shutdown" | "unwanted") {
    try {
      await this.host.stop(id, why);
    } catch (e) {
      log.warn("session stop failed", { connectionId: id, why, err: String(e) });
    }
  }

  /** Stops ticking, stops every session and hands every lease back, then leaves the cluster (SIGTERM). */
  async shutdown() {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    const released = await this.handBack([...this.held.keys()], "shutdown", false);
    await this.store.leave();
    // Told once this node is gone from the live ones: the spread then never gives a lease back to it.
    this.announce(released);
  }

  /** Stops ticking without handing anything back (tests: a node that froze or died). */
  halt() {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}

/**
 * The fencing tokens of the sessions a node runs, read by the channel's credential store (auth-store-pg.ts): a write
 * of a connection with a token goes through the fence; one whose lease was lost is refused before it reaches the
 * database; `onFenced` hears of every refusal (the node stops that session).
 */
export class FenceBook {
  private readonly tokens = new Map<number, number>();
  private readonly revoked = new Set<number>();
  onFenced: (connectionId: number) => void = () => {};

  /** The session runs here with `token` from now on. */
  set(connectionId: number, token: number) {
    this.revoked.delete(connectionId);
    this.tokens.set(connectionId, token);
  }
  /** The lease is gone (lost, handed back): no write of this session may land any more. */
  revoke(connectionId: number) {
    if (this.tokens.delete(connectionId)) this.revoked.add(connectionId);
  }
  /** No session of this connection here any more, and none to fence (a person's action on a free connection). */
  forget(connectionId: number) {
    this.tokens.delete(connectionId);
    this.revoked.delete(connectionId);
  }
  /** The token a write must carry: a number, "revoked" (refuse it), or null (no session here: no fence). */
  tokenOf(connectionId: number): number | "revoked" | null {
    return this.tokens.get(connectionId) ?? (this.revoked.has(connectionId) ? "revoked" : null);
  }
}

/**
 * The single box's lease store: one process per data folder (the instance lock) means every lease is this node's.
 * Tokens still count up per acquisition, so a session restarted in the same process fences its earlier self.
 */
export class LocalLeaseStore implements LeaseStore {
  readonly nodeId = "local";
  private readonly tokens = new Map<number, number>();
  private readonly live = new Set<number>();

  async beat() {
    return { draining: false };
  }
  async acquire(connectionId: number) {
    const token = (this.tokens.get(connectionId) ?? 0) + 1;
    this.tokens.set(connectionId, token);
    this.live.add(connectionId);
    return { token };
  }
  async renew(held: ReadonlyMap<number, number>) {
    return new Set([...held].filter(([id, t]) => this.tokens.get(id) === t).map(([id]) => id));
  }
  async release(connectionId: number, token: number) {
    if (this.tokens.get(connectionId) === token) this.live.delete(connectionId);
  }
  async snapshot(wanted: number[]) {
    return { nodes: [{ nodeId: this.nodeId, leases: this.live.size }], taken: new Set(wanted.filter((id) => this.live.has(id))) };
  }
  async owners() {
    return [...this.live].map((connectionId) => ({ connectionId, nodeId: this.nodeId, token: this.tokens.get(connectionId) ?? 0, expiresAt: 0 }));
  }
  async leave() {}
  /** Whether a write carrying `token` may land (the current token of the connection). */
  holds(connectionId: number, token: number) {
    return this.tokens.get(connectionId) === token;
  }
}
