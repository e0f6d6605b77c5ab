import { useState } from "react";
import { navigate } from "wouter/use-browser-location";
import { deleteTicket, type Ticket } from "../../../api/tickets";
import { Button, IconButton } from "../../../components/Button";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { Menu } from "../../../components/Menu";
import { useT } from "../../../i18n";
import { allowed, hasFlag } from "../../../stores/session";
import { toast, toastError } from "../../../stores/toast";
import { removeTicket } from "../../../stores/tickets";
import { isMobile } from "../../../stores/ui";
import { acceptTicket, reopenTicket, resolveTicket, returnTicket } from "../actions";
import { Avatar } from "../list/Avatar";
import { TransferModal } from "../modals/TransferModal";
import { ScheduleModal } from "../../schedules/ScheduleModal";

/** Contact (opens the drawer) and the ticket's actions: return, resolve, transfer, schedule a message, delete. */
export function ChatHeader({ ticket, onContact, onBack, compact }: { ticket: Ticket; onContact: () => void; onBack?: () => void; compact?: boolean }) {
  const t = useT();
  const [transfer, setTransfer] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [schedule, setSchedule] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const canDelete = allowed("ticket-options:deleteTicket");
  const run = (key: string, fn: () => Promise<void>) => async () => {
    setBusy(key);
    await fn();
    setBusy(null);
  };
  const remove = async () => {
    try {
      await deleteTicket(ticket.id);
      removeTicket(ticket.id);
      toast("success", t("tickets.deleted"));
      navigate("/tickets");
    } catch (err) {
      toastError(err);
    }
  };
  const open = ticket.status === "open";
  const phone = isMobile.value;
  // The contact drawer taking room: icon-only actions (named by tooltips).
  const small = !!compact;
  const more = [
    // A phone keeps the name whole: return and transfer wait in the menu, labelled.
    ...(phone && open
      ? [
          { label: t("tickets.return"), icon: "undo" as const, onSelect: () => void run("return", () => returnTicket(ticket))() },
          { label: t("tickets.transfer"), icon: "transfer" as const, onSelect: () => setTransfer(true), testId: "transfer" },
        ]
      : []),
    ...(hasFlag("useSchedules") ? [{ label: t("schedules.scheduleMessage"), icon: "calendar" as const, onSelect: () => setSchedule(true) }] : []),
    ...(canDelete ? [{ label: t("tickets.delete"), icon: "trash" as const, tone: "danger" as const, onSelect: () => setConfirmDelete(true) }] : []),
  ];
  return (
    <header className="flex min-h-16 shrink-0 items-center gap-2 border-b border-line bg-surface px-2 py-1.5 sm:px-4" data-testid="chat-header">
      {onBack && <IconButton icon="chevronLeft" label={t("common.back")} onClick={onBack} />}
      <button
        type="button"
        onClick={onContact}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-lg p-1 text-left hover:bg-raised/60"
        data-testid="contact-button"
      >
        <Avatar name={ticket.contact.name} url={ticket.contact.profilePicUrl} size={phone ? 36 : 40} />
        <span className="min-w-0">
          {/* The whole name, on two lines when it needs them (a cut name is a different person). */}
          <span className="line-clamp-2 font-semibold leading-tight break-words text-ink" data-testid="chat-contact-name">
            {ticket.contact.name}
          </span>
          <span className="block truncate text-xs text-muted">
            <span className="text-subtle">#{ticket.id}</span> ·{" "}
            {ticket.user ? t("chat.assignedTo", { name: ticket.user.name }) : t(`tickets.status.${ticket.status}`)}
            {ticket.queue ? ` · ${ticket.queue.name}` : ""}
          </span>
        </span>
      </button>
      {open && (
        <>
          {phone ? null : small ? (
            <>
              <IconButton icon="undo" label={t("tickets.return")} onClick={run("return", () => returnTicket(ticket))} />
              <IconButton icon="transfer" label={t("tickets.transfer")} onClick={() => setTransfer(true)} data-testid="transfer" />
            </>
          ) : (
            <>
              <Button variant="ghost" size="sm" icon="undo" loading={busy === "return"} onClick={run("return", () => returnTicket(ticket))}>
                {t("tickets.return")}
              </Button>
              <Button variant="ghost" size="sm" icon="transfer" onClick={() => setTransfer(true)} data-testid="transfer">
                {t("tickets.transfer")}
              </Button>
            </>
          )}
          <Button
            size="sm"
            icon="check"
            loading={busy === "resolve"}
            onClick={run("resolve", () => resolveTicket(ticket))}
            data-testid="resolve"
            aria-label={t("tickets.resolve")}
            title={t("tickets.resolve")}
          >
            {!small && !phone && t("tickets.resolve")}
          </Button>
        </>
      )}
      {ticket.status === "pending" && (
        <Button size="sm" loading={busy === "accept"} onClick={run("accept", () => acceptTicket(ticket))}>
          {t("tickets.accept")}
        </Button>
      )}
      {ticket.status === "closed" && (
        <Button size="sm" variant="secondary" icon="undo" loading={busy === "reopen"} onClick={run("reopen", () => reopenTicket(ticket))}>
          {t("tickets.reopen")}
        </Button>
      )}
      {more.length > 0 && <Menu label={t("chat.moreActions")} trigger={<IconButtonGlyph />} items={more} />}
      <TransferModal open={transfer} ticket={ticket} onClose={() => setTransfer(false)} />
      <ScheduleModal open={schedule} id={null} contactId={ticket.contact.id} onClose={() => setSchedule(false)} />
      <ConfirmDialog
        open={confirmDelete}
        title={t("tickets.deleteTitle", { id: ticket.id })}
        text={t("tickets.deleteText")}
        confirmLabel={t("common.delete")}
        onConfirm={remove}
        onClose={() => setConfirmDelete(false)}
      />
    </header>
  );
}

function IconButtonGlyph() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" fill="currentColor" aria-hidden>
      <circle cx="12" cy="5" r="1.8" />
      <circle cx="12" cy="12" r="1.8" />
      <circle cx="12" cy="19" r="1.8" />
    </svg>
  );
}
