import { useSignals } from "@preact/signals-react/runtime";
import { useEffect } from "react";
import { useLocation } from "wouter";
import { useT } from "../i18n";
import { onSocketReady } from "../realtime/socket";
import { chats, ensureChats, myUnreads, unreadChatCount } from "../stores/chats";
import { UnreadMenu } from "./UnreadMenu";

/** Top-bar internal-chat popover: the chats with unread messages; a click opens the chat. */
export function ChatsMenu() {
  useSignals();
  const t = useT();
  const [, go] = useLocation();
  useEffect(() => {
    void ensureChats();
    return onSocketReady(() => void ensureChats(true));
  }, []);
  const items = chats.value
    .filter((c) => myUnreads(c) > 0)
    .map((c) => ({ key: c.id, title: c.title, lastMessage: c.lastMessage, unread: myUnreads(c), open: () => go(`/chats/${c.uuid}`) }));
  return (
    <UnreadMenu
      icon="messages"
      title={t("chats.popover")}
      count={unreadChatCount.value}
      items={items}
      empty={t("chats.noUnread")}
      testId="chats-menu"
      footer={(close) => (
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
      )}
    />
  );
}
