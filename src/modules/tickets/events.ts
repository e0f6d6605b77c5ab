import type { Deps } from "../../http/context";
import { rooms } from "../../realtime/topics";
import type { TicketDto } from "./serialize";

interface Where {
  status: string;
  queueId: number | null;
  userId: number | null;
}

/** The rooms that follow a ticket in a given state (status lists, queues, notifications, owner). */
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

/**
 * Announces a ticket change after commit: a delete to the rooms of its old place when its status or
 * user changed, and the new state to the rooms of its new place (BEHAVIOUR.md §4.2 step 9).
 */
export function publishTicket(deps: Deps, ticket: TicketDto, before?: Where) {
  const now: Where = { status: ticket.status, queueId: ticket.queueId, userId: ticket.userId };
  if (before && (before.status !== now.status || before.userId !== now.userId || before.queueId !== now.queueId)) {
    deps.hub.publish(
      ticketRooms(ticket.companyId, ticket.id, before).filter((r) => r !== rooms.ticket(ticket.id)),
      { channel: "ticket", action: "delete", ticketId: ticket.id },
    );
  }
  const targets = ticketRooms(ticket.companyId, ticket.id, now);
  if (before?.userId && before.userId !== now.userId) targets.push(rooms.user(before.userId));
  deps.hub.publish(targets, { channel: "ticket", action: "update", ticket });
}

/** Announces that a ticket was deleted. */
export function publishTicketDeleted(deps: Deps, companyId: number, ticketId: number, w: Where) {
  deps.hub.publish([...ticketRooms(companyId, ticketId, w), rooms.main(companyId)], {
    channel: "ticket",
    action: "delete",
    ticketId,
  });
}

/** Announces that a ticket's unread counter was reset. */
export function publishUnreadReset(deps: Deps, companyId: number, ticketId: number) {
  deps.hub.publish(rooms.main(companyId), { channel: "ticket", action: "updateUnread", ticketId });
}
