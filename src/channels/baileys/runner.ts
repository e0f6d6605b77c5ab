/**
 * The connection supervisor for one WhatsApp (Baileys) connection: at most one live socket, the
 * spec's session states, reconnect policy by close cause (BAILEYS.md §4), and the ChannelAdapter
 * calls. Baileys never reconnects by itself; every reconnect here is a new socket with fresh listeners.
 */
import {
  Browsers,
  type BaileysEventMap,
  DisconnectReason,
  downloadMediaMessage,
  isJidBroadcast,
  isJidNewsletter,
  jidDecode,
  makeCacheableSignalKeyStore,
  makeWASocket,
  type WAMessage,
  type WASocket,
} from "baileys";
import type { ILogger } from "baileys/lib/Utils/logger";
import type {
  ChannelAdapter,
  ChannelEvents,
  Outgoing,
  SendResult,
  SessionStatus,
  StartOptions,
} from "../types";
import type { ConnectionAuth, SqliteAuthStore } from "./auth-store";
import { TtlCache } from "./cache";
import { fromRaw, mapCalls, mapIdentities, mapReceipts, mapUpdates, mapUpsert, toRaw } from "./mapping";
import { type AudioConverter, buildContent, ffmpegConverter, needsConversion, sendOptions } from "./send";
import { resolveWaVersion } from "./version";

/** Timings and limits; production defaults, tests shrink them. */
export interface BaileysTiming {
  connectTimeoutMs: number;
  keepAliveIntervalMs: number;
  /** Lifetime of each QR (undefined: Baileys' 60 s first, 20 s later). */
  qrTimeoutMs?: number;
  /** A socket neither open nor showing a QR after this long is ended and retried. */
  watchdogMs: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** ± fraction applied to each backoff delay. */
  jitter: number;
  /** Connected this long resets the backoff exponent. */
  stableMs: number;
  /** Delay before reconnecting after 515 restart-required. */
  restartDelayMs: number;
  /** QR codes shown per user request before giving up. */
  qrCap: number;
  /** `breakerThreshold` conflicts (440) within `breakerWindowMs` open the breaker for `breakerCooldownMs`. */
  breakerThreshold: number;
  breakerWindowMs: number;
  breakerCooldownMs: number;
  /** How long requestPairingCode() waits for the socket to be ready for it. */
  pairingCodeWaitMs: number;
}

export const DEFAULT_TIMING: BaileysTiming = {
  connectTimeoutMs: 20_000,
  keepAliveIntervalMs: 30_000,
  qrTimeoutMs: undefined,
  watchdogMs: 60_000,
  backoffBaseMs: 2_000,
  backoffMaxMs: 300_000,
  jitter: 0.2,
  stableMs: 60_000,
  restartDelayMs: 0,
  qrCap: 3,
  breakerThreshold: 3,
  breakerWindowMs: 10 * 60_000,
  breakerCooldownMs: 30 * 60_000,
  pairingCodeWaitMs: 30_000,
};

/** What every Baileys runner of the process shares. */
export interface BaileysDeps {
  store: SqliteAuthStore;
  timing?: Partial<BaileysTiming>;
  /** WebSocket URL override (tests only; the factory refuses it outside NODE_ENV=test). */
  wsUrl?: string;
  /** Fetch the current WhatsApp Web version at connect (default: true unless wsUrl is overridden). */
  fetchVersion?: boolean;
  logger?: ILogger;
  /** Random source for jitter (tests pass a constant). */
  random?: () => number;
  audioConverter?: AudioConverter;
}

export interface RunnerIdentity {
  connectionId: number;
  companyId: number;
  events: ChannelEvents;
  loadRaw?: (messageId: string) => Promise<unknown> | unknown;
}

/** How a close is handled (exported for tests and for the connections page's reason text). */
export type CloseAction =
  | { kind: "restart" }
  | { kind: "backoff" }
  | { kind: "logged_out" }
  | { kind: "replaced" }
  | { kind: "terminal"; reason: string }
  | { kind: "version" }
  | { kind: "unpaired"; reason: string };

