import { LIMITS } from "@contract/limits";
import { type FormEvent, useEffect, useState } from "react";
import { addNote, deleteNote, listNotes, type TicketNote } from "../../../api/ticketNotes";
import { Button, IconButton } from "../../../components/Button";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { Time } from "../../../components/Time";
import { useT } from "../../../i18n";
import { allowed } from "../../../stores/session";
import { toast, toastError } from "../../../stores/toast";

/** Internal notes of a ticket: add (2+ characters), list (max 200 px high), delete for admins. */
export function NotesPanel({ ticketId, contactId }: { ticketId: number; contactId: number }) {
  const t = useT();
  const [notes, setNotes] = useState<TicketNote[]>([]);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<TicketNote | null>(null);
  const canDelete = allowed("ticket-notes:delete");

  useEffect(() => {
    listNotes(ticketId).then(setNotes, toastError);
  }, [ticketId]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const note = text.trim();
    if (note.length < LIMITS.noteMin) return setError(note ? "validation.tooShort" : "validation.required");
    setError(null);
    setBusy(true);
    try {
      const saved = await addNote(ticketId, note, contactId);
      setNotes((list) => [saved, ...list]);
      setText("");
      toast("success", t("notes.saved"));
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!deleting) return;
    try {
      await deleteNote(deleting.id);
      setNotes((list) => list.filter((n) => n.id !== deleting.id));
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <section className="flex flex-col gap-2" data-testid="notes">
      <h3 className="text-xs font-semibold tracking-wider text-subtle uppercase">{t("notes.title")}</h3>
      <form onSubmit={submit} className="flex flex-col gap-2">
        <textarea
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={2}
          placeholder={t("notes.placeholder")}
          aria-label={t("notes.placeholder")}
          className="w-full resize-none rounded-lg border border-line bg-surface px-3 py-2 text-sm text-ink placeholder:text-subtle focus:border-brand-500 focus:ring-4 focus:ring-brand-500/15 focus:outline-none"
          data-testid="note-input"
        />
        {error && (
          <p role="alert" className="text-xs font-medium text-red-600 dark:text-red-400">
            {t(error)}
          </p>
        )}
        <Button type="submit" size="sm" loading={busy} className="self-end">
          {t("notes.add")}
        </Button>
      </form>
      <ul className="max-h-[200px] space-y-2 overflow-y-auto" data-testid="notes-list">
        {notes.length === 0 && <li className="text-sm text-muted">{t("notes.empty")}</li>}
        {notes.map((n) => (
          <li key={n.id} className="group rounded-lg bg-amber-50 px-3 py-2 text-sm dark:bg-amber-500/10">
            <p className="whitespace-pre-wrap break-words text-ink">{n.note}</p>
            <div className="mt-1 flex items-center gap-2 text-[11px] text-muted">
              <span className="truncate">
                {n.user?.name ?? "—"} · <Time at={n.createdAt} kind="full" />
              </span>
              {canDelete && <IconButton icon="trash" tone="danger" label={t("common.delete")} className="ml-auto size-6" onClick={() => setDeleting(n)} />}
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={!!deleting}
        title={t("notes.deleteTitle")}
        text={t("notes.deleteText")}
        confirmLabel={t("common.delete")}
        onConfirm={remove}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
