import type { TicketDto } from "./tickets";
/** Kinds of message bodies (R-MSG-11). */
export type MediaType =
  | "chat"
  | "image"
  | "audio"
  | "video"
  | "application"
  | "locationMessage"
  | "contactMessage"
  | "vcard"
  | "call_log"
  | "reactionMessage"
  | (string & {});

/** Outbox state of our own messages; null for the customer's. */
export type SendStatus = "queued" | "sent" | "failed" | null;

export interface QuotedMessageDto {
  id: number;
  body: string;
  fromMe: boolean;
  mediaType: MediaType;
  mediaUrl: string | null;
  isDeleted: boolean;
}

/** The wire shape of a message (R-MSG-11). `ack`: Baileys' status (2 server, 3 delivered, 4 read, 5 played). */
export interface MessageDto {
  id: number;
  wid: string;
  ticketId: number;
  body: string;
  fromMe: boolean;
  read: boolean;
  mediaType: MediaType;
  mediaUrl: string | null;
  mediaName: string | null;
  ack: number;
  sendStatus: SendStatus;
  /** Why a failed message failed (an error code, `errors.<code>`), null otherwise. */
  sendError: string | null;
  /** The message template it went out as (Cloud API connections), null otherwise. */
  templateName: string | null;
  isDeleted: boolean;
  isEdited: boolean;
  isAutomatic: boolean;
  userId: number | null;
  contact: { id: number; name: string } | null;
  quotedMsg: QuotedMessageDto | null;
  createdAt: string;
}

/**
 * The 24-hour customer-service window of a ticket whose connection has one (Cloud API): free-form
 * messages until `closesAt`, message templates after.
 */
export interface TicketWindowDto {
  lastInboundAt: string | null;
  closesAt: string | null;
  open: boolean;
}

/** GET /messages/{ticketId}: a page of messages (chronological within the page) with the ticket. */
export interface MessagesPageDto {
  messages: MessageDto[];
  ticket: TicketDto;
  /** Null when the ticket's connection has no window (WhatsApp Web, sandbox). */
  window: TicketWindowDto | null;
  count: number;
  hasMore: boolean;
}