/** Close classification by (paired?, status code, message): BAILEYS.md §1.3, §4, R8. */
export function classifyClose(code: number | undefined, message: string | undefined, paired: boolean): CloseAction {
  if (code === DisconnectReason.restartRequired) return { kind: "restart" };
  if (code === DisconnectReason.loggedOut) return { kind: "logged_out" };
  if (code === DisconnectReason.connectionReplaced) return { kind: "replaced" };
  if (code === 403 || code === 402 || code === 406 || code === DisconnectReason.multideviceMismatch) {
    return { kind: "terminal", reason: `closed_${code}` };
  }
  if (code === 405) return { kind: "version" };
  // an unpaired socket is a QR/pairing session: never loop back into QR mode by ourselves
  if (!paired) return { kind: "unpaired", reason: /QR refs attempts ended/i.test(message ?? "") ? "qr_expired" : "unpaired_closed" };
  // 408, 428, 500 (also TLS errors: never wipe), 503, undefined, plain errors
  return { kind: "backoff" };
}

/** min(max, base·2^n) ± jitter. */
export function backoffDelay(attempt: number, t: Pick<BaileysTiming, "backoffBaseMs" | "backoffMaxMs" | "jitter">, rnd = Math.random) {
  const raw = Math.min(t.backoffMaxMs, t.backoffBaseMs * 2 ** attempt);
  return Math.max(0, Math.round(raw * (1 + (rnd() * 2 - 1) * t.jitter)));
}

const NOT_READY = "ERR_WAPP_NOT_INITIALIZED";

const statusCodeOf = (err: unknown): number | undefined =>
  (err as { output?: { statusCode?: number } } | undefined)?.output?.statusCode;

/** One connection's supervisor and ChannelAdapter. */
export class BaileysRunner implements ChannelAdapter {
  readonly kind = "baileys";
  status: SessionStatus = "DISCONNECTED";
  /** Why the last DISCONNECTED/TIMEOUT happened (for the UI and tests). */
  lastReason: string | undefined;
  /** Number of sockets created (reconnect accounting). */
  socketsCreated = 0;

  private readonly t: BaileysTiming;
  private readonly log: ILogger;
  private gen = 0;
  private sock: WASocket | null = null;
  private unsubscribe: (() => void) | null = null;
  private auth: ConnectionAuth | null = null;
  private starting: Promise<void> | null = null;
  private wanted = false;
  private attempt = 0;
  private qrCount = 0;
  private versionRetried = false;
  private pairingNumber: string | null = null;
  private pairingRequested = false;
  private pairingWaiters: { resolve(code: string): void; reject(e: Error): void }[] = [];
  private conflicts: number[] = [];
  private breakerUntil = 0;
  private timers: { reconnect?: Timer; watchdog?: Timer; stable?: Timer } = {};
  private inbound: Promise<void> = Promise.resolve();
  /** Long-lived per connection: retry counters and the signal key cache survive reconnects. */
  private readonly retryCounters = new TtlCache(60 * 60_000);
  private readonly keyCache = new TtlCache(5 * 60_000, 50_000);

  constructor(
    private readonly id: RunnerIdentity,
    private readonly deps: BaileysDeps,
  ) {
    this.t = { ...DEFAULT_TIMING, ...deps.timing };
    this.log = deps.logger ?? quietLogger;
  }

  get connectionId() {
    return this.id.connectionId;
  }

  /** True while a socket exists (connecting, showing QR or open). */
  get live() {
    return this.sock !== null;
  }

  // ── lifecycle ────────────────────────────────────────────────────────────

  async start(opts: StartOptions = {}): Promise<void> {
    if (this.breakerUntil > Date.now() && !opts.force) {
      this.setStatus("DISCONNECTED", { reason: "conflict_breaker" });
      return;
    }
    if (opts.force) this.breakerUntil = 0;
    this.wanted = true;
    this.qrCount = 0;
    this.versionRetried = false;
    if (opts.pairingNumber !== undefined) {
      this.pairingNumber = opts.pairingNumber.replace(/\D/g, "") || null;
      this.pairingRequested = false;
    }
    if (opts.fresh) {
      this.teardown();
      this.wipeAll();
    }
    if (this.sock) return; // single live socket: a start while live is a no-op
    await this.openSingleFlight();
  }

