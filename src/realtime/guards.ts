import type { Deps, SessionUser } from "../http/context";

/**
 * Who may join a ticket's room. The tickets module replaces the guard when it loads; until then no
 * ticket room can be joined (deny by default).
 */
let ticketRoomGuard: (deps: Deps, user: SessionUser, ticketId: number) => boolean = () => false;

export function setTicketRoomGuard(fn: typeof ticketRoomGuard) {
  ticketRoomGuard = fn;
}

export const canJoinTicketRoom = (deps: Deps, user: SessionUser, ticketId: number) =>
  ticketRoomGuard(deps, user, ticketId);
