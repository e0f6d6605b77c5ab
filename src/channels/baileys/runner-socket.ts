import {
  Browsers,
  type CacheStore,
  type GroupMetadata,
  isJidBroadcast,
  isJidNewsletter,
  makeCacheableSignalKeyStore,
  makeWASocket,
  type WAMessage,
  type WASocket,
  type WAVersion,
} from "baileys";
import type { ILogger } from "baileys/lib/Utils/logger";
import type { ConnectionAuth } from "./auth-store";
import { fromRaw } from "./mapping";
import type { BaileysTiming } from "./policy";

/** Everything one socket needs; the caches are the runner's long-lived ones. */
export interface SocketParams {
  auth: ConnectionAuth;
  version?: WAVersion;
  wsUrl?: string;
  log: ILogger;
  timing: BaileysTiming;
  keyCache: CacheStore;
  retryCounters: CacheStore;
  /** Group metadata cache (also spares Baileys a metadata query on every group send). */
  groups: CacheStore;
  loadRaw?: (messageId: string) => Promise<unknown> | unknown;
  /** Resolves once an inbound message was stored: its delivery receipt waits for it (our Baileys patch). */
  receiptWhenStored?: (msg: WAMessage) => Promise<void>;
}

/**
 * A Baileys socket with the house options: no "online" presence on connect (the phone keeps its
 * notifications), no full history sync, broadcasts and newsletters ignored, retries fed from our store.
 */
export function createSocket(p: SocketParams): WASocket {
  return makeWASocket({
    auth: { creds: p.auth.state.creds, keys: makeCacheableSignalKeyStore(p.auth.state.keys, p.log, p.keyCache) },
    ...(p.version ? { version: p.version } : {}),
    ...(p.wsUrl ? { waWebSocketUrl: p.wsUrl } : {}),
    logger: p.log,
    browser: Browsers.ubuntu("Chrome"),
    markOnlineOnConnect: false,
    syncFullHistory: false,
    connectTimeoutMs: p.timing.connectTimeoutMs,
    keepAliveIntervalMs: p.timing.keepAliveIntervalMs,
    qrTimeout: p.timing.qrTimeoutMs,
    msgRetryCounterCache: p.retryCounters,
    cachedGroupMetadata: async (jid) => (await p.groups.get<GroupMetadata>(jid)) ?? undefined,
    shouldIgnoreJid: (jid) => !!(isJidBroadcast(jid) || isJidNewsletter(jid)),
    getMessage: async (key) => {
      if (!key.id || !p.loadRaw) return undefined;
      const raw = await p.loadRaw(key.id);
      return raw ? (fromRaw<WAMessage>(raw).message ?? undefined) : undefined;
    },
    // patches/baileys: not in Baileys' own config type
    ...({ receiptWhenStored: p.receiptWhenStored } as object),
  });
}

/** Ends a socket, swallowing the rejection of an already-closed one. */
export function safeEnd(sock: WASocket) {
  try {
    const r = sock.end(undefined) as unknown;
    if (r instanceof Promise) r.catch(() => {});
  } catch {}
}
