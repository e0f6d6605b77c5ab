/**
 * The realtime bus between nodes (docs/SCALING.md, "Realtime across nodes"): what one node's hub publishes reaches
 * the hub of every other node, once, in the order it was published. Each node then delivers to its own sockets
 * with its own visibility checks, as today. Several nodes: PostgreSQL LISTEN/NOTIFY (bus-pg.ts). One box: LocalBus,
 * whose publish costs nothing when it has no peers.
 */
import type { ServerFrame } from "../contract/frames";
import type { PublishOptions } from "../core/hub";

/** What crosses the bus for the hub: a published frame and what the receiving hub needs to deliver it. */
export interface BusFrame {
  rooms: string[];
  frame: ServerFrame;
  /** The conversation the frame shows: the receiving node checks each socket's user against it (R-PERM-3). */
  ticket?: PublishOptions["ticket"];
  /** The delete for the rooms the thing moved out of. */
  gone?: PublishOptions["gone"];
}

/** Frames may have been lost: the node's sockets should catch up (`POST /tickets/changes`), as after a wake-up. */
export interface BusGap {
  /** "reconnected": the node's listening connection was lost and is back; "missed": a sender's numbering jumped. */
  reason: "reconnected" | "missed";
  from?: string;
}

/** A bus between nodes carrying JSON bodies of type T. */
export interface RealtimeBus<T = BusFrame> {
  readonly nodeId: string;
  /**
   * Queues a body for every other node (not this one: its hub delivered it already). Bodies of one node reach
   * every other node in the order they were published; bodies of several nodes in one order, the same everywhere.
   */
  publish(body: T): void;
  /** Calls `fn` with every body another node published; answers the unsubscribe. */
  subscribe(fn: (body: T, from: string) => void): () => void;
  /** Calls `fn` when bodies may have been lost; answers the unsubscribe. */
  onGap(fn: (gap: BusGap) => void): () => void;
  /** Resolves once everything published so far has been handed to the other nodes. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** Listeners of a bus, shared by both implementations. */
export class BusListeners<T> {
  private readonly bodies = new Set<(body: T, from: string) => void>();
  private readonly gaps = new Set<(gap: BusGap) => void>();

  subscribe(fn: (body: T, from: string) => void) {
    this.bodies.add(fn);
    return () => void this.bodies.delete(fn);
  }
  onGap(fn: (gap: BusGap) => void) {
    this.gaps.add(fn);
    return () => void this.gaps.delete(fn);
  }
  /** Hands a body to every subscriber; one that throws does not stop the others. */
  deliver(body: T, from: string, warn: (err: unknown) => void) {
    for (const fn of this.bodies) {
      try {
        fn(body, from);
      } catch (e) {
        warn(e);
      }
    }
  }
  gap(gap: BusGap, warn: (err: unknown) => void) {
    for (const fn of this.gaps) {
      try {
        fn(gap);
      } catch (e) {
        warn(e);
      }
    }
  }
}

/**
 * The in-process bus: buses made with the same `peers` set hear each other synchronously (tests of several
 * nodes in one process). A single box has one bus and no peers, so publishing is free.
 */
export class LocalBus<T = BusFrame> implements RealtimeBus<T> {
  private readonly listeners = new BusListeners<T>();

  constructor(
    readonly nodeId = "local",
    private readonly peers: Set<LocalBus<T>> = new Set(),
  ) {
    peers.add(this);
  }

  publish(body: T) {
    if (this.peers.size < 2) return;
    for (const p of this.peers) if (p !== this) p.listeners.deliver(body, this.nodeId, () => {});
  }
  subscribe(fn: (body: T, from: string) => void) {
    return this.listeners.subscribe(fn);
  }
  onGap(fn: (gap: BusGap) => void) {
    return this.listeners.onGap(fn);
  }
  async flush() {}
  async close() {
    this.peers.delete(this);
  }
}

/** What one bus carries for several users of it (the hub's frames, the caches' forgets, commands): a topic and its body. */
export interface TopicBody {
  t: string;
  b: unknown;
}

/**
 * A view of one bus for one topic: bodies published here reach the same topic's subscribers on the other nodes, and
 * the view hears only its topic. One node thus keeps one LISTEN connection whatever uses the bus. Gaps, flush and
 * close are the bus's own (closing a view closes nothing: the node closes the bus).
 */
export function topicOf<T>(bus: RealtimeBus<TopicBody>, t: string): RealtimeBus<T> {
  return {
    nodeId: bus.nodeId,
    publish: (b: T) => bus.publish({ t, b }),
    subscribe: (fn) =>
      bus.subscribe((body, from) => {
        if (body.t === t) fn(body.b as T, from);
      }),
    onGap: (fn) => bus.onGap(fn),
    flush: () => bus.flush(),
    close: async () => {},
  };
}
