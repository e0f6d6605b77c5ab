import { computed, signal } from "@preact/signals-react";
import { listTickets, type Ticket } from "../api/tickets";
import { byAction, nothingToShow } from "../realtime/exhaustive";
import { allowedNow, user } from "./session";

/** Tickets with unread customer messages the user can see (the top bar's bell), by id. */
const unread = signal<ReadonlyMap<number, Ticket>>(new Map());
/** Unread tickets beyond the first page the server answered (counted, not listed). */
const beyond = signal(0);

/** The bell's tickets, newest activity first. */
export const unreadTickets = computed(() => [...unread.value.values()].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)));
export const unreadCount = computed(() => unread.value.size + beyond.value);

/** Whether a ticket belongs in the bell (mirrors GET /tickets?withUnreadMessages=true). */
function inBell(t: Ticket): boolean {
  const me = user.peek();
  if (!me || t.unreadMessages <= 0 || t.status === "closed") return false;
  if (t.userId !== me.id && t.status !== "pending") return false;
  if (allowedNow("tickets:viewAll") || t.userId === me.id || t.queueId === null) return true;
  return me.queues.some((q) => q.id === t.queueId);
}

function put(t: Ticket) {
  const has = unread.peek().has(t.id);
  const wanted = inBell(t);
  if (!has && !wanted) return;
  const next = new Map(unread.peek());
  if (wanted) next.set(t.id, t);
  else next.delete(t.id);
  unread.value = next;
}

function drop(id: number) {
  if (!unread.peek().has(id)) return;
  const next = new Map(unread.peek());
  next.delete(id);
  unread.value = next;
}

/** Loads the bell once (sign-in, socket reconnect); afterwards frames keep it current without requests. */
export async function refreshUnread() {
  try {
    const page = await listTickets({ pageNumber: 1, withUnreadMessages: true });
    const list = page.tickets.filter(inBell);
    unread.value = new Map(list.map((t) => [t.id, t]));
    beyond.value = Math.max(0, page.count - page.tickets.length);
  } catch {
    // keep the last list: the bell is informative, its failure must not bother the user
  }
}

/** `ticket` frames: a changed ticket enters or leaves the bell; deleted or read ones leave it. */
export const bellOnTicket = byAction<"ticket">({
  update: (f) => put(f.ticket),
  delete: (f) => drop(f.ticketId),
  updateUnread: (f) => drop(f.ticketId),
});

/** `appMessage create` frames carry their ticket (with its unread counter). */
export const bellOnMessage = byAction<"appMessage">({
  create: (f) => put(f.ticket),
  // an edited or acknowledged message changes no unread counter
  update: nothingToShow,
});