  async stop(): Promise<void> {
    this.wanted = false;
    this.clearTimers();
    this.teardown();
    this.rejectPairingWaiters(new Error("stopped"));
    this.setStatus("DISCONNECTED", { reason: "stopped" });
  }

  async logout(): Promise<void> {
    this.wanted = false;
    this.clearTimers();
    const sock = this.sock;
    const unsubscribe = this.unsubscribe;
    this.sock = null;
    this.unsubscribe = null;
    this.gen++;
    unsubscribe?.();
    if (sock) {
      try {
        // sends remove-companion-device when the socket is open, then ends with 401
        await Promise.race([sock.logout(), Bun.sleep(3_000)]);
      } catch (e) {
        this.log.warn({ err: String(e) }, "logout on an unopened socket; wiping locally");
      }
      safeEnd(sock);
    }
    this.wipeAll();
    this.rejectPairingWaiters(new Error("logged out"));
    this.setStatus("DISCONNECTED", { reason: "logged_out" });
  }

  private openSingleFlight(): Promise<void> {
    if (!this.starting) {
      this.starting = this.openSocket().finally(() => {
        this.starting = null;
      });
    }
    return this.starting;
  }

  private async openSocket(): Promise<void> {
    clearTimeout(this.timers.reconnect);
    this.teardown();
    this.setStatus("OPENING");
    const allowFetch = this.deps.fetchVersion ?? !this.deps.wsUrl;
    const version = await resolveWaVersion(allowFetch);
    if (!this.wanted || this.sock) return; // stopped while fetching the version
    // read the creds only now: a "fresh" start may have wiped them during the await
    const gen = ++this.gen;
    const auth = this.deps.store.open(this.connectionId);
    this.auth = auth;
    const sock = makeWASocket({
      auth: { creds: auth.state.creds, keys: makeCacheableSignalKeyStore(auth.state.keys, this.log, this.keyCache) },
      ...(version ? { version } : {}),
      ...(this.deps.wsUrl ? { waWebSocketUrl: this.deps.wsUrl } : {}),
      logger: this.log,
      browser: Browsers.ubuntu("Chrome"),
      markOnlineOnConnect: false,
      syncFullHistory: false,
      connectTimeoutMs: this.t.connectTimeoutMs,
      keepAliveIntervalMs: this.t.keepAliveIntervalMs,
      qrTimeout: this.t.qrTimeoutMs,
      msgRetryCounterCache: this.retryCounters,
      shouldIgnoreJid: (jid) => !!(isJidBroadcast(jid) || isJidNewsletter(jid)),
      getMessage: async (key) => {
        if (!key.id || !this.id.loadRaw) return undefined;
        const raw = await this.id.loadRaw(key.id);
        return raw ? (fromRaw<WAMessage>(raw).message ?? undefined) : undefined;
      },
    });
    this.socketsCreated++;
    this.sock = sock;
    this.unsubscribe = sock.ev.process((events) => this.onEvents(gen, sock, events));
    this.armWatchdog(gen, sock);
  }

  /** Removes our listeners first, then ends the socket (so its close cannot schedule anything). */
  private teardown() {
    clearTimeout(this.timers.watchdog);
    clearTimeout(this.timers.stable);
    const sock = this.sock;
    const unsubscribe = this.unsubscribe;
    this.sock = null;
    this.unsubscribe = null;
    this.gen++;
    unsubscribe?.();
    if (sock) safeEnd(sock);
  }

  private wipeAll() {
    this.deps.store.wipe(this.connectionId);
    this.keyCache.flushAll();
    this.retryCounters.flushAll();
    this.auth = null;
  }

  private clearTimers() {
    clearTimeout(this.timers.reconnect);
    clearTimeout(this.timers.watchdog);
    clearTimeout(this.timers.stable);
  }

  private armWatchdog(gen: number, sock: WASocket) {
    clearTimeout(this.timers.watchdog);
    this.timers.watchdog = setTimeout(() => {
      if (gen !== this.gen || this.sock !== sock) return;
      this.log.warn({ connectionId: this.connectionId }, "watchdog: socket stuck connecting");
      // act at once: a hung socket may never emit its close
      this.teardown();
      this.afterClose(new Error("watchdog: stuck connecting"));
    }, this.t.watchdogMs);
  }

