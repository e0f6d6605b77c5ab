import { useEffect, useState } from "react";
import { type Contact, contactsApi } from "../../../api/contacts";
import type { Ticket } from "../../../api/tickets";
import { Button, IconButton } from "../../../components/Button";
import { useT } from "../../../i18n";
import { toastError } from "../../../stores/toast";
import { upsertTicket } from "../../../stores/tickets";
import { isMobile } from "../../../stores/ui";
import { Avatar } from "../list/Avatar";
import { ContactModal } from "../../contacts/ContactModal";
import { NotesPanel } from "./NotesPanel";

/**
 * The right-hand contact drawer (320 px): details, edit, internal notes and extra info. It lies over
 * the chat (the chat keeps its width) except on very wide screens, and Escape closes it.
 */
export function ContactDrawer({ ticket, onClose }: { ticket: Ticket; onClose: () => void }) {
  const t = useT();
  const [contact, setContact] = useState<Contact | null>(null);
  const [editing, setEditing] = useState(false);
  const load = () => contactsApi.get(ticket.contactId).then(setContact, toastError);
  useEffect(() => {
    void load();
  }, [ticket.contactId, ticket.contact.name]);

  const closeEdit = async () => {
    setEditing(false);
    const c = await contactsApi.get(ticket.contactId).catch(() => null);
    if (!c) return;
    setContact(c);
    upsertTicket({ ...ticket, contact: { ...ticket.contact, name: c.name, number: c.number, email: c.email } });
  };
  // Escape closes the drawer, unless a dialog (the contact editor, a confirmation) has it.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape" || e.defaultPrevented || document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      onClose();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [onClose]);
  const c = contact ?? ticket.contact;
  return (
    <>
      {isMobile.value && <div className="fixed inset-0 z-30 bg-slate-950/40" onClick={onClose} aria-hidden />}
      <aside
        className={`flex w-[320px] shrink-0 flex-col border-l border-line bg-surface ${isMobile.value ? "fixed inset-y-0 right-0 z-40 max-w-full shadow-pop" : "absolute inset-y-0 right-0 z-20 shadow-pop 2xl:static 2xl:shadow-none"}`}
        data-testid="contact-drawer"
        aria-label={t("contactDrawer.title")}
      >
        <div className="flex h-16 shrink-0 items-center gap-2 border-b border-line px-4">
          <h2 className="flex-1 font-semibold text-ink">{t("contactDrawer.title")}</h2>
          <IconButton icon="close" label={t("common.close")} onClick={onClose} />
        </div>
        <div className="flex-1 space-y-6 overflow-y-auto p-4">
          <div className="flex flex-col items-center gap-2 text-center">
            <Avatar name={c.name} url={c.profilePicUrl} size={88} />
            <p className="text-lg font-semibold text-ink" data-testid="drawer-name">
              {c.name}
            </p>
            <a href={`tel:+${c.number}`} className="flex items-center gap-1.5 text-sm text-muted hover:text-ink">
              {c.number}
            </a>
            {c.email && <p className="text-sm text-muted">{c.email}</p>}
            <Button variant="secondary" size="sm" icon="edit" onClick={() => setEditing(true)}>
              {t("contactDrawer.edit")}
            </Button>
          </div>
          <NotesPanel ticketId={ticket.id} contactId={ticket.contactId} />
          <section className="flex flex-col gap-2">
            <h3 className="text-xs font-semibold tracking-wider text-subtle uppercase">{t("contactDrawer.extraInfo")}</h3>
            {(contact?.extraInfo ?? []).length === 0 && <p className="text-sm text-muted">{t("contactDrawer.noExtra")}</p>}
            <dl className="space-y-2">
              {(contact?.extraInfo ?? []).map((x, i) => (
                <div key={x.id ?? i} className="rounded-lg bg-raised px-3 py-2">
                  <dt className="text-[11px] font-semibold text-muted uppercase">{x.name}</dt>
                  <dd className="text-sm break-words text-ink">{x.value}</dd>
                </div>
              ))}
            </dl>
          </section>
        </div>
        <ContactModal open={editing} id={ticket.contactId} onClose={() => void closeEdit()} />
      </aside>
    </>
  );
}
