/**
 * What modules call of the layers above them, as interfaces: the connection supervisor
 * (`inbound/supervisor.ts`) and the notifier (`modules/notifications/notifier.ts`, which reads other
 * modules, so the modules that publish frames reach it through `Deps`).
 */
import type { ChatDto, ChatMessageDto } from "../contract/dto/chats";
import type { TicketDto } from "../contract/dto/tickets";
import type { ServerFrame } from "../contract/frames";
import type { ChannelAdapter, StartOptions } from "./channel";

/** A connection as the supervisor needs it. */
export interface ConnectionSpec {
  id: number;
  companyId: number;
  channel: string;
}

/** Starts, stops and logs out connections' sessions; keeps `deps.channels` in step with the live adapters. */
export interface ConnectionSupervisor {
  /** Starts (or resumes) a session; a failure leaves the connection DISCONNECTED, never throws. */
  start(w: ConnectionSpec, opts?: StartOptions): Promise<void>;
  /** Stops a session, keeping its credentials. */
  stop(connectionId: number): Promise<void>;
  /** Logs out (credentials removed); a connection that is not running only loses its stored auth. */
  logout(connectionId: number): Promise<void>;
  /** Stored channel credentials of a connection are deleted. */
  removeAuth(connectionId: number): void;
  /** The live adapter of a connection. */
  get(connectionId: number): ChannelAdapter | undefined;
  /** Boot: resumes the connections of the companies whose subscription is active. */
  startAll(): Promise<number>;
  /** Pauses the running sessions of companies whose subscription lapsed. */
  pauseLapsed(): Promise<number>;
  /** Stops every session (with `keepState`, a process shutdown). */
  stopAll(opts?: { keepState?: boolean }): Promise<void>;
}

/** Where a ticket was (status, queue, owner). */
export interface TicketPlace {
  status: string;
  queueId: number | null;
  userId: number | null;
}

/** Learns of events where frames are published and alerts people (sounds, Web Push) off the hot path. */
export interface Notifier {
  /** A ticket frame was published (tickets/events.ts). */
  onTicketFrame(ticket: TicketDto, frame: ServerFrame, before: TicketPlace | undefined, actorId: number | null): void;
  /** An internal chat message was stored. */
  onChatMessage(companyId: number, chat: ChatDto, message: ChatMessageDto): void;
  /** A connection's session state changed. */
  onConnectionStatus(before: { id: number; companyId: number; status: string }, after: { id: number; companyId: number; status: string }): void;
  /** Stops the timers (shutdown). */
  stop(): void;
}

/** The data disk's state: bulk work is refused while it is low or full. */
export type StorageState = "ok" | "low" | "full";

export interface StorageStatus {
  state: StorageState;
  /** Free space is under twice the low mark (nothing is refused yet): warn the people who can free it. */
  near: boolean;
  freeBytes: number;
  totalBytes: number;
  lowBytes: number;
  ballastBytes: number;
  ballastPresent: boolean;
}

/** The storage guard of the data folder's disk (ops/storage.ts). */
export interface StorageGuard {
  /** The current state (measured at most every few seconds; again when `fresh`). */
  status(fresh?: boolean): StorageStatus;
  /** Throws 507 ERR_STORAGE_FULL / ERR_STORAGE_LOW when bulk work (imports, uploads, campaign starts) must not start. */
  assertAvailable(): void;
  /** A write failed with a full disk: release the ballast and hold the "full" state. */
  onFullDisk(): void;
  /** Periodic check (a job): re-lay the ballast once space is back, release it when free space runs out. */
  check(): StorageStatus;
}
