import type { ServerFrame } from "../../contract/frames";
import type { Ctx, Deps } from "../../core/deps";
import type { FrameTicket } from "../../core/hub";
import { rooms } from "../../contract/rooms";
import type { TicketDto } from "./serialize";

interface Where {
  status: string;
  queueId: number | null;
  userId: number | null;
}

/** The rooms that follow a ticket in a given state (status lists, queues, notifications, owner, its chat). */
export function ticketRooms(companyId: number, ticketId: number, w: Where): string[] {
  const list = [
    rooms.status(companyId, w.status),
    rooms.queueStatus(companyId, w.queueId, w.status),
    rooms.notification(companyId),
    rooms.queueNotification(companyId, w.queueId),
    rooms.ticket(ticketId),
  ];
  if (w.userId) list.push(rooms.user(w.userId));
  return list;
}

/** What the hub checks a recipient's visibility against. */
export const frameTicket = (t: TicketDto): FrameTicket => ({ companyId: t.companyId, status: t.status, queueId: t.queueId, userId: t.userId });

const moved = (a: Where, b: Where) => a.status !== b.status || a.userId !== b.userId || a.queueId !== b.queueId;

/**
 * Publishes a ticket frame (a ticket change, or a new message with its ticket) after commit: the
 * rooms of its place get `frame`, each socket once and only if its user may see the ticket; when the
 * ticket moved, sockets of its old rooms that do not get the frame get a `ticket delete` instead
 * (R-RT-5), so no list keeps a ticket it may no longer show.
 */
export function publishTicketFrame(deps: Deps, ticket: TicketDto, frame: ServerFrame, before?: Where, opts: { alert?: boolean } = {}) {
  const targets = ticketRooms(ticket.companyId, ticket.id, ticket);
  const gone =
    before && moved(before, ticket)
      ? { rooms: ticketRooms(ticket.companyId, ticket.id, before), frame: { channel: "ticket", action: "delete", ticketId: ticket.id } as const }
      : undefined;
  deps.hub.publish(targets, frame, { ticket: frameTicket(ticket), gone });
  // A frame published again (a replay) raised its alerts, sounds and Web Push, the first time.
  if (opts.alert !== false) deps.notifier.onTicketFrame(ticket, frame, before, actorOf(deps));
}

/** The person behind a change: a person's actions run with their Ctx, the system's with plain Deps (or user 0). */
const actorOf = (deps: Deps): number | null => (deps as Partial<Ctx>).user?.id || null;

/** Announces a ticket's new state (and its move away from `before`'s rooms). */
export function publishTicket(deps: Deps, ticket: TicketDto, before?: Where) {
  publishTicketFrame(deps, ticket, { channel: "ticket", action: "update", ticket }, before);
}

/** Announces that a ticket was deleted. */
export function publishTicketDeleted(deps: Deps, companyId: number, ticketId: number, w: Where) {
  deps.hub.publish([...ticketRooms(companyId, ticketId, w), rooms.main(companyId)], { channel: "ticket", action: "delete", ticketId });
}

/** Announces that a ticket's unread counter was reset. */
export function publishUnreadReset(deps: Deps, companyId: number, ticketId: number) {
  deps.hub.publish(rooms.main(companyId), { channel: "ticket", action: "updateUnread", ticketId });
}
