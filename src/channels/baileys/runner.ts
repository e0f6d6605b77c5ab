/**
 * The connection supervisor for one WhatsApp (Baileys) connection: at most one live socket, the
 * spec's session states, reconnect policy by close cause (BAILEYS.md §4), and the ChannelAdapter
 * calls. Baileys never reconnects by itself; every reconnect here is a new socket with fresh listeners.
 */
import { type BaileysEventMap, downloadMediaMessage, type WAMessage, type WASocket } from "baileys";
import type { ILogger } from "baileys/lib/Utils/logger";
import type { ChannelAdapter, ChannelEvents, Outgoing, SendResult, SessionStatus, StartOptions } from "../../core/channel";
import type { ConnectionAuth } from "./auth-store";
import { TtlCache } from "./cache";
import { checkNumber, deleteForEveryone, type MessageTarget, markRead, profilePicture, sendOutgoing } from "./calls";
import { EventForwarder } from "./events";
import { type BaileysTiming, backoffDelay, ConflictBreaker, classifyClose, DEFAULT_TIMING, statusCodeOf } from "./policy";
import { type BaileysDeps, quietLogger, type RunnerIdentity } from "./runner-deps";
import { mediaUrlAllowed, mediaUrlOf } from "./media-url";
import { GroupCache } from "./runner-groups";
import { PairingCode } from "./runner-pairing";
import { createSocket, safeEnd } from "./runner-socket";
import { resolveWaVersion } from "./version";

export type { BaileysTiming } from "./policy";
export type { BaileysDeps, RunnerIdentity } from "./runner-deps";

