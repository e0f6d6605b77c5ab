import type { TicketNoteDto } from "@contract/dto/ticket-notes";
import { api } from "./client";

export type TicketNote = TicketNoteDto;

/** GET /ticket-notes/list?ticketId. */
export const listNotes = (ticketId: number) => api<TicketNote[]>("/ticket-notes/list", { query: { ticketId } });

/** POST /ticket-notes. */
export const addNote = (ticketId: number, note: string, contactId?: number) =>
  api<TicketNote>("/ticket-notes", { method: "POST", body: { ticketId, note, contactId } });

/** DELETE /ticket-notes/{id} (admins). */
export const deleteNote = (id: number) => api(`/ticket-notes/${id}`, { method: "DELETE" });
