import type { Tag } from "./tags";
import { api } from "./client";
import type { Ticket, TicketsPage } from "./tickets";

/** GET /tags/kanban: the kanban tags (the board's lanes after "Em aberto"), by id. */
export const listKanbanLanes = () => api<{ lista: Tag[] }>("/tags/kanban");

/** GET /ticket/kanban: open and pending tickets the user sees, of the given queues, 40 per page. */
export const listKanbanTickets = (queueIds: number[], pageNumber: number) =>
  api<TicketsPage>("/ticket/kanban", { query: { pageNumber, queueIds: queueIds.length ? JSON.stringify(queueIds) : undefined } });

/** PUT /ticket-tags/{id}/kanban: moves a card to a kanban tag's lane, or (null) back to "Em aberto", in one step. */
export const moveKanbanCard = (ticketId: number, tagId: number | null) => api<Ticket>(`/ticket-tags/${ticketId}/kanban`, { method: "PUT", body: { tagId } });
