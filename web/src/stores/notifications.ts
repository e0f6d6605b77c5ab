import { signal } from "@preact/signals-react";
import { listTickets, type Ticket } from "../api/tickets";

/** Tickets with unread customer messages the user can see (the top bar's notifications). */
export const unreadTickets = signal<Ticket[]>([]);
export const unreadCount = signal(0);

let timer: ReturnType<typeof setTimeout> | null = null;

/** Reloads the list (GET /tickets?withUnreadMessages=true). */
export async function refreshUnread() {
  try {
    const page = await listTickets({ pageNumber: 1, withUnreadMessages: true });
    unreadTickets.value = page.tickets.filter((t) => t.unreadMessages > 0 && t.status !== "closed");
    unreadCount.value = page.count;
  } catch {
    // keep the last list: the bell is informative, its failure must not bother the user
  }
}

/** Reloads once a burst of realtime frames settles. */
export function refreshUnreadSoon() {
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => {
    timer = null;
    void refreshUnread();
  }, 600);
}
