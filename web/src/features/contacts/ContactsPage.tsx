import { useSignals } from "@preact/signals-react/runtime";
import { useState } from "react";
import { useLocation } from "wouter";
import { type Contact, deleteContact, exportContacts, listContacts } from "../../api/contacts";
import { Button } from "../../components/Button";
import { CrudPage } from "../../components/CrudPage";
import { language, useT } from "../../i18n";
import { useCrud } from "../../lib/useCrud";
import { usePagedList } from "../../lib/usePagedList";
import { contactsStore } from "../../stores/lists";
import { toastError } from "../../stores/toast";
import { NewTicketModal } from "../tickets/modals/NewTicketModal";
import { ContactModal } from "./ContactModal";
import { ContactsTable } from "./ContactsTable";
import { ImportDialog } from "./ImportDialog";

const fetchPage = (s: string, p: number) => listContacts(s, p).then((r) => ({ items: r.contacts, count: r.count, hasMore: r.hasMore }));

/** /contacts: search, infinite scroll, add/edit modal, delete, import and CSV export (R-CONT-3, R-CONT-5). */
export default function ContactsPage() {
  useSignals();
  const t = useT();
  const [, navigate] = useLocation();
  const list = usePagedList(contactsStore, fetchPage);
  const crud = useCrud<Contact>({ area: "contacts", remove: deleteContact, store: contactsStore, list });
  const [starting, setStarting] = useState<Contact | null>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);

  const doExport = async () => {
    setExporting(true);
    try {
      await exportContacts(language.peek());
    } catch (err) {
      toastError(err);
    } finally {
      setExporting(false);
    }
  };

  // A dialog that closes with a ticket uuid opens that ticket (R-CONT-6).
  const closeModal = (ticketUuid?: string) => {
    crud.editor.onClose();
    if (ticketUuid) navigate(`/tickets/${ticketUuid}`);
  };
  const importButton = (
    <Button variant="secondary" icon="upload" onClick={() => setImporting(true)}>
      {t("contacts.import")}
    </Button>
  );

  return (
    <CrudPage
      area="contacts"
      testId="contacts-scroll"
      icon="user"
      list={list}
      itemCount={contactsStore.items.value.length}
      crud={crud}
      emptyAction={!list.search && importButton}
      actions={
        <>
          {importButton}
          <Button variant="secondary" icon="download" loading={exporting} onClick={doExport}>
            {t("contacts.export")}
          </Button>
        </>
      }
      dialogs={
        <>
          <NewTicketModal open={!!starting} initialContact={starting} onClose={() => setStarting(null)} />
          <ContactModal open={crud.editor.open} contactId={crud.editor.id} onClose={closeModal} onCreated={() => list.setCount((c) => c + 1)} />
          <ImportDialog open={importing} onClose={() => setImporting(false)} onImported={list.refresh} />
        </>
      }
    >
      <ContactsTable
        contacts={contactsStore.items.value}
        loading={list.loading}
        onEdit={(c) => crud.edit(c.id)}
        onDelete={crud.askDelete}
        onStart={setStarting}
      />
    </CrudPage>
  );
}
