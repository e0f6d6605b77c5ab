import type { Page, QueueRef, TagRef } from "@contract/dto/common";
import type { QuickMessageDto } from "@contract/dto/quick-messages";
import type { TicketContact, TicketDto } from "@contract/dto/tickets";
import type { TicketStatus } from "@contract/schemas/tickets";
import { api } from "./client";

export type { TagRef };

export type ContactRef = TicketContact;

/** GET /tickets rows and GET /tickets/{id}. */
export type Ticket = TicketDto;

export type TicketsPage = Page<"tickets", Ticket>;

export interface TicketQuery {
  searchParam?: string;
  pageNumber: number;
  status?: TicketStatus;
  showAll?: boolean;
  queueIds?: number[];
  tags?: number[];
  users?: number[];
  withUnreadMessages?: boolean;
}

const ids = (list?: number[]) => (list?.length ? JSON.stringify(list) : undefined);

/** GET /tickets: 40 per page, newest activity first. */
export const listTickets = (q: TicketQuery) =>
  api<TicketsPage>("/tickets", {
    query: { ...q, queueIds: ids(q.queueIds), tags: ids(q.tags), users: ids(q.users), showAll: q.showAll ? "true" : undefined },
  });

/** GET /tickets/{id}. */
export const getTicket = (id: number) => api<Ticket>(`/tickets/${id}`);

/** GET /tickets/u/{uuid} (403 ERR_NO_PERMISSION for a queue the user lacks). */
export const getTicketByUuid = (uuid: string) => api<Ticket>(`/tickets/u/${encodeURIComponent(uuid)}`);

/** POST /tickets: 201 new, 200 the caller's existing one, 409 ERR_OTHER_OPEN_TICKET {user, queue}. */
export const createTicket = (contactId: number, queueId: number | null) => api<Ticket>("/tickets", { method: "POST", body: { contactId, queueId } });

export interface TicketChange {
  status?: TicketStatus;
  userId?: number | null;
  queueId?: number | null;
  whatsappId?: number | null;
}

/** PUT /tickets/{id}: accept, return, resolve, reopen and transfer. */
export const updateTicket = (id: number, change: TicketChange) => api<Ticket>(`/tickets/${id}`, { method: "PUT", body: change });

/** DELETE /tickets/{id} (admins). */
export const deleteTicket = (id: number) => api<{ message: string }>(`/tickets/${id}`, { method: "DELETE" });

/** POST /tags/sync: the ticket's tags become exactly these. */
export const syncTicketTags = (ticketId: number, tags: number[]) => api("/tags/sync", { method: "POST", body: { ticketId, tags } });

/** GET /tags/list: every tag of the company. */
export const listAllTags = () => api<TagRef[]>("/tags/list");

/** GET /users/list: the company's users (transfer and user filter). */
export const listAllUsers = () => api<{ id: number; name: string; queues: QueueRef[] }[]>("/users/list");

export type QuickMessage = QuickMessageDto;

/** GET /quick-messages/list: the quick answers the user may use. */
export const listQuickMessages = (companyId: number, userId: number) => api<QuickMessage[]>("/quick-messages/list", { query: { companyId, userId } });

/** POST /tickets/changes: tickets changed since a server time, and which of `known` to drop (the socket's catch-up). */
export const ticketChanges = (since: string, known: number[]) =>
  api<{ tickets: Ticket[]; gone: number[]; hasMore: boolean }>("/tickets/changes", { method: "POST", body: { since, known } });
