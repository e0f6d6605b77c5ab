/**
 * The realtime bus over PostgreSQL LISTEN/NOTIFY (postgres.js `listen`, `pg_notify`). Every node listens on one
 * channel; PostgreSQL hands each notification to each listening session once, in commit order, the same order
 * for everyone. A NOTIFY payload must stay under 8,000 bytes, so bodies travel in envelopes: consecutive small
 * bodies share one notification (fewer wake-ups under a burst), a big one is cut into parts sent in one
 * transaction: PostgreSQL delivers a transaction's notifications in the order sent, after one another (its queue
 * takes a committing transaction's entries under one lock), so the receiver glues them back with no table row to
 * write, read on every node and clean up, and no second query on the hot path. An envelope is
 * `m|<node>|<seq>|<part>|<parts>|<data>`, data being (the part of) a JSON array of bodies; `seq` counts a node's
 * envelopes, so a receiver notices envelopes it missed. Each node skips its own.
 *
 * Two connections per node: one publishes (max 1: one connection keeps the node's order), one listens. The
 * listening one is watched: the node pings itself every `pingMs` through the channel, and when its own pings stop
 * coming back (postgres.js re-listens after a lost connection, but gives up if the database is away at that
 * moment) the listener is thrown away and made anew. Either way subscribers get a "reconnected" gap.
 */
import postgres from "postgres";
import { log } from "../lib/logger";
import { BusListeners, type BusFrame, type BusGap, type RealtimeBus } from "./bus";

/** PostgreSQL refuses payloads of 8,000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7_900;
/** Room for the envelope's header (a node id is at most 100 characters). */
const DATA_BYTES = MAX_PAYLOAD_BYTES - 200;
/** Notifications per transaction while a backlog is sent (an envelope is never cut across two transactions). */
const BATCH = 200;
/** Bodies waiting to be sent (the database unreachable): past this the oldest are dropped, and the others see a gap. */
export const MAX_QUEUE = 10_000;
export const PING_MS = 5_000;

export interface PgBusOptions {
  nodeId: string;
  channel?: string;
  /** How often the node pings itself through the channel; three missed pings rebuild the listener. */
  pingMs?: number;
}

/** Cuts a string into pieces of at most `maxBytes` UTF-8 bytes, never inside a character. */
export function splitUtf8(s: string, maxBytes: number): string[] {
  if (Buffer.byteLength(s) <= maxBytes) return [s];
  const out: string[] = [];
  let start = 0;
  let bytes = 0;
  let i = 0;
  for (const ch of s) {
    const cp = ch.codePointAt(0) as number;
    const n = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    if (bytes + n > maxBytes) {
      out.push(s.slice(start, i));
      start = i;
      bytes = 0;
    }
    bytes += n;
    i += ch.length;
  }
  out.push(s.slice(start));
  return out;
}

/** The realtime bus of several nodes over PostgreSQL. Open it with `PgBus.open`. */
export class PgBus<T = BusFrame> implements RealtimeBus<T> {
  private readonly pub: postgres.Sql;
  private sub: postgres.Sql | null = null;
  private readonly listeners = new BusListeners<T>();
  private readonly channel: string;
  private readonly pingMs: number;
  private queue: T[] = [];
  private pings = 0;
  private seq = 0;
  private sending: Promise<void> | null = null;
  private readonly lastSeq = new Map<string, number>();
  /** Per sender: the envelope whose parts are arriving. */
  private readonly partial = new Map<string, { seq: number; parts: string[] }>();
  private lastPing = performance.now();
  private listenedOnce = false;
  private rebuilding = false;
  private timer: ReturnType<typeof setInterval> | null = null;
  private closed = false;

  private constructor(
    private readonly url: string,
    readonly nodeId: string,
    opts: PgBusOptions,
  ) {
    if (!/^[^|\s]{1,100}$/.test(nodeId)) throw new Error(`bad bus node id ${nodeId}`);
    this.channel = opts.channel ?? "balcao_realtime";
    this.pingMs = opts.pingMs ?? PING_MS;
    this.pub = postgres(url, { max: 1, onnotice: () => {}, connection: { application_name: `balcao-bus-pub ${nodeId}` } });
  }

  /** Connects, listens, and resolves once this node hears the channel. */
  static async open<T = BusFrame>(url: string, opts: PgBusOptions): Promise<PgBus<T>> {
    const bus = new PgBus<T>(url, opts.nodeId, opts);
    await bus.listen();
    bus.timer = setInterval(() => bus.watch(), bus.pingMs);
    bus.timer.unref?.();
    return bus;
  }

  /** Whether this node hears the channel now: its listener is up and its own pings come back (readiness). */
  get listening() {
    return !this.closed && this.sub !== null && !this.rebuilding && performance.now() - this.lastPing < 3 * this.pingMs;
  }

  publish(body: T) {
    if (this.closed) return;
    this.queue.push(body);
    if (this.queue.length > MAX_QUEUE) {
      // The numbering skips the dropped bodies' envelope, so every other node learns it missed something.
      this.queue.splice(0, this.queue.length - MAX_QUEUE);
      this.seq++;
    }
    this.sending ??= this.send();
  }

  subscribe(fn: (body: T, from: string) => void) {
    return this.listeners.subscribe(fn);
  }

  onGap(fn: (gap: BusGap) => void) {
    return this.listeners.onGap(fn);
  }

  async flush() {
    while (this.sending) await this.sending;
  }

  async close() {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.flush();
    await Promise.all([this.pub.end({ timeout: 1 }), this.sub?.end({ timeout: 1 })]);
  }

