import { useSignals } from "@preact/signals-react/runtime";
import { useState } from "react";
import { useLocation } from "wouter";
import { type Contact, deleteContact, exportContacts, listContacts } from "../../api/contacts";
import { Button } from "../../components/Button";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { ListPage } from "../../components/ListPage";
import { useT } from "../../i18n";
import { usePagedList } from "../../lib/usePagedList";
import { contactsStore } from "../../stores/lists";
import { toast, toastError } from "../../stores/toast";
import { NewTicketModal } from "../tickets/modals/NewTicketModal";
import { ContactModal } from "./ContactModal";
import { ContactsTable } from "./ContactsTable";
import { ImportDialog } from "./ImportDialog";

const fetchPage = (s: string, p: number) => listContacts(s, p).then((r) => ({ items: r.contacts, count: r.count, hasMore: r.hasMore }));

/** /contacts: search, infinite scroll, add/edit modal, delete, import and CSV export (core.md §2.6). */
export default function ContactsPage() {
  useSignals();
  const t = useT();
  const [, navigate] = useLocation();
  const list = usePagedList(contactsStore, fetchPage);
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Contact | null>(null);
  const [starting, setStarting] = useState<Contact | null>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteContact(deleting.id);
      contactsStore.remove(deleting.id);
      list.setCount((c) => Math.max(0, c - 1));
      toast("success", t("contacts.deleted"));
    } catch (err) {
      toastError(err);
    }
  };

  const doExport = async () => {
    setExporting(true);
    try {
      await exportContacts();
    } catch (err) {
      toastError(err);
    } finally {
      setExporting(false);
    }
  };

  // A dialog that closes with a ticket uuid opens that ticket (core.md §2.6).
  const closeModal = (ticketUuid?: string) => {
    setEditing(undefined);
    if (ticketUuid) navigate(`/tickets/${ticketUuid}`);
  };

  return (
    <ListPage
      title={t("contacts.title")}
      count={t("contacts.total", { count: list.count })}
      search={list.search}
      onSearch={list.setSearch}
      searchPlaceholder={t("contacts.search")}
      loading={list.loading}
      itemCount={contactsStore.items.value.length}
      onLoadMore={list.loadMore}
      testId="contacts-scroll"
      actions={
        <>
          <Button variant="secondary" icon="upload" onClick={() => setImporting(true)}>
            {t("contacts.import")}
          </Button>
          <Button variant="secondary" icon="download" loading={exporting} onClick={doExport}>
            {t("contacts.export")}
          </Button>
          <Button icon="plus" onClick={() => setEditing(null)}>
            {t("contacts.add")}
          </Button>
        </>
      }
    >
      <ContactsTable
        contacts={contactsStore.items.value}
        loading={list.loading}
        onEdit={(c) => setEditing(c.id)}
        onDelete={setDeleting}
        onStart={setStarting}
      />
      <NewTicketModal open={!!starting} initialContact={starting} onClose={() => setStarting(null)} />
      <ContactModal open={editing !== undefined} contactId={editing ?? null} onClose={closeModal} onCreated={() => list.setCount((c) => c + 1)} />
      <ImportDialog open={importing} onClose={() => setImporting(false)} onImported={list.refresh} />
      <ConfirmDialog
        open={!!deleting}
        title={t("contacts.deleteTitle", { name: deleting?.name ?? "" })}
        text={t("contacts.deleteText")}
        confirmLabel={t("common.delete")}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </ListPage>
  );
}
