import { and, eq, gt, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { TicketListInput, TicketStatus } from "../../contract/schemas/tickets";
import type { SessionUser } from "../../core/user";
import { canShowAll, canViewEveryTicket } from "./policy";
import { ticketsWithEveryTag } from "../tags";
import { tickets } from "./schema";
import { type SearchEngine, searchSql } from "./search";

/** What a ticket list asks of the database: its conditions, and the search's set when there is a search. */
export interface TicketListFilter {
  where: SQL | undefined;
  set: SQL | undefined;
  /** The search is the only condition on ticket columns (an admin showing all, no filter): see searchPageQuery. */
  onlySearch: boolean;
}

/**
 * The conditions of GET /tickets for the caller (R-TKT-13): visibility first (mine or
 * pending, queue filter; show-all for permitted roles), then status, search (contact name/number,
 * message text), dates, unread, tags (all of) and users (any of). Plain SQL both engines run.
 */
export function ticketListFilter(
  u: SessionUser,
  companyId: number,
  q: TicketListInput,
  engine: SearchEngine,
  opts: { statuses?: TicketStatus[] } = {},
): TicketListFilter {
  const admin = canViewEveryTicket(u);
  const conds: (SQL | undefined)[] = [eq(tickets.companyId, companyId)];
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
  // No condition on ticket columns so far (an admin showing all, no queue or status filter)...
  const noFilterYet = conds.length === 1;
  const search = q.searchParam ? searchSql(engine, companyId, q.searchParam) : undefined;
  if (search) conds.push(search.condition);
  if (q.date) conds.push(sql`substr(${tickets.createdAt}, 1, 10) = ${q.date}`);
  if (q.updatedAt) conds.push(sql`substr(${tickets.updatedAt}, 1, 10) = ${q.updatedAt}`);
  if (q.withUnreadMessages) conds.push(gt(tickets.unreadMessages, 0));
  if (q.tags?.length) conds.push(sql`${tickets.id} in (${ticketsWithEveryTag(q.tags)})`);
  if (q.users?.length) conds.push(inArray(tickets.userId, q.users));
  // ...nor after the search: then the search's own set is the answer.
  return { where: and(...conds), set: search?.set, onlySearch: noFilterYet && !!search && conds.length === 2 };
}
