import { useSignals } from "@preact/signals-react/runtime";
import { useState } from "react";
import { navigate } from "wouter/use-browser-location";
import { type Contact, exportContacts, listContacts } from "../../api/contacts";
import { Button, IconButton } from "../../components/Button";
import { CrudPage } from "../../components/CrudPage";
import type { Column } from "../../components/ListPage";
import { language, useT } from "../../i18n";
import { useCrudList } from "../../lib/useCrudList";
import { paged } from "../../lib/usePagedList";
import { allowed, hasFlag } from "../../stores/session";
import { toastError } from "../../stores/toast";
import { NewTicketModal } from "../tickets/modals/NewTicketModal";
import { CONTACTS, ContactModal } from "./ContactModal";
import { ContactName } from "./ContactsTable";
import { ImportDialog } from "./ImportDialog";

/** The table's columns (edit and delete come last, from CrudPage). */
const COLUMNS: Column<Contact>[] = [
  { label: "contacts.name", cell: (c) => <ContactName contact={c} /> },
  { label: "contacts.number", from: "sm", className: "font-mono text-xs text-muted", cell: (c) => c.number },
  { label: "contacts.email", from: "md", className: "text-muted", cell: (c) => c.email },
];

/**
 * /contacts: search, infinite scroll, add/edit modal, delete (with contacts-page:deleteContact), import and CSV
 * export (R-CONT-3, R-CONT-5); a row starts a ticket or, with useSchedules, schedules a message. On narrow screens the number folds under the name.
 */
export default function ContactsPage() {
  useSignals();
  const t = useT();
  const { page, list, editor } = useCrudList(CONTACTS, paged(listContacts, "contacts"));
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
  const importButton = (
    <Button variant="secondary" icon="upload" onClick={() => setImporting(true)}>
      {t("contacts.import")}
    </Button>
  );

  return (
    <CrudPage
      page={page}
      columns={COLUMNS}
      icon="user"
      emptyAction={!list.search && importButton}
      mayDelete={allowed("contacts-page:deleteContact")}
      rowActions={(c) => (
        <>
          <IconButton icon="chat" label={t("contacts.startTicket")} onClick={() => setStarting(c)} data-testid="contact-start-ticket" />
          {hasFlag("useSchedules") && (
            <IconButton
              icon="calendar"
              label={t("schedules.scheduleMessage")}
              onClick={() => navigate(`/schedules?contactId=${c.id}`)}
              data-testid="contact-schedule"
            />
          )}
        </>
      )}
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
          <ContactModal {...editor} />
          <ImportDialog open={importing} onClose={() => setImporting(false)} onImported={list.refresh} />
        </>
      }
    />
  );
}
