import { batch, computed, type Signal, signal } from "@preact/signals-react";
import type { TicketWindowDto } from "@contract/dto/messages";
import { type Message, markRead } from "../api/messages";
import { type Ticket, listTickets, type TicketQuery } from "../api/tickets";
import { load, save } from "../lib/storage";
import { byAction, nothingToShow } from "../realtime/exhaustive";
import { allowedNow, user } from "./session";

/** The four lists of the ticket screen: open (assigned), pending, closed and search results. */
export type ListKey = "open" | "pending" | "closed" | "search";
/** Every list key, for loops over the lists. */
export const LIST_KEYS: readonly ListKey[] = ["open", "pending", "closed", "search"];

export interface ListState {
  tickets: Ticket[];
  count: number;
  hasMore: boolean;
  page: number;
  loading: boolean;
}

const empty = (): ListState => ({ tickets: [], count: 0, hasMore: false, page: 0, loading: false });
/** One signal per list, so a frame touching "pending" does not re-render the others. */
export const lists: Record<ListKey, Signal<ListState>> = {
  open: signal(empty()),
  pending: signal(empty()),
  closed: signal(empty()),
  search: signal(empty()),
};

/** The stored filters of every user of this browser: { [userId]: queueIds }. */
function storedFilters(): Record<string, number[]> {
  try {
    const v = JSON.parse(load("selectedQueueIds") ?? "{}");
    return v && typeof v === "object" && !Array.isArray(v) ? v : {};
  } catch {
    return {};
  }
}

function storedQueues(): number[] {
  const u = user.peek();
  const mine = u ? storedFilters()[u.id] : undefined;
  return Array.isArray(mine) ? mine.map(Number).filter(Number.isInteger) : (u?.queues.map((q) => q.id) ?? []);
}

/** Queue filter of the lists (stored as selectedQueueIds); starts as the user's queues. */
export const selectedQueueIds = signal<number[]>([]);
/** The open tab's sub-list; accepting a ticket switches it to "open" (assigned). */
export const openSubTab = signal<"open" | "pending">("open");
/** Show-all toggle (tickets-manager:showall). */
export const showAll = signal(false);
/** Search tab filters. */
export const searchFilters = signal<{ text: string; tags: number[]; users: number[] }>({ text: "", tags: [], users: [] });
/** The ticket open in the chat. */
export const currentTicket = signal<Ticket | null>(null);
/** Messages of the open ticket, oldest first. */
export const messages = signal<Message[]>([]);
/** Whether older pages of the open ticket remain. */
export const messagesHasMore = signal(false);
/** The open ticket's 24-hour customer-service window (Cloud API connections), null elsewhere. */
export const chatWindow = signal<TicketWindowDto | null>(null);

const WINDOW_MS = 24 * 60 * 60_000;

/** The customer wrote: their window runs 24 hours from that message. */
function reopenWindow(m: Message) {
  const w = chatWindow.peek();
  if (!w || m.fromMe || (w.lastInboundAt && w.lastInboundAt >= m.createdAt)) return;
  const closesAt = new Date(Date.parse(m.createdAt) + WINDOW_MS).toISOString();
  chatWindow.value = { lastInboundAt: m.createdAt, closesAt, open: Date.parse(closesAt) > Date.now() };
}
/** Set when the open ticket is removed live; the chat reacts (verify, toast, redirect). */
export const removedCurrent = signal(0);

/** Count badges of the open tab's sub-lists. */
export const counts = computed(() => ({ open: lists.open.value.count, pending: lists.pending.value.count }));

/** Restores the stored queue filter for the signed-in user. */
export function initTicketFilters() {
  selectedQueueIds.value = storedQueues();
}

/** Changes the queue filter and remembers it for this user. */
export function setSelectedQueues(ids: number[]) {
  selectedQueueIds.value = ids;
  const u = user.peek();
  if (u) save("selectedQueueIds", JSON.stringify({ ...storedFilters(), [u.id]: ids }));
}

function queryOf(key: ListKey, page: number): TicketQuery {
  const base = { pageNumber: page, showAll: showAll.peek(), queueIds: selectedQueueIds.peek() };
  if (key !== "search") return { ...base, status: key };
  const f = searchFilters.peek();
  return { ...base, showAll: true, searchParam: f.text, tags: f.tags, users: f.users };
}

const requests: Record<ListKey, number> = { open: 0, pending: 0, closed: 0, search: 0 };

