import { and, asc, eq, gt, inArray } from "drizzle-orm";
import type { TicketDto } from "../../contract/dto/tickets";
import { TICKET_CHANGES_MAX, type TicketChangesInput } from "../../contract/schemas/tickets";
import type { Ctx } from "../../core/deps";
import { visibleTicketsWhere } from "./policy";
import { tagsOfTickets } from "../tags";
import { selectTickets } from "./queries";
import { tickets } from "./schema";
import { serializeTicket } from "./serialize";

/**
 * POST /tickets/changes: the catch-up of an app whose socket was down (a phone that slept). The
 * tickets the caller may see that changed after `since`, oldest change first, at most
 * TICKET_CHANGES_MAX (`hasMore`: reload the lists instead); and which of the `known` ids it must drop
 * (deleted, or no longer visible to it: moved to another queue). Nothing about tickets it never held.
 */
export async function ticketChanges(ctx: Ctx, input: TicketChangesInput): Promise<{ tickets: TicketDto[]; gone: number[]; hasMore: boolean }> {
  const visible = visibleTicketsWhere(ctx.user);
  const rows = await selectTickets(ctx.db)
    .where(and(eq(tickets.companyId, ctx.companyId), gt(tickets.updatedAt, input.since), visible))
    .orderBy(asc(tickets.updatedAt), asc(tickets.id))
    .limit(TICKET_CHANGES_MAX + 1);
  const hasMore = rows.length > TICKET_CHANGES_MAX;
  const page = rows.slice(0, TICKET_CHANGES_MAX);
  const tags = await tagsOfTickets(
    ctx.db,
    page.map((r) => r.ticket.id),
  );
  const known = [...new Set(input.known)];
  const still = known.length
    ? new Set(
        (
          await ctx.db
            .select({ id: tickets.id })
            .from(tickets)
            .where(and(eq(tickets.companyId, ctx.companyId), inArray(tickets.id, known), visible))
        ).map((r) => r.id),
      )
    : new Set<number>();
  return {
    tickets: page.map((r) => serializeTicket(r, tags.get(r.ticket.id) ?? [])),
    gone: known.filter((id) => !still.has(id)),
    hasMore,
  };
}
