import { eq, inArray, isNull, or, type SQL } from "drizzle-orm";
import { can } from "../../contract/permissions";
import type { SessionUser } from "../../core/user";
import { tickets } from "./schema";

export interface TicketAccess {
  userId: number | null;
  queueId: number | null;
}

/** Whether a user sees every ticket of the company (admins): what shows all conversations at once needs it. */
export const canViewEveryTicket = (u: SessionUser) => can(u, "tickets:viewAll");

/** Whether a user may act on any ticket (R-PERM-4: admins): someone else's open one, for another user, without a queue. */
export const canHandleEveryTicket = (u: SessionUser) => can(u, "tickets:handleAny");

/**
 * THE visibility rule (R-PERM-3): a user sees tickets of their queues, queue-less tickets and their
 * own; admins see all. Every read of a conversation goes through it (or its SQL form below).
 */
export function canViewTicket(u: SessionUser, t: TicketAccess): boolean {
  if (canViewEveryTicket(u)) return true;
  if (t.userId === u.id) return true;
  if (t.queueId === null) return true;
  return u.queueIds.includes(t.queueId);
}

export const canDeleteTicket = (u: SessionUser) => can(u, "ticket-options:deleteTicket");
export const canShowAll = (u: SessionUser) => can(u, "tickets-manager:showall");

/** canViewTicket as a condition on `tickets` for queries that read many conversations; undefined = no restriction. */
export function visibleTicketsWhere(u: SessionUser): SQL | undefined {
  if (canViewEveryTicket(u)) return undefined;
  const conds = [eq(tickets.userId, u.id), isNull(tickets.queueId)];
  if (u.queueIds.length) conds.push(inArray(tickets.queueId, u.queueIds));
  return or(...conds);
}