/** A ticket's state that reached a list while its first page loaded (null: deleted), and whether it belongs there. */
interface Late {
  t: Ticket | null;
  in: boolean;
}
/** Per list, the query of the first page it shows (a reload of the same one keeps the list on screen meanwhile). */
const shown: Record<ListKey, string> = { open: "", pending: "", closed: "", search: "" };
/** Per list, what frames brought while its first page is loading: the answer may be older than them. */
const arriving: Record<ListKey, Map<number, Late> | null> = { open: null, pending: null, closed: null, search: null };

/**
 * A first page as loaded, with what came live while it loaded laid over it: a newer state replaces the loaded one, a
 * ticket that arrived is added on top (a search's results are only refreshed), one that left or was deleted goes.
 */
function withArrivals(key: ListKey, loaded: Ticket[], count: number, late: Map<number, Late>) {
  const tickets = [...loaded];
  let n = count;
  for (const [id, l] of late) {
    const i = tickets.findIndex((x) => x.id === id);
    if (i !== -1 && l.t && tickets[i].updatedAt > l.t.updatedAt) continue;
    if (!l.in || !l.t) {
      if (i !== -1) {
        tickets.splice(i, 1);
        n = Math.max(0, n - 1);
      }
    } else if (i !== -1) tickets[i] = l.t;
    else if (key !== "search") {
      tickets.unshift(l.t);
      n++;
    }
  }
  return { tickets, count: n };
}

/** Loads page 1 (replacing) or the next page (appending) of a list; stale answers are dropped. */
export async function loadList(key: ListKey, next = false) {
  const state = lists[key].peek();
  if (next && (state.loading || !state.hasMore)) return;
  const page = next ? state.page + 1 : 1;
  const mine = ++requests[key];
  const query = queryOf(key, page);
  const same = !next && shown[key] === JSON.stringify(query);
  // A reload of what is shown (the socket came up, a reconnect) keeps the list on screen until its answer.
  lists[key].value = { ...(next || same ? state : empty()), loading: true };
  const late = new Map<number, Late>();
  if (!next) arriving[key] = late;
  try {
    const res = await listTickets(query);
    if (mine !== requests[key]) return;
    if (!next) shown[key] = JSON.stringify(query);
    if (next) {
      const before = lists[key].peek().tickets;
      const seen = new Set(before.map((t) => t.id));
      lists[key].value = { tickets: [...before, ...res.tickets.filter((t) => !seen.has(t.id))], count: res.count, hasMore: res.hasMore, page, loading: false };
    } else lists[key].value = { ...withArrivals(key, res.tickets, res.count, late), hasMore: res.hasMore, page, loading: false };
  } catch (err) {
    if (mine === requests[key]) lists[key].value = { ...lists[key].peek(), loading: false };
    throw err;
  } finally {
    if (arriving[key] === late) arriving[key] = null;
  }
}

/** Whether a ticket belongs in a status list under the current filters (mirrors GET /tickets). */
function belongs(t: Ticket, key: ListKey): boolean {
  if (key === "search" || t.status !== key) return false;
  const me = user.peek()?.id;
  const all = showAll.peek();
  if (!all && t.status !== "pending" && t.userId !== me) return false;
  const queues = selectedQueueIds.peek();
  if (!allowedNow("tickets:viewAll") || queues.length) {
    const inQueue = t.queueId === null || queues.includes(t.queueId);
    if (!inQueue && t.userId !== me) return false;
  }
  return true;
}

function place(key: ListKey, t: Ticket, toTop: boolean) {
  const s = lists[key].peek();
  const i = s.tickets.findIndex((x) => x.id === t.id);
  const inList = key === "search" ? i !== -1 : belongs(t, key);
  arriving[key]?.set(t.id, { t, in: key === "search" || inList });
  if (!inList) {
    if (i !== -1) lists[key].value = { ...s, tickets: s.tickets.filter((x) => x.id !== t.id), count: Math.max(0, s.count - 1) };
    return;
  }
  if (i === -1) lists[key].value = { ...s, tickets: [t, ...s.tickets], count: s.count + 1 };
  else if (toTop) lists[key].value = { ...s, tickets: [t, ...s.tickets.filter((x) => x.id !== t.id)] };
  else lists[key].value = { ...s, tickets: s.tickets.map((x) => (x.id === t.id ? t : x)) };
}

/** The state of a ticket this browser holds (the open chat or a list's card), if any. */
function heldTicket(id: number): Ticket | undefined {
  const cur = currentTicket.peek();
  if (cur?.id === id) return cur;
  for (const key of LIST_KEYS) {
    const found = lists[key].peek().tickets.find((x) => x.id === id);
    if (found) return found;
  }
  return undefined;
}

/**
 * Applies a ticket's new state to every list (insert, replace, move to top or remove) and the chat. A state older
 * than the one held is dropped: with several servers, two changes of one ticket made on two of them can reach a
 * browser in either order (the same rule as the catch-up after a wake-up).
 */
