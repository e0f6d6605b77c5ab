/**
 * Reconnect policy of the Baileys supervisor (BAILEYS.md §4): timings, close classification,
 * backoff and the conflict breaker. Pure, so it is unit-tested without sockets.
 */
import { DisconnectReason } from "baileys";

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

/** The status code Baileys put on a close error (Boom), if any. */
export const statusCodeOf = (err: unknown): number | undefined => (err as { output?: { statusCode?: number } } | undefined)?.output?.statusCode;

/** Opens after `threshold` conflicts (440) within `windowMs`, for `cooldownMs`. */
export class ConflictBreaker {
  private hits: number[] = [];
  private openUntil = 0;

  constructor(private readonly t: Pick<BaileysTiming, "breakerThreshold" | "breakerWindowMs" | "breakerCooldownMs">) {}

  record(now = Date.now()) {
    this.hits = this.hits.filter((h) => now - h < this.t.breakerWindowMs);
    this.hits.push(now);
    if (this.hits.length >= this.t.breakerThreshold) this.openUntil = now + this.t.breakerCooldownMs;
  }

  isOpen(now = Date.now()) {
    return this.openUntil > now;
  }

  reset() {
    this.openUntil = 0;
    this.hits = [];
  }
}
