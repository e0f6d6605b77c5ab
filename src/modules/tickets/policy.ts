import { can } from "../../contract/permissions";
import type { SessionUser } from "../../http/context";

export interface TicketAccess {
  userId: number | null;
  queueId: number | null;
}

/**
 * core.md §6: a user sees tickets of their queues, queue-less tickets and their own; admins see all.
 */
export function canViewTicket(u: SessionUser, t: TicketAccess): boolean {
  if (u.profile === "admin") return true;
  if (t.userId === u.id) return true;
  if (t.queueId === null) return true;
  return u.queueIds.includes(t.queueId);
}

export const canDeleteTicket = (u: SessionUser) => can(u, "ticket-options:deleteTicket");
export const canShowAll = (u: SessionUser) => can(u, "tickets-manager:showall");
