import { Popover, PopoverButton, PopoverPanel } from "@headlessui/react";
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect } from "react";
import { useLocation } from "wouter";
import { Icon } from "../components/Icon";
import { useT } from "../i18n";
import { onSocketReady } from "../realtime/socket";
import { chats, ensureChats, myUnreads, unreadChatCount } from "../stores/chats";

/** Top-bar internal-chat popover: the chats with unread messages; a click opens the chat. */
export function ChatsMenu() {
  useSignals();
  const t = useT();
  const [, go] = useLocation();
  useEffect(() => {
    void ensureChats();
    return onSocketReady(() => void ensureChats(true));
  }, []);
  const n = unreadChatCount.value;
  const unread = chats.value.filter((c) => myUnreads(c) > 0);
  return (
    <Popover className="relative">
      <PopoverButton
        aria-label={t("chats.popover")}
        title={t("chats.popover")}
        className="relative inline-flex h-9 items-center rounded-lg px-2 text-muted transition-colors hover:bg-raised hover:text-ink data-[open]:bg-raised data-[open]:text-ink"
        data-testid="chats-menu"
      >
        <Icon name="chat" className="size-5" />
        {n > 0 && (
          <span
            className="absolute top-1 right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] font-bold text-white"
            data-testid="chats-menu-count"
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
            <p className="px-3 pt-2 pb-1.5 text-xs font-semibold tracking-wide text-subtle uppercase">{t("chats.popover")}</p>
            {unread.length === 0 ? (
              <p className="px-3 py-4 text-center text-muted">{t("chats.noUnread")}</p>
            ) : (
              unread.slice(0, 10).map((c) => (
                <button
                  key={c.id}
                  type="button"
                  data-testid="chats-menu-item"
                  className="flex w-full items-center gap-2.5 rounded-lg px-3 py-2 text-left hover:bg-raised"
                  onClick={() => {
                    close();
                    go(`/chats/${c.uuid}`);
                  }}
                >
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium text-ink">{c.title}</span>
                    <span className="block truncate text-xs text-muted">{c.lastMessage}</span>
                  </span>
                  <span className="flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-600 px-1.5 text-[11px] font-bold text-white">
                    {myUnreads(c)}
                  </span>
                </button>
              ))
            )}
            <button
              type="button"
              className="w-full rounded-lg px-3 py-2 text-center text-brand-700 hover:bg-raised dark:text-brand-300"
              onClick={() => {
                close();
                go("/chats");
              }}
            >
              {t("chats.openAll")}
            </button>
          </>
        )}
      </PopoverPanel>
    </Popover>
  );
}