export function upsertTicket(t: Ticket, toTop = false) {
  const held = heldTicket(t.id);
  if (held && held.updatedAt > t.updatedAt) return;
  // The same state again (a frame published twice) leaves the ticket where it is.
  const moves = toTop && !(held && held.updatedAt === t.updatedAt);
  batch(() => {
    for (const key of LIST_KEYS) place(key, t, moves);
    if (currentTicket.peek()?.id === t.id) currentTicket.value = t;
  });
}

/** Tickets this user just sent away (transfer, return): their live removal is expected, not news. */
const handedOff = new Set<number>();

/** Marks a ticket this user is sending away, so the chat closes quietly when it leaves their lists. */
export function markHandedOff(id: number) {
  handedOff.add(id);
  setTimeout(() => handedOff.delete(id), 10_000);
}

/** Removes a ticket from every list (status change elsewhere or deletion). */
export function removeTicket(id: number) {
  batch(() => {
    for (const key of LIST_KEYS) {
      arriving[key]?.set(id, { t: null, in: false });
      const s = lists[key].peek();
      if (s.tickets.some((x) => x.id === id)) lists[key].value = { ...s, tickets: s.tickets.filter((x) => x.id !== id), count: Math.max(0, s.count - 1) };
    }
  });
  if (currentTicket.peek()?.id === id && !handedOff.has(id)) removedCurrent.value = id;
}

function patchTickets(match: (t: Ticket) => boolean, patch: (t: Ticket) => Ticket) {
  batch(() => {
    for (const key of LIST_KEYS) {
      const s = lists[key].peek();
      if (s.tickets.some(match)) lists[key].value = { ...s, tickets: s.tickets.map((x) => (match(x) ? patch(x) : x)) };
    }
    const cur = currentTicket.peek();
    if (cur && match(cur)) currentTicket.value = patch(cur);
  });
}

/**
 * Puts a message of the open ticket in its place: replaces the copy held, else inserts it in id order (a frame
 * published again or merged after a reconnect may come after newer ones). One older than every message loaded,
 * while older pages remain, is left to the page that loads it.
 */
export function putMessage(m: Message) {
  if (currentTicket.peek()?.id !== m.ticketId) return;
  reopenWindow(m);
  const list = messages.peek();
  const i = list.findIndex((x) => x.id === m.id);
  if (i !== -1) {
    messages.value = list.map((x) => (x.id === m.id ? m : x));
    return;
  }
  if (list.length && m.id < list[0].id && messagesHasMore.peek()) return;
  let at = list.length;
  while (at > 0 && list[at - 1].id > m.id) at--;
  messages.value = [...list.slice(0, at), m, ...list.slice(at)];
}

/** Realtime `ticket` frames: update, delete, updateUnread. */
export const onTicketFrame = byAction<"ticket">({
  update: (f) => upsertTicket(f.ticket),
  delete: (f) => removeTicket(f.ticketId),
  updateUnread: (f) =>
    patchTickets(
      (t) => t.id === f.ticketId,
      (t) => ({ ...t, unreadMessages: 0 }),
    ),
});

let readTimer: ReturnType<typeof setTimeout> | null = null;
/** Marks the open ticket read once a burst of messages settles (one call per burst). */
function readSoon(ticketId: number) {
  if (readTimer) clearTimeout(readTimer);
  readTimer = setTimeout(() => {
    readTimer = null;
    markRead(ticketId).catch(() => {});
  }, 400);
}

/** Realtime `appMessage` frames: a new message moves its ticket to the top and may notify. */
export const onMessageFrame = byAction<"appMessage">({
  create: ({ message: m, ticket: t }) => {
    upsertTicket(t, true);
    putMessage(m);
    const open = currentTicket.peek()?.id === t.id;
    // The agent is looking at this chat: the new message is read now, not left as unread.
    if (!m.fromMe && open && document.visibilityState === "visible") readSoon(t.id);
  },
  update: (f) => putMessage(f.message),
});

/** Realtime `contact` frames: names and pictures on cards and in the chat. */
export const onContactFrame = byAction<"contact">({
  update: ({ contact: c }) =>
    patchTickets(
      (t) => t.contactId === c.id,
      (t) => ({ ...t, contact: { ...t.contact, name: c.name, number: c.number, email: c.email, profilePicUrl: c.profilePicUrl } }),
    ),
  // a new contact has no ticket yet; a deleted one's tickets leave through their own frames
  create: nothingToShow,
  delete: nothingToShow,
  reload: nothingToShow,
});