  // ── events ───────────────────────────────────────────────────────────────

  private async onEvents(gen: number, sock: WASocket, ev: Partial<BaileysEventMap>) {
    if (gen !== this.gen) return; // a stale socket
    if (ev["creds.update"]) this.auth?.saveCreds(); // synchronous SQLite: durable before anything else runs
    const cu = ev["connection.update"];
    if (cu) this.onConnectionUpdate(gen, sock, cu);

    const upsert = ev["messages.upsert"];
    if (upsert) {
      const { messages, identities, acks } = mapUpsert(upsert, (m) => this.download(m, sock));
      for (const pair of identities) this.emit("onIdentity", pair);
      if (messages.length) this.queueInbound(() => this.id.events.onMessages(messages));
      // after the messages, so an ack never precedes the row it updates
      if (acks.length) this.queueInbound(() => this.emit("onAck", acks));
    }
    const updates = ev["messages.update"];
    if (updates) {
      const { acks, edits, revokes } = mapUpdates(updates);
      if (acks.length) this.emit("onAck", acks);
      for (const e of edits) this.emit("onEdit", e);
      for (const r of revokes) this.emit("onRevoke", r);
    }
    const receipts = ev["message-receipt.update"];
    if (receipts) {
      const acks = mapReceipts(receipts);
      if (acks.length) this.emit("onAck", acks);
    }
    if (ev.call) for (const c of mapCalls(ev.call)) this.emit("onCall", c);
    const pairs = mapIdentities({
      mappings: [
        ...(ev["lid-mapping.update"] ? [ev["lid-mapping.update"]] : []),
        ...(ev["messaging-history.set"]?.lidPnMappings ?? []),
      ],
      contacts: [...(ev["contacts.upsert"] ?? []), ...(ev["contacts.update"] ?? [])],
    });
    for (const pair of pairs) this.emit("onIdentity", pair);
  }

  /** Inbound batches are delivered in order, one at a time; a failing handler is logged, not fatal. */
  private queueInbound(fn: () => void | Promise<void>) {
    this.inbound = this.inbound
      .then(fn)
      .catch((e) => this.log.error({ err: String(e), connectionId: this.connectionId }, "inbound handler failed"));
  }

  /** Waits until every inbound batch delivered so far has been handled. */
  drained(): Promise<void> {
    return this.inbound;
  }

  private emit<K extends keyof ChannelEvents>(name: K, ...args: Parameters<NonNullable<ChannelEvents[K]>>) {
    const fn = this.id.events[name] as ((...a: unknown[]) => unknown) | undefined;
    if (!fn) return;
    try {
      const r = fn.apply(this.id.events, args);
      if (r instanceof Promise) r.catch((e) => this.log.error({ err: String(e) }, `${name} handler failed`));
    } catch (e) {
      this.log.error({ err: String(e) }, `${name} handler failed`);
    }
  }

  private setStatus(status: SessionStatus, info: Parameters<ChannelEvents["onStatus"]>[1] = {}) {
    this.status = status;
    if (status === "DISCONNECTED" || status === "TIMEOUT") this.lastReason = info.reason;
    this.emit("onStatus", status, info);
  }

  private onConnectionUpdate(gen: number, sock: WASocket, u: BaileysEventMap["connection.update"]) {
    if (u.qr) this.onQr(gen, sock, u.qr);
    if (u.isNewLogin) {
      this.auth?.saveCreds();
      this.setStatus("PAIRING", { reason: "paired" });
    }
    if (u.connection === "open") this.onOpen(gen);
    if (u.connection === "close") {
      if (gen !== this.gen) return;
      this.teardown();
      this.afterClose(u.lastDisconnect?.error);
    }
  }

