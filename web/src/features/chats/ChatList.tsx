import { useSignals } from "@preact/signals-react/runtime";
import { useState } from "react";
import type { Chat } from "../../api/chats";
import { Button } from "../../components/Button";
import { EmptyState } from "../../components/EmptyState";
import { useT } from "../../i18n";
import { chats, chatsHasMore, loadMoreChats, myUnreads } from "../../stores/chats";
import { toastError } from "../../stores/toast";

/** The chat list: title, last message, my unread count; the open one highlighted; more pages on demand. */
export function ChatList({ openId, onOpen, onNew }: { openId: number | null; onOpen: (c: Chat) => void; onNew: () => void }) {
  useSignals();
  const t = useT();
  const [page, setPage] = useState(1);
  const list = chats.value;
  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="flex items-center justify-between gap-2 border-b border-line px-4 py-3">
        <h1 className="min-w-0 truncate text-lg font-semibold text-ink">{t("chats.title")}</h1>
        <Button size="sm" icon="plus" onClick={onNew} data-testid="chat-new">
          {t("chats.new")}
        </Button>
      </div>
      <div className="min-h-0 flex-1 overflow-auto">
        {list.length === 0 ? (
          <EmptyState icon="chat" title={t("chats.empty")} hint={t("chats.emptyHint")} />
        ) : (
          <ul>
            {list.map((c) => {
              const n = myUnreads(c);
              return (
                <li key={c.id}>
                  <button
                    type="button"
                    data-testid="chat-item"
                    onClick={() => onOpen(c)}
                    className={`flex w-full items-center gap-3 border-b border-line px-4 py-3 text-left hover:bg-raised/60 ${c.id === openId ? "bg-brand-50 dark:bg-brand-500/10" : ""}`}
                  >
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-medium text-ink">{c.title}</span>
                      <span className="block truncate text-xs text-muted">{c.lastMessage || t("chats.noMessages")}</span>
                    </span>
                    {n > 0 && (
                      <span
                        data-testid="chat-unread"
                        className="flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-600 px-1.5 text-[11px] font-bold text-white"
                      >
                        {n}
                      </span>
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        {chatsHasMore.value && (
          <div className="p-3 text-center">
            <Button variant="ghost" size="sm" onClick={() => loadMoreChats(page + 1).then(() => setPage(page + 1), toastError)}>
              {t("chats.more")}
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}
