/**
 * What the rest of the system knows of the inbound path (src/inbound/): a connection's identity as the
 * pipeline sees it, and the inbound spool's interface (the implementation is `inbound/spool.ts`).
 */
import type { InboundMessage } from "./channel";

/** A connection as the inbound path carries it. */
export interface ConnectionRef {
  id: number;
  companyId: number;
}

/** A received file already written under the media folder. */
export interface StoredMedia {
  mediaPath: string;
  mediaName: string;
}

/** A spooled message: everything needed to store it later (media already saved, or none). */
export interface SpoolEntry {
  key: string;
  conn: ConnectionRef;
  msg: Omit<InboundMessage, "media"> & { media?: { mimetype: string; fileName?: string | null; ptt?: boolean } | null };
  media: StoredMedia | null;
  /** The media download, while this process lives (not written to disk). */
  download?: () => Promise<Uint8Array>;
  attempts: number;
  firstAt: number;
}

/** The spool's key of a message: one entry per connection and channel id. */
export const spoolKey = (connectionId: number, wid: string) => `${connectionId}-${wid}`;

/** Customer messages that could not be stored yet, retried until they are (inbound/spool.ts). */
export interface InboundSpool {
  /** Waits for room, then keeps the entry (memory and disk) and schedules its retry. */
  add(entry: SpoolEntry): Promise<void>;
  /** Messages waiting. */
  size(): number;
  /** True while the message (spoolKey) waits here: received, not stored yet. */
  has(key: string): boolean;
  /** Loads entries left by a previous process (boot) and schedules their retry. */
  load(): number;
  /** Retries every entry now. */
  drain(): Promise<void>;
  /** Stops the retry timer (shutdown). */
  stop(): void;
}
