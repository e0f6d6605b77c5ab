import { LIMITS } from "@contract/limits";
import { useSignals } from "@preact/signals-react/runtime";
import { Fragment, type UIEvent, useEffect, useLayoutEffect, useRef, useState } from "react";
import { deleteMessage, listMessages, type Message, retryMessage, sendReaction } from "../../../api/messages";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { DayDivider, startsDay } from "../../../components/DayDivider";
import { Spinner } from "../../../components/Spinner";
import { useT } from "../../../i18n";
import { onSocketReady } from "../../../realtime/socket";
import { toastError } from "../../../stores/toast";
import { chatWindow, messages, messagesHasMore, putMessage, upsertTicket } from "../../../stores/tickets";
import { MessageBubble } from "./MessageBubble";

/**
 * The chat's messages: page 1 on open (scrolled to the bottom), older pages when scrolled within 50 px
 * of the top with the scroll position kept, new messages follow the bottom when already there.
 */
export function MessageList({
  ticketId,
  group,
  canDelete = true,
  onReply,
}: {
  ticketId: number;
  group: boolean;
  /** False where a message cannot be deleted for everyone (Cloud API connections). */
  canDelete?: boolean;
  onReply: (m: Message) => void;
}) {
  useSignals();
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const [page, setPage] = useState(1);
  const [loading, setLoading] = useState(true);
  const [deleting, setDeleting] = useState<Message | null>(null);
  const anchor = useRef<{ height: number; top: number } | null>(null);
  const stick = useRef(true);
  const list = messages.value;

  useEffect(() => {
    messages.value = [];
    messagesHasMore.value = false;
    chatWindow.value = null;
    stick.current = true;
    setPage(1);
  }, [ticketId]);

  useEffect(() => {
    let alive = true;
    setLoading(true);
    listMessages(ticketId, page)
      .then((res) => {
        if (!alive) return;
        const seen = new Set(messages.peek().map((m) => m.id));
        const el = box.current;
        if (el && page > 1) anchor.current = { height: el.scrollHeight, top: el.scrollTop };
        messages.value = page === 1 ? res.messages : [...res.messages.filter((m) => !seen.has(m.id)), ...messages.peek()];
        messagesHasMore.value = res.hasMore;
        // Reading the first page reset the unread counter: show it on the card at once.
        if (page === 1 && res.ticket) upsertTicket(res.ticket);
        if (page === 1) chatWindow.value = res.window;
      })
      .catch(toastError)
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [ticketId, page]);

  // After a reconnect: the newest page again, merged by id (messages that arrived meanwhile, no duplicates).
  useEffect(
    () =>
      onSocketReady(() => {
        listMessages(ticketId, 1)
          .then((res) => {
            for (const m of res.messages) putMessage(m);
          })
          .catch(() => undefined);
      }),
    [ticketId],
  );

  const lastId = useRef(0);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const last = list[list.length - 1];
    // Something I just sent always brings the view down, even when reading older messages.
    const sentNow = !!last && last.id !== lastId.current && last.fromMe && !anchor.current;
    lastId.current = last?.id ?? 0;
    if (anchor.current) {
      el.scrollTop = el.scrollHeight - anchor.current.height + anchor.current.top;
      anchor.current = null;
    } else if (stick.current || sentNow) el.scrollTop = el.scrollHeight;
    // A first page that does not fill the box can never be scrolled up: fetch older ones now.
    if (!loading && messagesHasMore.peek() && el.scrollHeight <= el.clientHeight + LIMITS.messagesTopPx) setPage((p) => p + 1);
  }, [list, loading]);

  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
    if (el.scrollTop < LIMITS.messagesTopPx && !loading && messagesHasMore.peek()) setPage((p) => p + 1);
  };

  const retry = (m: Message) => {
    putMessage({ ...m, sendStatus: "queued" });
    retryMessage(m.id).then(putMessage, (err) => {
      putMessage(m);
      toastError(err);
    });
  };

  const react = (m: Message, emoji: string) => sendReaction(m.id, emoji).then(putMessage, toastError);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      const res = (await deleteMessage(deleting.id)) as Message | null;
      putMessage(res && typeof res === "object" && "id" in res ? res : { ...deleting, isDeleted: true, body: "" });
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <div ref={box} onScroll={onScroll} className="min-h-0 flex-1 overflow-y-auto bg-canvas px-3 py-3 sm:px-6" data-testid="message-list">
      {loading && page > 1 && (
        <div className="flex justify-center py-2 text-brand-600">
          <Spinner className="size-5" />
        </div>
      )}
      {loading && page === 1 && list.length === 0 ? (
        <div className="flex h-full items-center justify-center text-brand-600">
          <Spinner className="size-7" />
        </div>
      ) : (
        <div className="mx-auto flex max-w-3xl flex-col gap-1.5">
          {list.map((m, i) => (
            <Fragment key={m.id}>
              {startsDay(list[i - 1]?.createdAt, m.createdAt) && <DayDivider at={m.createdAt} />}
              <MessageBubble message={m} group={group} onReply={onReply} onDelete={canDelete ? setDeleting : undefined} onRetry={retry} onReact={react} />
            </Fragment>
          ))}
        </div>
      )}
      <ConfirmDialog
        open={!!deleting}
        title={t("chat.deleteTitle")}
        text={t("chat.deleteText")}
        confirmLabel={t("common.delete")}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
