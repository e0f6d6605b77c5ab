/**
 * The inbound spool: a customer's message that could not be stored (disk full, database busy, a
 * bug) is never dropped. It waits here — in memory and, when the disk allows, as a file in
 * `data/inbound-spool/` so a restart finds it — and is retried with backoff until it is stored.
 * Storage is idempotent (unique per connection + channel id), so a retry stores it exactly once.
 * The queue is bounded: while it is full, new messages wait for room (back-pressure on the
 * channel) instead of being dropped.
 *
 * Several nodes (PostgreSQL with a bucket): each entry is also written to the bucket (`spool/…`), and every node's
 * retry adopts the entries there that have waited longer than a node takes to retry its own: a node that died (its
 * folder with it) leaves nothing behind. Two nodes retrying one entry store it once (the unique key), and the one
 * that stores it (or finds it stored) removes the bucket's copy.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createHash } from "node:crypto";
import { log } from "../lib/logger";
import type { BlobStore } from "../lib/blob-store";
import type { InboundSpool as InboundSpoolPort, SpoolEntry } from "../core/inbound";

const MAX_ENTRIES = 10_000;
const BACKOFF_START_MS = 500;
const BACKOFF_MAX_MS = 30_000;
/** The bucket's folder of spooled entries (several nodes). */
const SHARED_PREFIX = "spool/";
/** An entry in the bucket older than this is adopted by any node (its own node retries it far sooner when alive). */
export const ADOPT_AFTER_MS = 2 * 60_000;
/** How often a node looks in the bucket for entries to adopt. */
const ADOPT_EVERY_MS = 30_000;

/** Where other nodes see an entry: the bucket, for several nodes (null: this node's folder only). */
export interface SharedSpool {
  blobs: BlobStore;
  adoptAfterMs?: number;
}

/** Keeps entries in arrival order and retries them through `store`. */
export class InboundSpool implements InboundSpoolPort {
  private readonly entries = new Map<string, SpoolEntry>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private delay = BACKOFF_START_MS;
  private draining: Promise<void> | null = null;
  private readonly waiters: (() => void)[] = [];

  private lastAdopt = 0;

  constructor(
    private readonly dir: string,
    private readonly store: (e: SpoolEntry) => Promise<void>,
    private readonly shared: SharedSpool | null = null,
  ) {}

  size() {
    return this.entries.size;
  }

  /** True while the message (spoolKey) waits here: received, not stored yet. */
  has(key: string) {
    return this.entries.has(key);
  }

  /** Loads entries left by a previous process (boot) and schedules their retry. */
  load(): number {
    let files: string[] = [];
    try {
      files = readdirSync(this.dir).filter((f) => f.endsWith(".json"));
    } catch {
      return 0;
    }
    for (const f of files.sort()) {
      try {
        const e = JSON.parse(readFileSync(join(this.dir, f), "utf8")) as SpoolEntry;
        this.entries.set(e.key, e);
      } catch (err) {
        log.error("unreadable inbound spool file kept aside", { file: f, err: String(err) });
      }
    }
    if (this.entries.size) this.schedule(0);
    return this.entries.size;
  }

  /** Adds a message that failed to store; waits while the spool is full. */
  async add(entry: SpoolEntry) {
    // A redelivery of a message already waiting changes nothing (one entry, one file per message).
    if (this.entries.has(entry.key)) return;
    while (this.entries.size >= MAX_ENTRIES) await new Promise<void>((r) => this.waiters.push(r));
    this.entries.set(entry.key, entry);
    this.persist(entry);
    this.share(entry);
    this.schedule(this.delay);
  }

  /** Retries every waiting entry now, in arrival order; stops at the first that still fails. */
  drain(): Promise<void> {
    this.draining ??= this.run().finally(() => {
      this.draining = null;
    });
    return this.draining;
  }

  stop() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private async run() {
    await this.adopt();
    for (const e of [...this.entries.values()]) {
      try {
        await this.store(e);
      } catch (err) {
        e.attempts++;
        this.persist(e);
        if (e.attempts === 1 || e.attempts % 20 === 0)
          log.warn("spooled inbound message still cannot be stored", { key: e.key, attempts: e.attempts, err: String(err) });
        this.delay = Math.min(BACKOFF_MAX_MS, this.delay * 2);
        this.schedule(this.delay);
        return;
      }
      this.entries.delete(e.key);
      this.unlink(e);
      this.unshare(e);
      this.waiters.shift()?.();
    }
    this.delay = BACKOFF_START_MS;
  }

  /** The bucket's key of an entry (its spool key hashed: any characters are safe). */
  private sharedKey(e: SpoolEntry) {
    return `${SHARED_PREFIX}${createHash("sha256").update(e.key).digest("hex")}.json`;
  }

  /** Best effort: an unreachable bucket leaves the entry in this node's folder, as on one box. */
  private share(e: SpoolEntry) {
    if (!this.shared) return;
    const { download: _d, ...data } = e;
    this.shared.blobs.put(this.sharedKey(e), JSON.stringify(data), { type: "application/json" }).catch((err) => {
      log.warn("inbound spool: entry not copied to the bucket", { key: e.key, err: String(err) });
    });
  }

  private unshare(e: SpoolEntry) {
    this.shared?.blobs.delete(this.sharedKey(e)).catch(() => {
      // adopted later by some node and found already stored: removed then
    });
  }

  /**
   * Takes the bucket's entries that waited longer than their node would (a node gone), at most every 30 s (the
   * inbound.spool-retry job drains every node's spool every 10 s).
   */
  private async adopt() {
    if (!this.shared || Date.now() - this.lastAdopt < ADOPT_EVERY_MS) return;
    this.lastAdopt = Date.now();
    const after = this.shared.adoptAfterMs ?? ADOPT_AFTER_MS;
    try {
      for (const key of await this.shared.blobs.list(SHARED_PREFIX)) {
        const read = await this.shared.blobs.get(key);
        if (!read) continue;
        const e = JSON.parse(await new Response(read.stream).text()) as SpoolEntry;
        if (this.entries.has(e.key) || Date.now() - e.firstAt < after) continue;
        if (this.entries.size >= MAX_ENTRIES) break;
        this.entries.set(e.key, e);
        log.info("inbound spool: adopted an entry another node left", { key: e.key });
      }
    } catch (err) {
      log.warn("inbound spool: the bucket's entries could not be read", { err: String(err) });
    }
  }

  private schedule(ms: number) {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.drain();
    }, ms);
    this.timer.unref?.();
  }

  private file(e: SpoolEntry) {
    return join(this.dir, `${String(e.firstAt).padStart(15, "0")}-${e.key.replace(/[^A-Za-z0-9_-]/g, "_")}.json`);
  }

  /** Best effort: with a full disk the entry stays in memory until the write works. */
  private persist(e: SpoolEntry) {
    try {
      mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      const { download: _d, ...data } = e;
      writeFileSync(this.file(e), JSON.stringify(data), { mode: 0o600 });
    } catch {
      // kept in memory; the next attempt writes it again
    }
  }

  private unlink(e: SpoolEntry) {
    try {
      rmSync(this.file(e), { force: true });
    } catch {
      // a leftover file is retried at boot and found already stored
    }
  }
}
