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
export async function createNote(ctx: Ctx, input: { note: string; ticketId: number }): Promise<TicketNoteDto> {
  const ticket = await getVisibleTicket(ctx, input.ticketId);
  const row = (
    await ctx.db
      .insert(ticketNotes)
      .values({ companyId: ctx.companyId, ticketId: ticket.id, contactId: ticket.contactId, userId: ctx.user.id, note: input.note, createdAt: nowIso() })
      .returning({ id: ticketNotes.id })
  )[0];
  return (await ctx.db.select(noteSelect).from(ticketNotes).leftJoin(users, eq(users.id, ticketNotes.userId)).where(eq(ticketNotes.id, row.id)).limit(1))[0]!;
}

/**
 * GET /ticket-notes/list?ticketId&contactId: the notes of a ticket (or of a contact), newest first.
 * A contact's notes are those of the tickets the caller may see (R-PERM-3), never the others.
 */
export async function listNotes(ctx: Ctx, q: { ticketId?: number; contactId?: number }): Promise<TicketNoteDto[]> {
  if (!q.ticketId && !q.contactId) return [];
  if (q.ticketId) await getVisibleTicket(ctx, q.ticketId);
  const visible = q.ticketId ? undefined : visibleTicketsWhere(ctx.user);
  return await ctx.db
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
    .limit(200);
}

/** DELETE /ticket-notes/{id}: admins only. */
export async function deleteNote(ctx: Ctx, id: number) {
  const row = (
    await ctx.db
      .select()
      .from(ticketNotes)
      .where(and(eq(ticketNotes.companyId, ctx.companyId), eq(ticketNotes.id, id)))
      .limit(1)
  )[0];
  if (!row) throw notFound("ERR_NO_NOTE_FOUND");
  if (!can(ctx.user, "ticket-notes:delete")) throw forbidden();
  await ctx.db.delete(ticketNotes).where(eq(ticketNotes.id, id));
}

/** A note written by the system itself (no author), e.g. why the chatbot stopped; the same note is left once per ticket. Answers whether it was added. */
export async function addSystemNote(deps: Deps, ticket: { id: number; companyId: number; contactId: number }, note: string): Promise<boolean> {
  const same = (
    await deps.db
      .select({ id: ticketNotes.id })
      .from(ticketNotes)
      .where(and(eq(ticketNotes.ticketId, ticket.id), eq(ticketNotes.note, note)))
      .limit(1)
  )[0];
  if (same) return false;
  await deps.db
    .insert(ticketNotes)
    .values({ companyId: ticket.companyId, ticketId: ticket.id, contactId: ticket.contactId, userId: null, note, createdAt: nowIso() });
  return true;
}

/** Two contacts turned out to be one person: the duplicate's notes move to the survivor. */
export async function moveNotesToContact(tx: DbOrTx, companyId: number, fromContactId: number, toContactId: number) {
  await tx
    .update(ticketNotes)
    .set({ contactId: toContactId })
    .where(and(eq(ticketNotes.companyId, companyId), eq(ticketNotes.contactId, fromContactId)));
}
