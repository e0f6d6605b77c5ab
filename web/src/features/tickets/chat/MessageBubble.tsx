import { memo } from "react";
import type { Message } from "../../../api/messages";
import { Icon } from "../../../components/Icon";
import { Menu } from "../../../components/Menu";
import { language, useT } from "../../../i18n";
import { Time } from "../../../components/Time";
import { clockTime } from "../../../lib/format";
import { stripMarks, ticksOf, withoutAutomaticHeader } from "../format";
import { MessageContent } from "./MessageMedia";
import { ReactionPicker } from "./ReactionPicker";

/** A reaction: the emoji and the message it answers, small, on its sender's side. */
function Reaction({ m }: { m: Message }) {
  const t = useT();
  const target = m.quotedMsg?.isDeleted ? t("chat.deleted") : stripMarks(m.quotedMsg?.body ?? "") || t("chat.media.file");
  return (
    <div className={`flex ${m.fromMe ? "justify-end" : "justify-start"}`} data-testid="message-reaction" data-from-me={m.fromMe}>
      <span className="inline-flex max-w-[78%] items-center gap-2 rounded-full bg-surface px-3 py-1 text-xs text-muted shadow-sm ring-1 ring-line/70">
        <span className="text-lg leading-none">{m.body}</span>
        <span className="truncate">{t(m.fromMe ? "chat.youReacted" : "chat.reacted", { text: target })}</span>
        {m.fromMe && <Ack m={m} />}
      </span>
    </div>
  );
}

/**
 * Delivery state as WhatsApp shows it (Baileys' scale): queued clock; 1-2 one grey tick (sent);
 * 3 two grey ticks (delivered); 4-5 two blue ticks (read, played); or failed.
 */
export function Ack({ m }: { m: Message }) {
  const t = useT();
  if (m.sendStatus === "failed") {
    return (
      <span title={t("chat.failedHint")} className="text-red-500" data-testid="ack-failed">
        <Icon name="alert" className="size-3.5" label={t("chat.failed")} />
      </span>
    );
  }
  if (m.sendStatus === "queued" || m.ack <= 0) {
    return (
      <span data-testid="ack-queued">
        <Icon name="clock" className="size-3.5 opacity-60" label={t("chat.ack.0")} />
      </span>
    );
  }
  const ack = Math.min(m.ack, 5);
  const ticks = ticksOf(ack);
  if (ticks === "sent") {
    return (
      <span data-testid="ack" data-ticks={ticks}>
        <Icon name="check" className="size-3.5 opacity-70" label={t(`chat.ack.${ack}`)} />
      </span>
    );
  }
  const read = ticks === "read";
  return (
    <span data-testid="ack" data-ticks={ticks}>
      <Icon name="checkDouble" className={`size-4 ${read ? "text-sky-500" : "opacity-70"}`} label={t(`chat.ack.${ack}`)} />
    </span>
  );
}

function Quoted({ q }: { q: NonNullable<Message["quotedMsg"]> }) {
  const t = useT();
  const text = q.isDeleted
    ? t("chat.deleted")
    : stripMarks(q.body) || t(`chat.media.${q.mediaType === "image" || q.mediaType === "audio" || q.mediaType === "video" ? q.mediaType : "file"}`);
  return (
    <div
      className={`mb-1.5 rounded-md border-l-4 bg-black/5 px-2.5 py-1.5 text-xs dark:bg-white/5 ${q.fromMe ? "border-brand-500" : "border-sky-500"}`}
      data-testid="quoted"
    >
      <p className={`font-semibold ${q.fromMe ? "text-brand-700 dark:text-brand-300" : "text-sky-700 dark:text-sky-300"}`}>
        {q.fromMe ? t("chat.you") : t("chat.contact")}
      </p>
      <p className="line-clamp-2 whitespace-pre-wrap break-words opacity-80">{text}</p>
    </div>
  );
}

/**
 * One message: own messages right (brand tint), the contact's left; quoted message, content, time and
 * delivery state; reply and (own, not deleted) delete in the menu.
 */
