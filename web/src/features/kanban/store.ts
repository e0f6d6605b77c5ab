import { signal } from "@preact/signals-react";
import type { Ticket } from "../../api/tickets";
import { byAction, nothingToShow } from "../../realtime/exhaustive";

/**
 * The board's cards while /kanban is open (null otherwise), and the queues it shows. Ticket frames
 * keep it live: another agent's move, a new ticket in one of the queues, a ticket closed elsewhere.
 */
export const kanbanCards = signal<Ticket[] | null>(null);
export const kanbanQueues = signal<number[]>([]);

function onBoard(t: Ticket) {
  const queues = kanbanQueues.peek();
  return (t.status === "open" || t.status === "pending") && (queues.length === 0 || t.queueId === null || queues.includes(t.queueId));
}

function upsertCard(t: Ticket) {
  const cards = kanbanCards.peek();
  if (!cards) return;
  const known = cards.some((c) => c.id === t.id);
  if (!onBoard(t)) {
    if (known) kanbanCards.value = cards.filter((c) => c.id !== t.id);
    return;
  }
  kanbanCards.value = known ? cards.map((c) => (c.id === t.id ? t : c)) : [t, ...cards];
}

/** Realtime → the open board (the socket's notification room carries the tickets this user may see). */
export const kanbanOnTicketFrame = byAction<"ticket">({
  update: (f) => upsertCard(f.ticket),
  delete: (f) => {
    const cards = kanbanCards.peek();
    if (cards) kanbanCards.value = cards.filter((c) => c.id !== f.ticketId);
  },
  // cards show no unread counter
  updateUnread: nothingToShow,
});

export const kanbanOnMessageFrame = byAction<"appMessage">({
  create: (f) => upsertCard(f.ticket),
  // a card shows its ticket, not its messages
  update: nothingToShow,
});
