import { and, count, desc, eq, inArray } from "drizzle-orm";
import type { TicketListInput, TicketStatus } from "../../contract/schemas/tickets";
import { LIMITS } from "../../contract/limits";
import { cachedCount, cachedRead } from "../../db/paging";
import type { Ctx, Deps, Reads } from "../../core/deps";
import { AppError, forbidden, notFound } from "../../core/errors";
import { canViewTicket } from "./policy";
import { findJoinedWithTags, findJoinedWithTagsMany, findTicketRow, selectTickets, selectTicketsWith, type TicketJoined } from "./queries";
import { ticketListFilter } from "./list-filter";
import { readSearchPage, searchPageQuery } from "./search";
import { tickets } from "./schema";
import { serializeTicket, type TicketDto } from "./serialize";
import { tagsJsonOf, tagsOfTickets, type TicketTag } from "../tags";
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

/**
 * A ticket of the company with its wire shape and its connection's channel, from one statement (or undefined): the
 * message page on PostgreSQL, where each statement is a round trip. The caller checks `canViewTicket` on `row`.
 */
export async function findTicketLoaded(deps: Deps, companyId: number, id: number) {
  const found = await findJoinedWithTags(deps.db, companyId, id);
  if (!found) return undefined;
  return { row: found.joined.ticket, dto: serializeTicket(found.joined, found.tags), channel: found.joined.whatsapp?.channel ?? null };
}

/** GET /tickets (R-TKT-13): the caller's conditions (list-filter.ts), newest activity first, 40 per page. */
export async function listTickets(ctx: Ctx, q: TicketListInput, opts: { statuses?: TicketStatus[] } = {}) {
  const filter = ticketListFilter(ctx.user, ctx.companyId, q, ctx.db.engine, opts);
  const size = LIMITS.ticketsPageSize;
  const offset = (q.pageNumber - 1) * size;
  if (ctx.db.engine === "pg") {
    // PostgreSQL: each statement is a round trip between two processes, so the whole page (count, rows, tags) is
    // kept until the database changes, under its statement (the caller's visibility is in its parameters).
    const { where, set, onlySearch } = filter;
    const keyQuery = set
      ? searchPageQuery(ctx.db.engine, ctx.companyId, set, where, onlySearch, size, offset)
      : selectTickets(ctx.db).where(where).orderBy(desc(tickets.updatedAt), desc(tickets.id)).limit(size).offset(offset).getSQL();
    return cachedRead(ctx.reads, "tickets-page", keyQuery, () => ticketPage(ctx, q, filter, null));
  }
  return ticketPage(ctx, q, filter, ctx.reads);
}

/** One page of GET /tickets; `reads` keeps its count or search page (SQLite), or null when the caller keeps the whole page. */
async function ticketPage(ctx: Ctx, q: TicketListInput, filter: ReturnType<typeof ticketListFilter>, reads: Reads | null) {
  const { where, set, onlySearch } = filter;
  const size = LIMITS.ticketsPageSize;
  const offset = (q.pageNumber - 1) * size;
  let rows: TicketJoined[];
  let total: number;
  if (set) {
    // A page is kept until the database changes: the next request for it (a refresh, another agent
    // with the same visibility, paging back) costs the page's references only.
    const query = searchPageQuery(ctx.db.engine, ctx.companyId, set, where, onlySearch, size, offset);
    const search = async () => readSearchPage((await rawAll<{ total: number; ids: string }>(ctx.db, query))[0]);
    const page = reads ? await cachedRead(reads, "search", query, search) : await search();
    total = page.total;
    // The references are joined for the page's rows only.
    rows = page.ids.length ? await selectPage(ctx).where(inArray(tickets.id, page.ids)).orderBy(desc(tickets.updatedAt), desc(tickets.id)) : [];
  } else {
    // No filter needs the contact: the count reads the tab's index alone, and is cached between writes.
    const countQuery = ctx.db.select({ n: count() }).from(tickets).where(where);
    const rowsQuery = selectPage(ctx).where(where).orderBy(desc(tickets.updatedAt), desc(tickets.id)).limit(size).offset(offset);
    if (reads) {
      total = await cachedCount(reads, countQuery);
      rows = await rowsQuery;
    } else {
      // PostgreSQL (the whole page is kept by the caller): side by side on two connections of the pool, one wait.
      [total, rows] = await Promise.all([countQuery.then((r) => r[0]?.n ?? 0), rowsQuery]);
    }
  }
  // PostgreSQL: the tags came with the rows (one round trip less); SQLite reads them for the page in one statement.
  const tagMap =
    ctx.db.engine === "pg"
      ? new Map(rows.map((r) => [r.ticket.id, JSON.parse((r as { tagsJson?: string }).tagsJson ?? "[]") as TicketTag[]]))
      : await tagsOfTickets(
          ctx.db,
          rows.map((r) => r.ticket.id),
        );
  return {
    tickets: rows.map((r) => serializeTicket(r, tagMap.get(r.ticket.id) ?? [])),
    count: total,
    hasMore: total > q.pageNumber * size,
  };
}

/** The page's select: on PostgreSQL with each ticket's tags as JSON (tagsJson), on SQLite without (read after). */
const selectPage = (ctx: Ctx) => (ctx.db.engine === "pg" ? selectTicketsWith(ctx.db, { tagsJson: tagsJsonOf(tickets.id, "pg") }) : selectTickets(ctx.db));

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