const NOT_READY = "ERR_WAPP_NOT_INITIALIZED";
/** A 401 this soon after a 515 restart is retried once (a "false logout"). */
const FALSE_LOGOUT_WINDOW_MS = 15_000;

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
  /** When the last 515 restart happened, and whether a 401 right after it was already retried. */
  private restartedAt = 0;
  private falseLogoutRetried = false;
  private readonly pairing = new PairingCode();
  private readonly breaker: ConflictBreaker;
  private timers: { reconnect?: Timer; watchdog?: Timer; stable?: Timer } = {};
  private readonly forwarder: EventForwarder;
  /** Long-lived per connection: retry counters and the signal key cache survive reconnects. */
  private readonly retryCounters = new TtlCache(60 * 60_000);
  private readonly keyCache = new TtlCache(5 * 60_000, 50_000);
  private readonly groups = new GroupCache();

  constructor(
    private readonly id: RunnerIdentity,
    private readonly deps: BaileysDeps,
  ) {
    this.t = { ...DEFAULT_TIMING, ...deps.timing };
    this.breaker = new ConflictBreaker(this.t);
    this.log = deps.logger ?? quietLogger;
    this.forwarder = new EventForwarder(id.events, this.log);
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
    if (this.breaker.isOpen() && !opts.force) {
      this.setStatus("DISCONNECTED", { reason: "conflict_breaker" });
      return;
    }
    if (opts.force) this.breaker.reset();
    this.wanted = true;
    this.qrCount = 0;
    this.restartedAt = 0;
    this.falseLogoutRetried = false;
    this.versionRetried = false;
    if (opts.pairingNumber !== undefined) this.pairing.setNumber(opts.pairingNumber);
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
    // Keys and creds Baileys handed over before the socket ended are committed before the stop completes.
    await this.deps.store.drain(this.connectionId);
    this.pairing.fail(new Error("stopped"));
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
    this.pairing.fail(new Error("logged out"));
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
    const auth = await this.deps.store.open(this.connectionId);
    if (!this.wanted || this.sock) return; // stopped while reading them (PostgreSQL reads asynchronously)
    const gen = ++this.gen;
    this.auth = auth;
    const sock = createSocket({
      auth,
      version,
      wsUrl: this.deps.wsUrl,
      log: this.log,
      timing: this.t,
      keyCache: this.keyCache,
      retryCounters: this.retryCounters,
      groups: this.groups.cache,
      loadRaw: this.id.loadRaw,
      receiptWhenStored: (msg) => this.forwarder.whenStored(msg.key.id),
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
    // the session updates written behind reach the disk before the next socket (or the process) goes on
    void this.deps.store.flush();
  }

  private wipeAll() {
    void this.deps.store.wipe(this.connectionId);
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
    // SQLite: synchronous, durable before anything else runs; PostgreSQL: queued before the connection's next write
    if (ev["creds.update"]) void this.auth?.saveCreds();
    const cu = ev["connection.update"];
    if (cu) this.onConnectionUpdate(gen, sock, cu);

    this.groups.invalidate(ev);
    this.forwarder.forward(
      ev,
      (m) => this.download(m, sock),
      (jid) => this.groups.subject(jid, this.sock ?? sock, this.log),
    );
  }

  /** Waits until every inbound batch delivered so far has been handled. */
  drained(): Promise<void> {
    return this.forwarder.drained();
  }

  private emit<K extends keyof ChannelEvents>(name: K, ...args: Parameters<NonNullable<ChannelEvents[K]>>) {
    this.forwarder.emit(name, ...args);
  }

  private setStatus(status: SessionStatus, info: Parameters<ChannelEvents["onStatus"]>[1] = {}) {
    this.status = status;
    if (status === "DISCONNECTED" || status === "TIMEOUT" || info.reason === "closed_515") this.lastReason = info.reason;
    this.emit("onStatus", status, info);
  }

  private onConnectionUpdate(gen: number, sock: WASocket, u: BaileysEventMap["connection.update"]) {
    if (u.qr) this.onQr(gen, sock, u.qr);
    if (u.isNewLogin) {
      void this.auth?.saveCreds();
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
    if (this.pairing.active) {
      this.pairing.request(
        sock,
        (code) => gen === this.gen && this.setStatus("PAIRING", { pairingCode: code }),
        (e) => this.pairingFailed(gen, e),
      );
      return;
    }
    this.setStatus("qrcode", { qrcode: qr, retries: this.qrCount });
  }

  private onOpen(gen: number) {
    if (gen !== this.gen) return;
    clearTimeout(this.timers.watchdog);
    this.qrCount = 0;
    this.pairing.reset();
    this.versionRetried = false;
    this.falseLogoutRetried = false;
    this.setStatus("CONNECTED");
    clearTimeout(this.timers.stable);
    this.timers.stable = setTimeout(() => {
      this.attempt = 0;
    }, this.t.stableMs);
  }

  /** Decides what follows a close (our own listeners are already detached). */
  private afterClose(err: Error | undefined) {
    const paired = !!this.auth?.isPaired();
    if (paired) void this.auth?.saveCreds();
    if (!this.wanted) return;
    const code = statusCodeOf(err);
    const action = classifyClose(code, err?.message, paired);
    this.log.warn({ connectionId: this.connectionId, code, reason: err?.message, action: action.kind }, "socket closed");
    switch (action.kind) {
      case "restart":
        this.restartedAt = Date.now();
        // creds are already persisted (saved on creds.update and again above). WhatsApp closes with
        // 515 once a phone has linked: reopening then is part of linking, not a reconnect. The close
        // reason is recorded either way.
        this.setStatus("OPENING", { reason: "closed_515", planned: this.status === "PAIRING" });
        this.scheduleOpen(this.t.restartDelayMs);
        return;
      case "logged_out":
        // A 401 within seconds of the post-pairing 515 is often a false logout (BAILEYS.md §4): retry
        // once with the same credentials before wiping a device that was just linked.
        if (!this.falseLogoutRetried && Date.now() - this.restartedAt < FALSE_LOGOUT_WINDOW_MS) {
          this.falseLogoutRetried = true;
          this.setStatus("OPENING");
          this.scheduleOpen(this.t.restartDelayMs);
          return;
        }
        this.wanted = false;
        this.wipeAll();
        this.pairing.fail(new Error("logged out"));
        this.setStatus("DISCONNECTED", { reason: "logged_out" });
        return;
      case "replaced":
        this.wanted = false;
        this.breaker.record();
        this.setStatus("DISCONNECTED", { reason: this.breaker.isOpen() ? "conflict_breaker" : "replaced" });
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
    if (!this.auth?.isPaired()) void this.deps.store.dropUnpairedCreds(this.connectionId);
    this.pairing.reset(new Error(reason));
    this.setStatus("DISCONNECTED", { reason });
  }

  /** A pairing-code request the server refused: the attempt is over and the dialog says so. */
  private pairingFailed(gen: number, e: Error) {
    this.log.warn({ err: String(e) }, "pairing code request failed");
    if (gen === this.gen) this.giveUpUnpaired("pairing_failed");
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

  private download(msg: WAMessage, sock: WASocket): Promise<Uint8Array> {
    const s = this.sock ?? sock;
    // the sender writes the media URL: only WhatsApp's media hosts are fetched (no request forgery by message)
    const url = mediaUrlOf(msg);
    if (!mediaUrlAllowed(url, this.deps.wsUrl)) return Promise.reject(new Error(`media host refused: ${url?.slice(0, 100) ?? "none"}`));
    return downloadMediaMessage(msg, "buffer", {}, { logger: this.log, reuploadRequest: s.updateMediaMessage });
  }

  // ── ChannelAdapter calls ────────────────────────────────────────────────

  private openSock(): WASocket {
    if (!this.sock || this.status !== "CONNECTED") throw new Error(NOT_READY);
    return this.sock;
  }

  async send(msg: Outgoing): Promise<SendResult> {
    return sendOutgoing(this.openSock(), msg);
  }

  async deleteForEveryone(target: MessageTarget): Promise<void> {
    await deleteForEveryone(this.openSock(), target);
  }

  async markRead(targets: MessageTarget[]): Promise<void> {
    await markRead(this.openSock(), targets);
  }

  async sendPresence(to: string, state: "composing" | "paused"): Promise<void> {
    await this.openSock().sendPresenceUpdate(state, to);
  }

  async checkNumber(number: string) {
    return checkNumber(this.openSock(), number);
  }

  async profilePicture(address: string): Promise<string | null> {
    try {
      return await profilePicture(this.openSock(), address);
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
    const code = this.pairing.wait(this.t.pairingCodeWaitMs);
    if (this.sock && this.status === "qrcode") {
      // already showing QR codes: switch this socket to a pairing code
      this.pairing.setNumber(number);
      const gen = this.gen;
      this.pairing.request(
        this.sock,
        (c) => gen === this.gen && this.setStatus("PAIRING", { pairingCode: c }),
        (e) => this.pairingFailed(gen, e),
      );
    } else {
      await this.start({ pairingNumber: number, fresh: !this.auth?.isPaired() && !this.sock });
    }
    return code;
  }
}
