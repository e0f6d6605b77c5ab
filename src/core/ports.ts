/**
 * What modules call of the layers above them, as interfaces: the connection supervisor
 * (`inbound/supervisor.ts`), the notifier (`modules/notifications/notifier.ts`, which reads other
 * modules, so the modules that publish frames reach it through `Deps`) and the outbox
 * (`modules/messages/service.ts`: the ticket lifecycle's automatic texts send through it).
 */
import type { ChatDto, ChatMessageDto } from "../contract/dto/chats";
import type { MessageDto } from "../contract/dto/messages";
import type { TemplateChoice } from "../contract/templates";
import type { TicketDto } from "../contract/dto/tickets";
import type { ServerFrame } from "../contract/frames";
import type { ChannelAdapter, MenuSpec, StartOptions } from "./channel";
import type { DbOrTx } from "./db";

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
  removeAuth(connectionId: number): Promise<void>;
  /** The live adapter of a connection (on this node). */
  get(connectionId: number): ChannelAdapter | undefined;
  /**
   * The session wherever it runs: this node's adapter, or (several nodes) a stand-in whose calls (check a number,
   * profile picture, read receipts, delete for everyone, presence) run on the node holding it; undefined if nowhere.
   */
  reach(connectionId: number): Promise<ChannelAdapter | undefined>;
  /** Boot: resumes the connections of the companies whose subscription is active. */
  startAll(): Promise<number>;
  /** Pauses the running sessions of companies whose subscription lapsed. */
  pauseLapsed(): Promise<number>;
  /** Stops every session (with `keepState`, a process shutdown). */
  stopAll(opts?: { keepState?: boolean }): Promise<void>;
  /** Several nodes: the node running each leased session (connection id → node id); null on one box. */
  placements(): Promise<Map<number, string> | null>;
  /** Several nodes: the node running the connection sends its queued messages now (nothing on one box). */
  flushElsewhere(connectionId: number): void;
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

/** A ticket as the outbox needs it. */
export interface OutboxTicket {
  id: number;
  companyId: number;
  whatsappId: number | null;
  contactId: number;
  queueId: number | null;
  unreadMessages: number;
}

/** What to send. */
export interface SendSpec {
  body: string;
  userId?: number | null;
  quotedMsgId?: number | null;
  isAutomatic?: boolean;
  /** A file already in the file store (`mediaPath` is its key). */
  media?: { mediaPath: string; mime: string; fileName: string; ptt?: boolean } | null;
  /** A chatbot menu: buttons or a list where the channel has them (the body is its numbered text). */
  menu?: MenuSpec;
  /** Sent as this message template (Cloud API); the body is the template's text as the customer reads it. */
  template?: TemplateChoice;
  /** A reaction (the body is the emoji) to the message `quotedMsgId`. */
  reaction?: boolean;
  /**
   * Runs inside the transaction that stores the message: a caller that must record "this was sent"
   * (a schedule, a campaign shipment) writes its own row here, so a crash can never leave the
   * message stored without the record, or the record without the message (exactly once).
   */
  onStored?: (tx: DbOrTx, message: { id: number }) => void | Promise<void>;
}

/** The durable outbox (`deps.outbox`): every outgoing message is a row first, then a send. */
export interface Outbox {
  /** Stores the message (its WhatsApp id reserved), announces it, then hands it to the connection. */
  send(ticket: OutboxTicket, spec: SendSpec): Promise<MessageDto>;
  /** Opening or answering a ticket reads it: unread counter 0, inbound messages read, a read receipt. */
  markRead(ticket: OutboxTicket): void;
}
