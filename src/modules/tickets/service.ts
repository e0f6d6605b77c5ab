import { and, count, desc, eq, inArray } from "drizzle-orm";
import type { TicketListInput, TicketStatus } from "../../contract/schemas/tickets";
import { LIMITS } from "../../contract/limits";
import { cachedCount, cachedRead } from "../../db/paging";
import type { Ctx, Deps } from "../../core/deps";
import { AppError, forbidden, notFound } from "../../core/errors";
import { canViewTicket } from "./policy";
import { findJoinedWithTags, findJoinedWithTagsMany, findTicketRow, selectTickets, type TicketJoined } from "./queries";
import { ticketListFilter } from "./list-filter";
import { readSearchPage, searchPageQuery } from "./search";
import { tickets } from "./schema";
import { serializeTicket, type TicketDto } from "./serialize";
import { tagsOfTickets } from "../tags";
import { rawAll } from "../../db/query";

/** Loads one ticket in its wire shape, or null. */
export async function loadTicket(deps: Deps, companyId: number, id: number): Promise<TicketDto | null> {
  const found = await findJoinedWithTags(deps.db, companyId, id);
  return found ? serializeTicket(found.joined, found.tags) : null;
}

/** Several tickets in their wire shape, by id (missing ones left out): one read for an inbound group commit's frames. */
export async function loadTickets(deps: Deps, companyId: number, ids: number[]): Promise<Map<number, TicketDto>> {
  const found = ids.length ? await findJoinedWithTagsMany(deps.db, companyId, ids) : [];
  return new Map(found.map((f) => [f.joined.ticket.id, serializeTicket(f.joined, f.tags)]));
}

/** A ticket the caller may see, else 404 (other company / missing) or 403 (queue not theirs). */
export async function getVisibleTicket(ctx: Ctx, id: number) {
  const row = await findTicketRow(ctx.db, ctx.companyId, id);
  if (!row) throw notFound("ERR_NO_TICKET_FOUND");
  if (!canViewTicket(ctx.user, row)) throw forbidden();
  return row;
}

/** GET /tickets (R-TKT-13): the caller's conditions (list-filter.ts), newest activity first, 40 per page. */
export async function listTickets(ctx: Ctx, q: TicketListInput, opts: { statuses?: TicketStatus[] } = {}) {
  const { where, set, onlySearch } = ticketListFilter(ctx.user, ctx.companyId, q, ctx.db.engine, opts);
  const size = LIMITS.ticketsPageSize;
  const offset = (q.pageNumber - 1) * size;
  let rows: TicketJoined[];
  let total: number;
  if (set) {
    // A page is kept until the database changes: the next request for it (a refresh, another agent
    // with the same visibility, paging back) costs the page's references only.
    const query = searchPageQuery(ctx.db.engine, ctx.companyId, set, where, onlySearch, size, offset);
    const page = await cachedRead(ctx.reads, "search", query, async () => readSearchPage((await rawAll<{ total: number; ids: string }>(ctx.db, query))[0]));
    total = page.total;
    // The references are joined for the page's rows only.
    rows = page.ids.length ? await selectTickets(ctx.db).where(inArray(tickets.id, page.ids)).orderBy(desc(tickets.updatedAt), desc(tickets.id)) : [];
  } else {
    // No filter needs the contact: the count reads the tab's index alone, and is cached between writes.
    total = await cachedCount(ctx.reads, ctx.db.select({ n: count() }).from(tickets).where(where));
    rows = await selectTickets(ctx.db).where(where).orderBy(desc(tickets.updatedAt), desc(tickets.id)).limit(size).offset(offset);
  }
  const tagMap = await tagsOfTickets(
    ctx.db,
    rows.map((r) => r.ticket.id),
  );
  return {
    tickets: rows.map((r) => serializeTicket(r, tagMap.get(r.ticket.id) ?? [])),
    count: total,
    hasMore: total > q.pageNumber * size,
  };
}

/** GET /tickets/{id}. */
export async function showTicket(ctx: Ctx, id: number) {
  await getVisibleTicket(ctx, id);
  return (await loadTicket(ctx, ctx.companyId, id))!;
}

/** GET /tickets/u/{uuid}: company-scoped (D5). */
export async function showTicketByUuid(ctx: Ctx, ticketUuid: string) {
  const row = (
    await ctx.db
      .select()
      .from(tickets)
      .where(and(eq(tickets.companyId, ctx.companyId), eq(tickets.uuid, ticketUuid)))
      .limit(1)
  )[0];
  if (!row) throw notFound("ERR_NO_TICKET_FOUND");
  if (!canViewTicket(ctx.user, row)) throw forbidden();
  return (await loadTicket(ctx, ctx.companyId, row.id))!;
}

/** The 409 answer when another open/pending ticket of the contact exists (D6). */
export async function otherOpenTicketError(deps: Deps, companyId: number, ticketId: number) {
  const t = (await loadTicket(deps, companyId, ticketId))!;
  return new AppError("ERR_OTHER_OPEN_TICKET", 409, {
    ticket: { id: t.id, uuid: t.uuid, status: t.status },
    userId: t.userId,
    user: t.user,
    queue: t.queue,
  });
}
