import type { UserRef } from "./common";

/** The wire shape of a ticket note (GET /ticket-notes/list, POST /ticket-notes); `user` is null for system notes. */
export interface TicketNoteDto {
  id: number;
  note: string;
  ticketId: number;
  contactId: number | null;
  user: UserRef | null;
  createdAt: string;
}
