import type { ServerFrame } from "@contract/frames";
import { TICKET_CHANGES_KNOWN_MAX } from "@contract/schemas/tickets";
import { type Ticket, ticketChanges } from "../api/tickets";
import { unreadTickets } from "../stores/notifications";
import { currentTicket, LIST_KEYS, lists } from "../stores/tickets";

/** The catch-up starts this long before the last frame's server time (frames in flight when the socket died). */
const OVERLAP_MS = 2_000;

/** The tickets the app shows now (lists, bell, open chat), newest copy of each. */
function held(): Map<number, Ticket> {
  const map = new Map<number, Ticket>();
  const put = (t: Ticket) => {
    const had = map.get(t.id);
    if (!had || had.updatedAt < t.updatedAt) map.set(t.id, t);
  };
  for (const key of LIST_KEYS) for (const t of lists[key].peek().tickets) put(t);
  for (const t of unreadTickets.peek()) put(t);
  const cur = currentTicket.peek();
  if (cur) put(cur);
  return map;
}

/**
 * After the socket came back: asks the server what changed since the last frame (server time) and
 * answers it as the frames the app missed — ticket updates (never older than what the app already
 * shows, so a frame that arrived meanwhile wins) and deletes for the tickets it may no longer show.
 * Null when too much changed: the app then reloads its lists.
 */
export async function catchUp(sinceServerMs: number): Promise<ServerFrame[] | null> {
  const mine = held();
  const res = await ticketChanges(new Date(sinceServerMs - OVERLAP_MS).toISOString(), [...mine.keys()].slice(0, TICKET_CHANGES_KNOWN_MAX));
  if (res.hasMore) return null;
  const frames: ServerFrame[] = [];
  for (const ticket of res.tickets) {
    const had = mine.get(ticket.id);
    if (!had || had.updatedAt <= ticket.updatedAt) frames.push({ channel: "ticket", action: "update", ticket });
  }
  for (const ticketId of res.gone) frames.push({ channel: "ticket", action: "delete", ticketId });
  return frames;
}