export const MessageBubble = memo(function MessageBubble({
  message: m,
  readOnly,
  group,
  onReply,
  onDelete,
  onRetry,
  onReact,
}: {
  message: Message;
  readOnly?: boolean;
  /** Group chats name the sender above each inbound message. */
  group?: boolean;
  onReply?: (m: Message) => void;
  /** Absent where messages cannot be deleted for everyone (Cloud API). */
  onDelete?: (m: Message) => void;
  onRetry?: (m: Message) => void;
  onReact?: (m: Message, emoji: string) => void;
}) {
  const t = useT();
  const lang = language.value;
  if (m.mediaType === "reactionMessage") return <Reaction m={m} />;
  if (m.mediaType === "call_log") {
    return (
      <div className="flex justify-center py-1" data-testid="message-call">
        <span className="inline-flex items-center gap-2 rounded-full bg-red-50 px-3 py-1 text-xs font-medium text-red-700 dark:bg-red-500/10 dark:text-red-300">
          <Icon name="phoneMissed" className="size-3.5" />
          {t("chat.missedCall", { time: clockTime(m.createdAt, lang) })}
        </span>
      </div>
    );
  }
  const mine = m.fromMe;
  const tone = m.isAutomatic
    ? "bg-amber-50 text-ink ring-1 ring-amber-300/60 dark:bg-amber-500/10 dark:ring-amber-400/25"
    : mine
      ? "bg-brand-100 text-ink dark:bg-brand-900/70"
      : "bg-surface text-ink ring-1 ring-line/70";
  const items = [
    ...(onReply && !m.isDeleted ? [{ label: t("chat.reply"), icon: "reply" as const, onSelect: () => onReply(m) }] : []),
    ...(onDelete && mine && !m.isDeleted ? [{ label: t("common.delete"), icon: "trash" as const, tone: "danger" as const, onSelect: () => onDelete(m) }] : []),
  ];
  return (
    <div className={`group flex ${mine ? "justify-end" : "justify-start"}`} data-testid="message" data-from-me={mine} data-message-id={m.id}>
      <div className={`relative max-w-[78%] rounded-2xl px-3 pt-2 pb-1.5 shadow-sm ${mine ? "rounded-br-md" : "rounded-bl-md"} ${tone}`}>
        {!readOnly && items.length > 0 && (
          <div className="absolute top-1 right-1 z-10 flex items-center opacity-0 transition-opacity group-hover:opacity-100 focus-within:opacity-100 has-[[data-open]]:opacity-100">
            {onReact && !m.isDeleted && <ReactionPicker onPick={(e) => onReact(m, e)} />}
            <Menu label={t("chat.messageMenu")} trigger={<Icon name="chevronDown" className="size-4" />} items={items} />
          </div>
        )}
        {m.templateName && (
          <p className="mb-1 flex items-center gap-1 text-[11px] font-semibold text-brand-700 dark:text-brand-300" data-testid="template-badge">
            <Icon name="file" className="size-3.5" />
            {t("chat.templateBadge", { name: m.templateName })}
          </p>
        )}
        {m.isAutomatic && (
          <p className="mb-1 flex items-center gap-1 text-[11px] font-semibold text-amber-700 dark:text-amber-300">
            <Icon name="bot" className="size-3.5" />
            {t("chat.automatic")}
          </p>
        )}
        {group && !mine && m.contact && <p className="mb-0.5 text-xs font-semibold text-sky-700 dark:text-sky-300">{m.contact.name}</p>}
        {m.quotedMsg && <Quoted q={m.quotedMsg} />}
        <MessageContent m={m.isAutomatic ? { ...m, body: withoutAutomaticHeader(m.body) } : m} />
        <p className="mt-0.5 flex items-center justify-end gap-1 text-[11px] text-muted">
          {m.isEdited && <span className="italic">{t("chat.edited")}</span>}
          <Time at={m.createdAt} className="tabular-nums" />
          {mine && <Ack m={m} />}
        </p>
        {mine && m.sendStatus === "queued" && (
          // Shown only when the wait lasts (the connection is down), not during a normal send.
          <p className="mt-0.5 animate-appear-late text-[11px] font-medium text-amber-700 opacity-0 dark:text-amber-300" data-testid="queued-hint">
            {t("chat.queuedHint")}
          </p>
        )}
        {mine && m.sendStatus === "failed" && (
          <p className="mt-0.5 flex flex-wrap items-center gap-x-2 text-[11px] font-medium text-red-600 dark:text-red-400" data-testid="failed-reason">
            {m.sendError && m.sendError !== "ERR_SENDING_WAPP_MSG" ? t(`errors.${m.sendError}`) : t("chat.failedHint")}
            {onRetry && !readOnly && (
              <button type="button" onClick={() => onRetry(m)} className="shrink-0 font-semibold underline underline-offset-2" data-testid="retry">
                {t("chat.retry")}
              </button>
            )}
          </p>
        )}
      </div>
    </div>
  );
});