  private onQr(gen: number, sock: WASocket, qr: string) {
    clearTimeout(this.timers.watchdog); // showing a QR is not being stuck
    if (this.auth?.isPaired()) return;
    this.qrCount++;
    if (this.qrCount > this.t.qrCap) {
      this.giveUpUnpaired("qr_cap");
      return;
    }
    if (this.pairingNumber) {
      if (this.pairingRequested) return;
      this.pairingRequested = true;
      const number = this.pairingNumber;
      sock
        .requestPairingCode(number)
        .then((code) => {
          if (gen !== this.gen) return;
          this.setStatus("PAIRING", { pairingCode: code });
          for (const w of this.pairingWaiters.splice(0)) w.resolve(code);
        })
        .catch((e) => {
          this.log.warn({ err: String(e) }, "pairing code request failed");
          this.rejectPairingWaiters(e instanceof Error ? e : new Error(String(e)));
        });
      return;
    }
    this.setStatus("qrcode", { qrcode: qr, retries: this.qrCount });
  }

  private onOpen(gen: number) {
    if (gen !== this.gen) return;
    clearTimeout(this.timers.watchdog);
    this.qrCount = 0;
    this.pairingNumber = null;
    this.pairingRequested = false;
    this.versionRetried = false;
    this.setStatus("CONNECTED");
    clearTimeout(this.timers.stable);
    this.timers.stable = setTimeout(() => {
      this.attempt = 0;
    }, this.t.stableMs);
  }

  /** Decides what follows a close (our own listeners are already detached). */
  private afterClose(err: Error | undefined) {
    const paired = !!this.auth?.isPaired();
    if (paired) this.auth?.saveCreds();
    if (!this.wanted) return;
    const code = statusCodeOf(err);
    const action = classifyClose(code, err?.message, paired);
    this.log.warn({ connectionId: this.connectionId, code, reason: err?.message, action: action.kind }, "socket closed");
    switch (action.kind) {
      case "restart":
        // creds are already persisted (saved on creds.update and again above)
        if (this.status !== "PAIRING") this.setStatus("OPENING");
        this.scheduleOpen(this.t.restartDelayMs);
        return;
      case "logged_out":
        this.wanted = false;
        this.wipeAll();
        this.rejectPairingWaiters(new Error("logged out"));
        this.setStatus("DISCONNECTED", { reason: "logged_out" });
        return;
      case "replaced":
        this.wanted = false;
        this.recordConflict();
        this.setStatus("DISCONNECTED", { reason: this.breakerUntil > Date.now() ? "conflict_breaker" : "replaced" });
        return;
      case "terminal":
        this.wanted = false;
        this.setStatus("DISCONNECTED", { reason: action.reason });
        return;
      case "version":
        if (!this.versionRetried) {
          this.versionRetried = true;
          resolveWaVersion(this.deps.fetchVersion ?? !this.deps.wsUrl, true).finally(() => this.scheduleOpen(0));
          return;
        }
        this.wanted = false;
        this.setStatus("DISCONNECTED", { reason: "closed_405" });
        return;
      case "unpaired":
        this.giveUpUnpaired(action.reason);
        return;
      case "backoff": {
        const delay = backoffDelay(this.attempt, this.t, this.deps.random);
        this.attempt++;
        this.setStatus("TIMEOUT", { reason: code ? `closed_${code}` : (err?.message ?? "closed"), retries: this.attempt });
        this.scheduleOpen(delay);
        return;
      }
    }
  }

  /** QR/pairing session over: DISCONNECTED; only unpaired creds are discarded (never a linked device's). */
  private giveUpUnpaired(reason: string) {
    this.wanted = false;
    this.clearTimers();
    this.teardown();
    if (!this.auth?.isPaired()) this.deps.store.dropUnpairedCreds(this.connectionId);
    this.pairingNumber = null;
    this.pairingRequested = false;
    this.rejectPairingWaiters(new Error(reason));
    this.setStatus("DISCONNECTED", { reason });
  }

  private scheduleOpen(delay: number) {
    clearTimeout(this.timers.reconnect);
    this.timers.reconnect = setTimeout(() => {
      if (!this.wanted || this.sock) return;
      this.openSingleFlight().catch((e) => {
        this.log.error({ err: String(e) }, "reconnect failed");
        this.afterClose(e instanceof Error ? e : new Error(String(e)));
      });
    }, delay);
  }

  private recordConflict() {
    const now = Date.now();
    this.conflicts = this.conflicts.filter((t) => now - t < this.t.breakerWindowMs);
    this.conflicts.push(now);
    if (this.conflicts.length >= this.t.breakerThreshold) this.breakerUntil = now + this.t.breakerCooldownMs;
  }

