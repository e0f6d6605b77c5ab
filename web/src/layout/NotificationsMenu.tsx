import { useSignals } from "@preact/signals-react/runtime";
import { useEffect } from "react";
import { useLocation } from "wouter";
import { useT } from "../i18n";
import { onSocketReady } from "../realtime/socket";
import { refreshUnread, unreadCount, unreadTickets } from "../stores/notifications";
import { UnreadMenu } from "./UnreadMenu";

/** Top-bar bell: tickets with unread messages, newest first; a click opens the ticket (or the waiting list). */
export function NotificationsMenu() {
  useSignals();
  const t = useT();
  const [, go] = useLocation();
  useEffect(() => {
    void refreshUnread();
    return onSocketReady((caughtUp) => caughtUp || void refreshUnread());
  }, []);
  const items = unreadTickets.value.map((tk) => ({
    key: tk.id,
    title: tk.contact.name,
    lastMessage: tk.lastMessage,
    unread: tk.unreadMessages,
    open: () => go(tk.status === "open" ? `/tickets/${tk.uuid}` : "/tickets"),
  }));
  return (
    <UnreadMenu icon="bell" title={t("notifications.title")} count={unreadCount.value} items={items} empty={t("notifications.empty")} testId="notifications" />
  );
}
