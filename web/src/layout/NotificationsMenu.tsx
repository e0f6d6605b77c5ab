import { Popover, PopoverButton, PopoverPanel } from "@headlessui/react";
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect } from "react";
import { useLocation } from "wouter";
import { Icon } from "../components/Icon";
import { useT } from "../i18n";
import { onSocketReady } from "../realtime/socket";
import { refreshUnread, unreadCount, unreadTickets } from "../stores/notifications";

/** Top-bar bell: tickets with unread messages, newest first; a click opens the ticket (or the waiting list). */
export function NotificationsMenu() {
  useSignals();
  const t = useT();
  const [, go] = useLocation();
  useEffect(() => {
    void refreshUnread();
    return onSocketReady(() => void refreshUnread());
  }, []);
  const n = unreadCount.value;
  return (
    <Popover className="relative">
      <PopoverButton
        aria-label={t("notifications.title")}
        title={t("notifications.title")}
        className="relative inline-flex h-9 items-center rounded-lg px-2 text-muted transition-colors hover:bg-raised hover:text-ink data-[open]:bg-raised data-[open]:text-ink"
        data-testid="notifications"
      >
        <Icon name="bell" className="size-5" />
        {n > 0 && (
          <span
            className="absolute top-1 right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] font-bold text-white"
            data-testid="notifications-count"
          >
            {n > 99 ? "99+" : n}
          </span>
        )}
      </PopoverButton>
      <PopoverPanel
        anchor="bottom end"
        className="z-50 w-80 rounded-xl border border-line bg-surface p-1 text-sm shadow-pop [--anchor-gap:6px] focus:outline-none"
      >
        {({ close }) => (
          <>
            <p className="px-3 pt-2 pb-1.5 text-xs font-semibold tracking-wide text-subtle uppercase">{t("notifications.title")}</p>
            {unreadTickets.value.length === 0 ? (
              <p className="px-3 py-4 text-center text-muted">{t("notifications.empty")}</p>
            ) : (
              unreadTickets.value.slice(0, 10).map((tk) => (
                <button
                  key={tk.id}
                  type="button"
                  className="flex w-full items-center gap-2.5 rounded-lg px-3 py-2 text-left hover:bg-raised"
                  onClick={() => {
                    close();
                    go(tk.status === "open" ? `/tickets/${tk.uuid}` : "/tickets");
                  }}
                  data-testid="notification-item"
                >
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium text-ink">{tk.contact.name}</span>
                    <span className="block truncate text-xs text-muted">{tk.lastMessage}</span>
                  </span>
                  <span className="flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-600 px-1.5 text-[11px] font-bold text-white">
                    {tk.unreadMessages}
                  </span>
                </button>
              ))
            )}
          </>
        )}
      </PopoverPanel>
    </Popover>
  );
}
