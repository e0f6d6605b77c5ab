import { memo } from "react";
import { Link } from "wouter";
import type { Ticket } from "../../../api/tickets";
import { Icon } from "../../../components/Icon";
import { useT } from "../../../i18n";
import { acceptTicket, reopenTicket, resolveTicket } from "../actions";
import { Time } from "../../../components/Time";
import { stripMarks } from "../format";
import { Avatar } from "./Avatar";

/** The card's height with one line of chips: the virtualised list's estimate (cards grow with their chips). */
export const CARD_HEIGHT = 100;

function Chip({ label, color, tone }: { label: string; color?: string; tone?: "user" | "conn" | "rating" }) {
  const cls =
    tone === "rating"
      ? "bg-amber-50 text-amber-800 ring-amber-600/25 dark:bg-amber-500/15 dark:text-amber-300"
      : tone === "conn"
        ? "bg-emerald-50 text-emerald-700 ring-emerald-600/20 dark:bg-emerald-500/10 dark:text-emerald-300"
        : tone === "user"
          ? "bg-slate-100 text-slate-700 ring-slate-500/20 dark:bg-slate-500/15 dark:text-slate-300"
          : "text-white ring-black/5";
  return (
    <span
      className={`inline-flex max-w-28 shrink-0 truncate rounded px-1.5 py-px text-[10.5px] font-semibold uppercase tracking-wide ring-1 ring-inset ${cls}`}
      style={color ? { backgroundColor: color } : undefined}
    >
      {label}
    </span>
  );
}

/** The card's one-line preview; a recorded voice note reads "Áudio" instead of its file name. */
const lastLine = (text: string | null, t: (k: string) => string) =>
  !text ? "\u00a0" : /^audio-record-site-\d+\.\w+$/.test(text) ? `🎤 ${t("chat.media.audio")}` : stripMarks(text);

const btn = "inline-flex h-7 items-center gap-1 rounded-md px-2.5 text-xs font-semibold transition-colors";

/** One ticket in the list (R-TKT-18). Pending tickets open only after Accept. */
export const TicketCard = memo(function TicketCard({ ticket, selected, onPeek }: { ticket: Ticket; selected: boolean; onPeek?: (t: Ticket) => void }) {
  const t = useT();
  const pending = ticket.status === "pending";
  return (
    <div
      className={`group relative flex min-h-[100px] items-center gap-3 border-b border-line py-2 pr-3 pl-4 transition-colors ${selected ? "bg-brand-50/70 dark:bg-brand-500/10" : "hover:bg-raised/70"}`}
      data-testid="ticket-card"
      data-ticket-id={ticket.id}
      data-status={ticket.status}
      title={pending ? t("tickets.acceptFirst") : undefined}
    >
      {/* The whole card opens the ticket (a stretched link under the content); pending ones do not. */}
      {!pending && (
        <Link href={`/tickets/${ticket.uuid}`} className="absolute inset-0" aria-label={ticket.contact.name} aria-current={selected ? "true" : undefined} />
      )}
      <span
        className="absolute inset-y-0 left-0 w-1"
        style={{ backgroundColor: ticket.queue?.color ?? "var(--color-line)" }}
        title={ticket.queue?.name ?? t("tickets.noQueue")}
      />
      <span className="pointer-events-none">
        <Avatar name={ticket.contact.name} url={ticket.contact.profilePicUrl} />
      </span>
      <div className="pointer-events-none flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-baseline gap-1.5">
          <span className="truncate font-semibold text-ink">{ticket.contact.name}</span>
          <span className="shrink-0 text-xs text-subtle">#{ticket.id}</span>
          <span
            className={`ml-auto shrink-0 text-xs tabular-nums ${ticket.unreadMessages > 0 ? "font-semibold text-brand-600 dark:text-brand-400" : "text-subtle"}`}
          >
            <Time at={ticket.updatedAt} kind="short" />
          </span>
        </div>
        <div className="flex items-center gap-2">
          <span className="min-w-0 flex-1 truncate text-sm text-muted" data-testid="last-message">
            {lastLine(ticket.lastMessage, t)}
          </span>
          {ticket.unreadMessages > 0 && (
            <span
              className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-brand-600 px-1.5 text-[11px] font-bold text-white dark:bg-brand-500 dark:text-brand-950"
              data-testid="unread"
            >
              {ticket.unreadMessages}
            </span>
          )}
          <div className="pointer-events-auto relative flex shrink-0 items-center gap-1">
            {onPeek && (
              <button
                type="button"
                className={`${btn} px-1.5 text-muted hover:bg-raised hover:text-ink`}
                onClick={() => onPeek(ticket)}
                aria-label={t("tickets.peek")}
                title={t("tickets.peek")}
              >
                <Icon name="eye" className="size-4" />
              </button>
            )}
            {pending && (
              <button
                type="button"
                className={`${btn} bg-brand-600 text-white hover:bg-brand-700 dark:bg-brand-500 dark:text-brand-950`}
                onClick={() => void acceptTicket(ticket)}
              >
                {t("tickets.accept")}
              </button>
            )}
            {ticket.status === "open" && (
              <button
                type="button"
                className={`${btn} border border-line bg-surface text-muted hover:bg-raised hover:text-ink`}
                onClick={() => void resolveTicket(ticket, selected)}
              >
                {t("tickets.resolve")}
              </button>
            )}
            {ticket.status === "closed" && (
              <button
                type="button"
                className={`${btn} border border-line bg-surface text-muted hover:bg-raised hover:text-ink`}
                onClick={() => void reopenTicket(ticket)}
              >
                {t("tickets.reopen")}
              </button>
            )}
          </div>
        </div>
        <div className="flex">
          <div className="flex min-h-[18px] min-w-0 flex-1 flex-wrap items-center gap-1" data-testid="card-tags">
            {/* Chips that do not fit wrap onto another line: the card grows to show them all. */}
            {ticket.awaitingRating && <Chip label={t("tickets.awaitingRating")} tone="rating" />}
            {ticket.queue && <Chip label={ticket.queue.name} color={ticket.queue.color} />}
            {ticket.user && <Chip label={ticket.user.name} tone="user" />}
            {ticket.whatsapp && <Chip label={ticket.whatsapp.name} tone="conn" />}
            {ticket.tags.map((tag) => (
              <Chip key={tag.id} label={tag.name} color={tag.color} />
            ))}
          </div>
        </div>
      </div>
    </div>
  );
});
