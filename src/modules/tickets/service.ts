import { and, count, desc, eq, gt, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { TicketListInput, TicketStatus } from "../../contract/schemas/tickets";
import { LIMITS } from "../../contract/limits";
import { cachedCount, containsAny } from "../../db/paging";
import type { Ctx, Deps } from "../../http/context";
import { AppError, forbidden, notFound } from "../../http/errors";
import { contacts } from "../contacts/schema";
import { canShowAll, canViewTicket } from "./policy";
import { findJoinedWithTags, findTicketRow, selectTickets, type TicketJoined, tagsOfTickets } from "./queries";
import { tickets, ticketTags } from "./schema";
import { serializeTicket, type TicketDto } from "./serialize";

/** Loads one ticket in its wire shape, or null. */
export function loadTicket(deps: Deps, companyId: number, id: number): TicketDto | null {
  const found = findJoinedWithTags(deps.db, companyId, id);
  return found ? serializeTicket(found.joined, found.tags) : null;
}

/** A ticket the caller may see, else 404 (other company / missing) or 403 (queue not theirs). */
export function getVisibleTicket(ctx: Ctx, id: number) {
  const row = findTicketRow(ctx.db, ctx.companyId, id);
  if (!row) throw notFound("ERR_NO_TICKET_FOUND");
  if (!canViewTicket(ctx.user, row)) throw forbidden();
  return row;
}

/** Turns a search text into an FTS5 prefix query of quoted tokens (no FTS syntax from users). */
function ftsQuery(text: string): string | null {
  const tokens = text
    .toLowerCase()
    .normalize("NFKC")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  if (!tokens.length) return null;
  return tokens.map((t) => `"${t.replaceAll('"', "")}"*`).join(" ");
}

/**
 * The FTS index is keyed by (company_id << 44) | message id (migration 0030): a company's messages
 * are one rowid range, read straight from the index, and the low bits give back the message id.
 */
const companyMessages = (companyId: number) => sql`rowid >= (${companyId} << 44) and rowid < ((${companyId} + 1) << 44)`;

/**
 * The tickets a search finds, as one set of ids: those whose contact's name or number contains the
 * text, and those with a message matching it (FTS5: the company's matches only, each turned into its
 * ticket through `messages_search_idx`). `union all`: the `in` list is a set already.
 */
function searchCondition(companyId: number, text: string): SQL {
  // Numbers are stored as digits only: a text with anything else can only match names.
  const columns = /^\d+$/.test(text) ? [sql`c.name`, sql`c.number`] : [sql`c.name`];
  const byContact = sql`select t.id from ${tickets} t where t.company_id = ${companyId} and t.contact_id in (select c.id from ${contacts} c where c.company_id = ${companyId} and ${containsAny(text, ...columns)})`;
  const fts = ftsQuery(text);
  if (!fts) return sql`${tickets.id} in (${byContact})`;
  const matches = sql`select rowid & ((1 << 44) - 1) from messages_fts where messages_fts match ${fts} and ${companyMessages(companyId)}`;
  return sql`${tickets.id} in (${byContact} union all select m.ticket_id from messages m indexed by messages_search_idx where m.company_id = ${companyId} and m.id in (${matches}))`;
}

/**
 * GET /tickets (BEHAVIOUR.md §4.3): visibility first (mine or pending, queue filter; show-all for
 * permitted roles), then status, search (contact name/number, message text via FTS5), dates, unread,
 * tags (all of) and users (any of). Newest activity first, 40 per page.
 */
export function listTickets(ctx: Ctx, q: TicketListInput, opts: { statuses?: TicketStatus[] } = {}) {
  const u = ctx.user;
  const admin = u.profile === "admin";
  const conds: (SQL | undefined)[] = [eq(tickets.companyId, ctx.companyId)];
  const showAll = q.showAll && canShowAll(u);
  if (!showAll) conds.push(or(eq(tickets.userId, u.id), eq(tickets.status, "pending")));
  const requested = q.queueIds ?? [];
  const allowed = admin ? requested : requested.length ? requested.filter((id) => u.queueIds.includes(id)) : u.queueIds;
  if (!admin || requested.length) {
    const queueCond = allowed.length ? or(inArray(tickets.queueId, allowed), isNull(tickets.queueId)) : isNull(tickets.queueId);
    conds.push(admin ? queueCond : or(queueCond, eq(tickets.userId, u.id)));
  }
  if (q.status) conds.push(eq(tickets.status, q.status));
  if (opts.statuses) conds.push(inArray(tickets.status, opts.statuses));
  const search = q.searchParam ? searchCondition(ctx.companyId, q.searchParam) : undefined;
  if (search) conds.push(search);
  if (q.date) conds.push(sql`substr(${tickets.createdAt}, 1, 10) = ${q.date}`);
  if (q.updatedAt) conds.push(sql`substr(${tickets.updatedAt}, 1, 10) = ${q.updatedAt}`);
  if (q.withUnreadMessages) conds.push(gt(tickets.unreadMessages, 0));
  if (q.tags?.length) {
    conds.push(
      inArray(
        tickets.id,
        ctx.db
          .select({ id: ticketTags.ticketId })
          .from(ticketTags)
          .where(inArray(ticketTags.tagId, q.tags))
          .groupBy(ticketTags.ticketId)
          .having(sql`count(*) = ${new Set(q.tags).size}`),
      ),
    );
  }
  if (q.users?.length) conds.push(inArray(tickets.userId, q.users));
  const where = and(...conds);
  const size = LIMITS.ticketsPageSize;
  const offset = (q.pageNumber - 1) * size;
  let rows: TicketJoined[];
  let total: number;
  if (search) {
    // One pass: the matches are found once (materialized), counted, and the page's ids taken in list
    // order; a window count over every match would sort them all, a LIMIT keeps only the page's.
    const [found] = ctx.db.all<{ total: number; ids: string }>(
      sql`with found as materialized (select ${tickets.id} as id, ${tickets.updatedAt} as at from ${tickets} where ${where})
        select (select count(*) from found) as total,
          (select json_group_array(id) from (select id from found order by at desc, id desc limit ${size} offset ${offset})) as ids`,
    );
    total = found?.total ?? 0;
    const ids = JSON.parse(found?.ids ?? "[]") as number[];
    // The references are joined for the page's rows only.
    rows = ids.length ? selectTickets(ctx.db).where(inArray(tickets.id, ids)).orderBy(desc(tickets.updatedAt), desc(tickets.id)).all() : [];
  } else {
    // No filter needs the contact: the count reads the tab's index alone, and is cached between writes.
    total = cachedCount(ctx.db, ctx.db.select({ n: count() }).from(tickets).where(where));
    rows = selectTickets(ctx.db).where(where).orderBy(desc(tickets.updatedAt), desc(tickets.id)).limit(size).offset(offset).all();
  }
  const tagMap = tagsOfTickets(
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
export function showTicket(ctx: Ctx, id: number) {
  getVisibleTicket(ctx, id);
  return loadTicket(ctx, ctx.companyId, id)!;
}

/** GET /tickets/u/{uuid}: company-scoped (BEHAVIOUR decision 5). */
export function showTicketByUuid(ctx: Ctx, ticketUuid: string) {
  const row = ctx.db
    .select()
    .from(tickets)
    .where(and(eq(tickets.companyId, ctx.companyId), eq(tickets.uuid, ticketUuid)))
    .get();
  if (!row) throw notFound("ERR_NO_TICKET_FOUND");
  if (!canViewTicket(ctx.user, row)) throw forbidden();
  return loadTicket(ctx, ctx.companyId, row.id)!;
}

/** The 409 answer when another open/pending ticket of the contact exists (BEHAVIOUR decision 6). */
export function otherOpenTicketError(deps: Deps, companyId: number, ticketId: number) {
  const t = loadTicket(deps, companyId, ticketId)!;
  return new AppError("ERR_OTHER_OPEN_TICKET", 409, {
    ticket: { id: t.id, uuid: t.uuid, status: t.status },
    userId: t.userId,
    user: t.user,
    queue: t.queue,
  });
}