  private rejectPairingWaiters(e: Error) {
    for (const w of this.pairingWaiters.splice(0)) w.reject(e);
  }

  private download(msg: WAMessage, sock: WASocket): Promise<Uint8Array> {
    const s = this.sock ?? sock;
    return downloadMediaMessage(msg, "buffer", {}, { logger: this.log, reuploadRequest: s.updateMediaMessage });
  }

  // ── ChannelAdapter calls ────────────────────────────────────────────────

  private openSock(): WASocket {
    if (!this.sock || this.status !== "CONNECTED") throw new Error(NOT_READY);
    return this.sock;
  }

  async send(msg: Outgoing): Promise<SendResult> {
    const sock = this.openSock();
    const converted = needsConversion(msg) ? await (this.deps.audioConverter ?? ffmpegConverter)((msg as { path: string }).path) : null;
    try {
      const sent = await sock.sendMessage(msg.to, buildContent(msg, converted?.path), sendOptions(msg));
      if (!sent?.key?.id) throw new Error("ERR_SENDING_WAPP_MSG");
      return { id: sent.key.id, ack: typeof sent.status === "number" ? sent.status : 1, raw: toRaw(sent) };
    } finally {
      await converted?.cleanup();
    }
  }

  async deleteForEveryone(target: { id: string; to: string; fromMe: boolean }): Promise<void> {
    await this.openSock().sendMessage(target.to, { delete: { remoteJid: target.to, fromMe: target.fromMe, id: target.id } });
  }

  async markRead(targets: { id: string; to: string; fromMe: boolean }[]): Promise<void> {
    if (!targets.length) return;
    await this.openSock().readMessages(targets.map((t) => ({ remoteJid: t.to, id: t.id, fromMe: t.fromMe })));
  }

  async checkNumber(number: string) {
    const digits = number.replace(/\D/g, "");
    if (!digits) return null;
    const [r] = (await this.openSock().onWhatsApp(digits)) ?? [];
    if (!r?.exists) return null;
    const canonical = jidDecode(r.jid)?.user ?? digits;
    return { exists: true, number: canonical, address: r.jid };
  }

  async profilePicture(address: string): Promise<string | null> {
    try {
      return (await this.openSock().profilePictureUrl(address, "image")) ?? null;
    } catch {
      return null;
    }
  }

  /**
   * Phone-number linking. Starts the connection when needed; the code is requested on the socket's
   * first QR (the socket must be registered with the server first) and also reported as PAIRING.
   */
  async requestPairingCode(number: string): Promise<string> {
    if (this.auth?.isPaired() && this.status === "CONNECTED") throw new Error("already paired");
    const code = new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("pairing code timeout")), this.t.pairingCodeWaitMs);
      this.pairingWaiters.push({
        resolve: (c) => {
          clearTimeout(timer);
          resolve(c);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
    });
    const digits = number.replace(/\D/g, "");
    if (this.sock && this.status === "qrcode" && !this.pairingRequested) {
      // already showing QR codes: switch this socket to a pairing code
      this.pairingNumber = digits;
      this.pairingRequested = true;
      const gen = this.gen;
      this.sock
        .requestPairingCode(digits)
        .then((c) => {
          if (gen !== this.gen) return;
          this.setStatus("PAIRING", { pairingCode: c });
          for (const w of this.pairingWaiters.splice(0)) w.resolve(c);
        })
        .catch((e) => this.rejectPairingWaiters(e instanceof Error ? e : new Error(String(e))));
    } else {
      await this.start({ pairingNumber: digits, fresh: !this.auth?.isPaired() && !this.sock });
    }
    return code;
  }
}

function safeEnd(sock: WASocket) {
  try {
    const r = sock.end(undefined) as unknown;
    if (r instanceof Promise) r.catch(() => {});
  } catch {}
}

const noop = () => {};
/** Baileys logs nothing unless a logger is supplied. */
const quietLogger: ILogger = {
  level: "silent",
  child: () => quietLogger,
  trace: noop,
  debug: noop,
  info: noop,
  warn: noop,
  error: noop,
};
