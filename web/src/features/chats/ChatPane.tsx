import { useSignals } from "@preact/signals-react/runtime";
import { Fragment, type UIEvent, useEffect, useLayoutEffect, useRef, useState } from "react";
import { type Chat, type ChatMessage, listChatMessages, sendChatMessage } from "../../api/chats";
import { IconButton } from "../../components/Button";
import { DayDivider, startsDay } from "../../components/DayDivider";
import { EmptyState } from "../../components/EmptyState";
import { Time } from "../../components/Time";
import { Spinner } from "../../components/Spinner";
import { useT } from "../../i18n";
import { addLiveMessage, liveMessages, openChatId, readChat } from "../../stores/chats";
import { user } from "../../stores/session";

/** Older messages load when the list is scrolled within this many pixels of the top (R-CHAT-4). */
const OLDER_PX = 600;

/** One chat's messages (older pages on scroll up, live ones appended) and the box that sends (Enter). */
export function ChatPane({ chat, onEdit, onDelete }: { chat: Chat; onEdit: () => void; onDelete: () => void }) {
  useSignals();
  const t = useT();
  const me = user.value?.id;
  const [pages, setPages] = useState<ChatMessage[]>([]);
  const [page, setPage] = useState(1);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [text, setText] = useState("");
  const box = useRef<HTMLDivElement>(null);
  const keepBottom = useRef(true);
  const prevHeight = useRef(0);

  useEffect(() => {
    openChatId.value = chat.id;
    liveMessages.value = [];
    setPages([]);
    setPage(1);
    keepBottom.current = true;
    readChat(chat);
    return () => {
      openChatId.value = null;
    };
  }, [chat.id]);

  useEffect(() => {
    let alive = true;
    setLoading(true);
    // Chat load failures are swallowed (R-CHAT-5).
    listChatMessages(chat.id, page)
      .then((r) => {
        if (!alive) return;
        prevHeight.current = box.current?.scrollHeight ?? 0;
        setPages((old) => (page === 1 ? r.records : [...r.records, ...old]));
        setHasMore(r.hasMore);
      })
      .catch(() => {})
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [chat.id, page]);

  const seen = new Set(pages.map((m) => m.id));
  const messages = [...pages, ...liveMessages.value.filter((m) => m.chatId === chat.id && !seen.has(m.id))];

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    if (keepBottom.current) el.scrollTop = el.scrollHeight;
    else if (prevHeight.current) {
      // An older page went in above: keep the same messages in view.
      el.scrollTop += el.scrollHeight - prevHeight.current;
      prevHeight.current = 0;
    }
  }, [messages.length]);

  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    keepBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
    if (el.scrollTop < OLDER_PX && hasMore && !loading) setPage((p) => p + 1);
  };

  const send = () => {
    const body = text.trim();
    if (!body) return;
    setText("");
    keepBottom.current = true;
    // Send failures are swallowed (R-CHAT-5); the text goes back in the box.
    sendChatMessage(chat.id, body)
      .then(addLiveMessage)
      .catch(() => setText(body));
  };

  const owner = chat.ownerId === me;
  return (
    <div className="flex h-full min-h-0 flex-col bg-canvas" data-testid="chat-pane">
      <header className="flex h-14 shrink-0 items-center gap-2 border-b border-line bg-surface px-4">
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold text-ink">{chat.title}</p>
          <p className="truncate text-xs text-muted">{chat.users.map((u) => u.user.name).join(", ")}</p>
        </div>
        {owner && (
          <>
            <IconButton icon="edit" label={t("common.edit")} onClick={onEdit} />
            <IconButton icon="trash" tone="danger" label={t("common.delete")} onClick={onDelete} />
          </>
        )}
      </header>
      <div ref={box} onScroll={onScroll} className="min-h-0 flex-1 overflow-auto px-4 py-3" data-testid="chat-messages">
        {loading && page > 1 && <Spinner className="mx-auto mb-2 size-5 text-brand-600" />}
        {!loading && messages.length === 0 && <EmptyState icon="chat" title={t("chats.noMessages")} hint={t("chats.firstMessageHint")} />}
        <ul className="flex flex-col gap-2">
          {messages.map((m, i) => {
            const mine = m.senderId === me;
            return (
              <Fragment key={m.id}>
                {startsDay(messages[i - 1]?.createdAt, m.createdAt) && (
                  <li>
                    <DayDivider at={m.createdAt} />
                  </li>
                )}
                <li data-testid="chat-message" className={`flex ${mine ? "justify-end" : "justify-start"}`}>
                  <div className={`max-w-[80%] rounded-2xl px-3 py-2 text-sm shadow-sm ${mine ? "bg-brand-600 text-white" : "bg-surface text-ink"}`}>
                    {!mine && <p className="mb-0.5 text-xs font-semibold text-brand-700 dark:text-brand-300">{m.sender?.name}</p>}
                    <p className="break-words whitespace-pre-wrap">{m.message}</p>
                    <Time at={m.createdAt} className={`mt-1 block text-right text-[10px] tabular-nums ${mine ? "text-white/75" : "text-subtle"}`} />
                  </div>
                </li>
              </Fragment>
            );
          })}
        </ul>
      </div>
      <form
        className="flex shrink-0 items-end gap-2 border-t border-line bg-surface p-3"
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
      >
        <textarea
          rows={1}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey) {
              e.preventDefault();
              send();
            }
          }}
          placeholder={t("chats.placeholder")}
          aria-label={t("chats.placeholder")}
          data-testid="chat-input"
          className="block max-h-32 min-h-10 flex-1 resize-none rounded-lg border border-line bg-canvas px-3 py-2 text-sm text-ink focus:border-brand-500 focus:ring-4 focus:ring-brand-500/15 focus:outline-none"
        />
        <IconButton icon="send" label={t("chats.send")} type="submit" />
      </form>
    </div>
  );
}
