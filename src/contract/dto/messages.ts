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
  isDeleted: boolean;
  isEdited: boolean;
  isAutomatic: boolean;
  userId: number | null;
  contact: { id: number; name: string } | null;
  quotedMsg: QuotedMessageDto | null;
  createdAt: string;
}

/** GET /messages/{ticketId}: a page of messages (chronological within the page) with the ticket. */
export interface MessagesPageDto {
  messages: MessageDto[];
  ticket: TicketDto;
  count: number;
  hasMore: boolean;
}
