import type { ChatDto, ChatMessageDto } from "../../contract/dto/chats";
import type { TicketDto } from "../../contract/dto/tickets";
import type { ServerFrame } from "../../contract/frames";

/** Where a ticket was (status, queue, owner). */
export interface Place {
  status: string;
  queueId: number | null;
  userId: number | null;
}

/**
 * One event the notifier considers, decided from a frame at publish time (cheap, no database). The
 * drain re-reads the ticket and keeps the event only while it still holds (an accepted ticket no
 * longer needs a "new ticket" alert).
 */
export type Candidate =
  | { kind: "newTicket"; companyId: number; ticketId: number; actorId: number | null; name: string; text: string }
  | { kind: "newMessage"; companyId: number; ticketId: number; userId: number; name: string; text: string }
  | { kind: "transfer"; companyId: number; ticketId: number; actorId: number | null; toUserId: number | null; toQueueId: number | null; name: string }
  | {
      kind: "chat";
      companyId: number;
      chatId: number;
      chatUuid: string;
      title: string;
      senderName: string;
      text: string;
      userIds: number[];
      mentioned: number[];
    }
  | { kind: "connection"; companyId: number; connectionId: number; name: string };

const moved = (a: Place, b: Place) => a.status !== b.status || a.queueId !== b.queueId || a.userId !== b.userId;

/**
 * What a ticket frame means for alerts. `before` is where the ticket was when the change moved it
 * (undefined: it did not move, or the message created it); `actorId` the person who made the change
 * (null: the system — the inbound path, the bot, a job).
 */
export function ticketCandidates(ticket: TicketDto, frame: ServerFrame, before: Place | undefined, actorId: number | null): Candidate[] {
  const base = { companyId: ticket.companyId, ticketId: ticket.id, name: ticket.contact.name };
  if (frame.channel === "appMessage" && frame.action === "create") {
    if (frame.message.fromMe) return [];
    const text = frame.message.body;
    if (ticket.status === "open" && ticket.userId) return [{ kind: "newMessage", ...base, userId: ticket.userId, text }];
    // a message that created the ticket, reopened it or moved it to a queue's waiting list
    const arrived = before?.status !== "pending" || before.queueId !== ticket.queueId;
    return ticket.status === "pending" && arrived ? [{ kind: "newTicket", ...base, actorId: null, text }] : [];
  }
  if (frame.channel !== "ticket" || frame.action !== "update" || ticket.status === "closed") return [];
  if (before && moved(before, ticket)) {
    if (ticket.userId && ticket.userId !== before.userId) {
      // accepting a ticket yourself is not news to you
      return ticket.userId === actorId ? [] : [{ kind: "transfer", ...base, actorId, toUserId: ticket.userId, toQueueId: null }];
    }
    if (ticket.status !== "pending") return [];
    if (actorId && ticket.queueId !== null && ticket.queueId !== before.queueId)
      return [{ kind: "transfer", ...base, actorId, toUserId: null, toQueueId: ticket.queueId }];
    return [{ kind: "newTicket", ...base, actorId, text: ticket.lastMessage }];
  }
  // The bot let go of a waiting ticket without moving it (its menu ended): it now waits for a person.
  if (!before && !actorId && ticket.status === "pending" && !ticket.chatbot) return [{ kind: "newTicket", ...base, actorId: null, text: ticket.lastMessage }];
  return [];
}

/** Whether a chat message names a member: "@Maria" or "@Maria Souza" (case and accents as typed). */
export function mentions(text: string, name: string): boolean {
  const lower = text.toLocaleLowerCase();
  const full = name.trim().toLocaleLowerCase();
  const first = full.split(/\s+/)[0];
  for (const n of new Set([full, first])) {
    if (!n) continue;
    let at = lower.indexOf(`@${n}`);
    while (at !== -1) {
      const next = lower.charAt(at + n.length + 1);
      if (!next || !/[\p{L}\p{N}_]/u.test(next)) return true;
      at = lower.indexOf(`@${n}`, at + 1);
    }
  }
  return false;
}

/**
 * An internal chat message alerts the other member of a two-person chat (a direct message), and in
 * larger chats only the members it mentions: never every member of a group.
 */
export function chatCandidate(companyId: number, chat: ChatDto, message: ChatMessageDto): Candidate | null {
  const others = chat.users.filter((m) => m.userId !== message.senderId);
  const direct = chat.users.length === 2;
  const mentioned = others.filter((m) => mentions(message.message, m.user.name)).map((m) => m.userId);
  const userIds = direct ? others.map((m) => m.userId) : mentioned;
  if (!userIds.length) return null;
  return {
    kind: "chat",
    companyId,
    chatId: chat.id,
    chatUuid: chat.uuid,
    title: chat.title,
    senderName: message.sender?.name ?? "",
    text: message.message,
    userIds,
    mentioned,
  };
}
