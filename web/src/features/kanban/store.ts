import type { FrameOf } from "@contract/frames";
import { signal } from "@preact/signals-react";
import type { Ticket } from "../../api/tickets";

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
export function kanbanOnTicketFrame(f: FrameOf<"ticket">) {
  const cards = kanbanCards.peek();
  if (!cards) return;
  if (f.action === "update") upsertCard(f.ticket);
  else if (f.action === "delete") kanbanCards.value = cards.filter((c) => c.id !== f.ticketId);
}

export function kanbanOnMessageFrame(f: FrameOf<"appMessage">) {
  if (f.action === "create") upsertCard(f.ticket);
}