  /** Sends what is queued, in order, batch after batch, until the queue is empty. */
  private async send() {
    try {
      while (this.queue.length || this.pings) {
        const envelopes = this.envelopes(this.queue.splice(0));
        if (this.pings) envelopes.unshift([`p|${this.nodeId}|0|0|1|`]);
        this.pings = 0;
        for (const batch of batches(envelopes)) {
          try {
            await this.pub.begin((tx) => batch.map((p) => tx`SELECT pg_notify(${this.channel}, ${p})`));
          } catch (e) {
            // Lost for the others, who see the numbering jump and catch up; the next batch goes on.
            log.warn("realtime bus: frames not sent", { node: this.nodeId, notifications: batch.length, err: String(e) });
          }
        }
      }
    } finally {
      this.sending = null;
    }
  }

  /** Packs bodies into envelopes (each a list of notifications): small ones together, a big one cut into parts. */
  private envelopes(bodies: T[]): string[][] {
    const out: string[][] = [];
    let group: string[] = [];
    let bytes = 2;
    const seal = () => {
      if (!group.length) return;
      const seq = ++this.seq;
      const parts = splitUtf8(`[${group.join(",")}]`, DATA_BYTES);
      out.push(parts.map((data, i) => `m|${this.nodeId}|${seq}|${i}|${parts.length}|${data}`));
      group = [];
      bytes = 2;
    };
    for (const b of bodies) {
      const json = JSON.stringify(b);
      const n = Buffer.byteLength(json) + 1;
      if (group.length && bytes + n > DATA_BYTES) seal();
      group.push(json);
      bytes += n;
    }
    seal();
    return out;
  }

  private onNotify(payload: string) {
    const f = payload.split("|", 5);
    const [kind, from] = f;
    if (from === this.nodeId) {
      if (kind === "p") this.lastPing = performance.now();
      return;
    }
    if (kind !== "m" || f.length < 5) return;
    const seq = Number(f[2]);
    const part = Number(f[3]);
    const parts = Number(f[4]);
    const data = payload.slice(f.join("|").length + 1);
    if (parts === 1) return this.accept(from, seq, data);
    // The parts of one envelope come in order (one sender, one transaction); another sender's may not cut in
    // (PostgreSQL queues a transaction's notifications together) but each sender has its own slot anyway.
    if (part === 0) this.partial.set(from, { seq, parts: [] });
    const p = this.partial.get(from);
    if (!p || p.seq !== seq || p.parts.length !== part) {
      this.partial.delete(from);
      return;
    }
    p.parts.push(data);
    if (p.parts.length === parts) {
      this.partial.delete(from);
      this.accept(from, seq, p.parts.join(""));
    }
  }

  private accept(from: string, seq: number, data: string) {
    let last = this.lastSeq.get(from);
    // Numbering starts again at 1 only when a process reuses a node id (ids are per process: newNodeId).
    if (seq === 1) last = undefined;
    if (last !== undefined && seq <= last) return;
    if (last !== undefined && seq > last + 1) this.listeners.gap({ reason: "missed", from }, warn);
    this.lastSeq.delete(from);
    this.lastSeq.set(from, seq);
    if (this.lastSeq.size > 1_000) this.lastSeq.delete(this.lastSeq.keys().next().value as string);
    let bodies: T[];
    try {
      bodies = JSON.parse(data);
    } catch (e) {
      return warn(e);
    }
    for (const b of bodies) this.listeners.deliver(b, from, warn);
  }

  private async listen() {
    // max_lifetime null: postgres.js would otherwise recycle the listening connection every 30-60 minutes (a gap each time).
    const sub = postgres(this.url, { max: 1, max_lifetime: null, onnotice: () => {}, connection: { application_name: `balcao-bus ${this.nodeId}` } });
    this.sub = sub;
    await sub.listen(
      this.channel,
      (x) => this.onNotify(x),
      () => this.onListen(),
    );
  }

  /** Called by postgres.js at every LISTEN it (re)issues: after the first one, frames may have been missed. */
  private onListen() {
    this.lastPing = performance.now();
    if (this.listenedOnce) {
      log.warn("realtime bus: listening again after a lost connection", { node: this.nodeId });
      this.listeners.gap({ reason: "reconnected" }, warn);
    }
    this.listenedOnce = true;
  }

  /** Pings itself; rebuilds the listener when its pings stopped coming back. */
  private watch() {
    if (this.closed) return;
    this.pings++;
    this.sending ??= this.send();
    if (this.rebuilding || performance.now() - this.lastPing < 3 * this.pingMs) return;
    this.rebuilding = true;
    const old = this.sub;
    this.sub = null;
    void old?.end({ timeout: 0 }).catch(() => {});
    this.listen()
      .catch((e) => log.warn("realtime bus: cannot listen yet", { node: this.nodeId, err: String(e) }))
      .finally(() => {
        this.rebuilding = false;
      });
  }
}

/** Groups envelopes into transactions of about BATCH notifications; an envelope is never cut across two. */
export function batches(envelopes: string[][]): string[][] {
  const out: string[][] = [];
  let cur: string[] = [];
  for (const e of envelopes) {
    if (cur.length && cur.length + e.length > BATCH) {
      out.push(cur);
      cur = [];
    }
    cur.push(...e);
  }
  if (cur.length) out.push(cur);
  return out;
}

function warn(e: unknown) {
  log.warn("realtime bus: a subscriber failed", { err: String(e) });
}
