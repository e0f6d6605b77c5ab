import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useState } from "react";
import { Link, useParams } from "wouter";
import { contactListsApi, importItems, listItems, type ContactListItem } from "../../api/contactLists";
import { Badge } from "../../components/Badge";
import { Button } from "../../components/Button";
import { CrudPage } from "../../components/CrudPage";
import type { Column } from "../../components/ListPage";
import { useT } from "../../i18n";
import { useCrudList } from "../../lib/useCrudList";
import { paged } from "../../lib/usePagedList";
import { toastError } from "../../stores/toast";
import { ImportDialog } from "../contacts/ImportDialog";
import { LIST_ITEMS, ItemModal } from "./ItemModal";
import { contactListItemsStore, openListId } from "./store";

function Validity({ valid }: { valid: boolean | null }) {
  const t = useT();
  if (valid === null) return <Badge tone="neutral">{t("contactListItems.unchecked")}</Badge>;
  return valid ? <Badge tone="brand">{t("contactListItems.valid")}</Badge> : <Badge tone="danger">{t("contactListItems.invalid")}</Badge>;
}

/** The table's columns (edit and delete come last, from CrudPage). */
const COLUMNS: Column<ContactListItem>[] = [
  { label: "contactListItems.name", className: "font-medium text-ink", cell: (i) => i.name },
  { label: "contactListItems.number", className: "text-muted", cell: (i) => i.number },
  { label: "contactListItems.email", from: "md", className: "text-muted", cell: (i) => i.email },
  { label: "contactListItems.whatsapp", from: "sm", cell: (i) => <Validity valid={i.isWhatsappValid} /> },
];

/** /contact-lists/:contactListId/contacts: search, add/edit/delete and import from .xls/.xlsx (R-CMP-17). */
export default function ContactListItemsPage() {
  useSignals();
  const t = useT();
  const listId = Number(useParams<{ contactListId: string }>().contactListId);
  const [name, setName] = useState("");
  const [importing, setImporting] = useState(false);
  useEffect(() => {
    openListId.value = listId;
    contactListItemsStore.put([], false, false);
    contactListsApi.get(listId).then((l) => setName(l.name), toastError);
    return () => {
      openListId.value = null;
    };
  }, [listId]);
  const source = paged((s, p) => listItems(listId, s, p), "contacts");
  const { page, list, editor } = useCrudList(LIST_ITEMS, source);
  return (
    <CrudPage
      page={page}
      columns={COLUMNS}
      title={name ? t("contactListItems.titleOf", { name }) : t("contactListItems.title")}
      icon="contact"
      actions={
        <>
          <Link href="/contact-lists">
            <Button variant="secondary" icon="chevronLeft" className="w-full sm:w-auto">
              {t("common.back")}
            </Button>
          </Link>
          <Button variant="secondary" icon="upload" onClick={() => setImporting(true)} className="w-full sm:w-auto">
            {t("contactListItems.import")}
          </Button>
        </>
      }
      dialogs={
        <>
          <ItemModal {...editor} listId={listId} />
          <ImportDialog
            open={importing}
            onClose={() => setImporting(false)}
            onImported={list.refresh}
            upload={(file) => importItems(listId, file)}
            area="contactListItems"
          />
        </>
      }
    />
  );
}
