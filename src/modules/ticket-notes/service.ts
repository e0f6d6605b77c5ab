import { and, desc, eq } from "drizzle-orm";
import type { TicketNoteDto } from "../../contract/dto/ticket-notes";
import { can } from "../../contract/permissions";
import type { DbOrTx } from "../../core/db";
import type { Ctx, Deps } from "../../core/deps";
import { forbidden, notFound } from "../../core/errors";
import { nowIso } from "../../lib/dates";
import { visibleTicketsWhere } from "../tickets";
import { tickets } from "../tickets";
import { getVisibleTicket } from "../tickets";
import { users } from "../users";
import { ticketNotes } from "./schema";

const noteSelect = {
  id: ticketNotes.id,
  note: ticketNotes.note,
  ticketId: ticketNotes.ticketId,
  contactId: ticketNotes.contactId,
  createdAt: ticketNotes.createdAt,
  user: { id: users.id, name: users.name },
};

/** POST /ticket-notes: any agent who can see the ticket; the contact is the ticket's. */
export function createNote(ctx: Ctx, input: { note: string; ticketId: number }): TicketNoteDto {
  const ticket = getVisibleTicket(ctx, input.ticketId);
  const row = ctx.db
    .insert(ticketNotes)
    .values({ companyId: ctx.companyId, ticketId: ticket.id, contactId: ticket.contactId, userId: ctx.user.id, note: input.note, createdAt: nowIso() })
    .returning({ id: ticketNotes.id })
    .get();
  return ctx.db.select(noteSelect).from(ticketNotes).leftJoin(users, eq(users.id, ticketNotes.userId)).where(eq(ticketNotes.id, row.id)).get()!;
}

/**
 * GET /ticket-notes/list?ticketId&contactId: the notes of a ticket (or of a contact), newest first.
 * A contact's notes are those of the tickets the caller may see (R-PERM-3), never the others.
 */
export function listNotes(ctx: Ctx, q: { ticketId?: number; contactId?: number }): TicketNoteDto[] {
  if (!q.ticketId && !q.contactId) return [];
  if (q.ticketId) getVisibleTicket(ctx, q.ticketId);
  const visible = q.ticketId ? undefined : visibleTicketsWhere(ctx.user);
  return ctx.db
    .select(noteSelect)
    .from(ticketNotes)
    .leftJoin(users, eq(users.id, ticketNotes.userId))
    .innerJoin(tickets, eq(tickets.id, ticketNotes.ticketId))
    .where(
      and(
        eq(ticketNotes.companyId, ctx.companyId),
        q.ticketId ? eq(ticketNotes.ticketId, q.ticketId) : undefined,
        q.contactId ? eq(ticketNotes.contactId, q.contactId) : undefined,
        visible,
      ),
    )
    .orderBy(desc(ticketNotes.id))
    .limit(200)
    .all();
}

/** DELETE /ticket-notes/{id}: admins only. */
export function deleteNote(ctx: Ctx, id: number) {
  const row = ctx.db
    .select()
    .from(ticketNotes)
    .where(and(eq(ticketNotes.companyId, ctx.companyId), eq(ticketNotes.id, id)))
    .get();
  if (!row) throw notFound("ERR_NO_NOTE_FOUND");
  if (!can(ctx.user, "ticket-notes:delete")) throw forbidden();
  ctx.db.delete(ticketNotes).where(eq(ticketNotes.id, id)).run();
}

/** A note written by the system itself (no author), e.g. why the chatbot stopped; the same note is left once per ticket. Answers whether it was added. */
export function addSystemNote(deps: Deps, ticket: { id: number; companyId: number; contactId: number }, note: string): boolean {
  const same = deps.db
    .select({ id: ticketNotes.id })
    .from(ticketNotes)
    .where(and(eq(ticketNotes.ticketId, ticket.id), eq(ticketNotes.note, note)))
    .get();
  if (same) return false;
  deps.db
    .insert(ticketNotes)
    .values({ companyId: ticket.companyId, ticketId: ticket.id, contactId: ticket.contactId, userId: null, note, createdAt: nowIso() })
    .run();
  return true;
}

/** Two contacts turned out to be one person: the duplicate's notes move to the survivor. */
export function moveNotesToContact(tx: DbOrTx, companyId: number, fromContactId: number, toContactId: number) {
  tx.update(ticketNotes)
    .set({ contactId: toContactId })
    .where(and(eq(ticketNotes.companyId, companyId), eq(ticketNotes.contactId, fromContactId)))
    .run();
}
