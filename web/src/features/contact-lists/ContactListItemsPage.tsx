import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useState } from "react";
import { Link, useParams } from "wouter";
import { type ContactListItem, deleteItem, getContactList, importItems, listItems } from "../../api/contactLists";
import { Badge } from "../../components/Badge";
import { Button } from "../../components/Button";
import { CrudPage, RowActions } from "../../components/CrudPage";
import { ListTable, tdClass } from "../../components/ListPage";
import { useT } from "../../i18n";
import { useCrud } from "../../lib/useCrud";
import { usePagedList } from "../../lib/usePagedList";
import { toastError } from "../../stores/toast";
import { ImportDialog } from "../contacts/ImportDialog";
import { ItemModal } from "./ItemModal";
import { contactListItemsStore, openListId } from "./store";

function Validity({ valid }: { valid: boolean | null }) {
  const t = useT();
  if (valid === null) return <Badge tone="neutral">{t("contactListItems.unchecked")}</Badge>;
  return valid ? <Badge tone="brand">{t("contactListItems.valid")}</Badge> : <Badge tone="danger">{t("contactListItems.invalid")}</Badge>;
}

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
    getContactList(listId).then((l) => setName(l.name), toastError);
    return () => {
      openListId.value = null;
    };
  }, [listId]);
  const list = usePagedList(contactListItemsStore, (s, p) => listItems(listId, s, p).then((r) => ({ items: r.contacts, count: r.count, hasMore: r.hasMore })));
  const crud = useCrud<ContactListItem>({ area: "contactListItems", remove: deleteItem, store: contactListItemsStore, list });
  const items = contactListItemsStore.items.value;

  return (
    <CrudPage
      area="contactListItems"
      title={name ? t("contactListItems.titleOf", { name }) : t("contactListItems.title")}
      testId="contact-list-items-scroll"
      icon="contact"
      list={list}
      itemCount={items.length}
      crud={crud}
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
          <ItemModal {...crud.editor} listId={listId} onCreated={() => list.setCount((c) => c + 1)} />
          <ImportDialog
            open={importing}
            onClose={() => setImporting(false)}
            onImported={list.refresh}
            upload={(file) => importItems(listId, file)}
            area="contactListItems"
          />
        </>
      }
    >
      <ListTable
        loading={list.loading}
        columns={[
          { label: t("contactListItems.name") },
          { label: t("contactListItems.number") },
          { label: t("contactListItems.email"), className: "hidden md:table-cell" },
          { label: t("contactListItems.whatsapp"), className: "hidden sm:table-cell" },
          { label: t("common.actions"), className: "text-right" },
        ]}
      >
        {items.map((i) => (
          <tr key={i.id} data-testid="contact-list-item-row" className="hover:bg-raised/60">
            <td className={`${tdClass} font-medium text-ink`}>{i.name}</td>
            <td className={`${tdClass} text-muted`}>{i.number}</td>
            <td className={`${tdClass} hidden text-muted md:table-cell`}>{i.email}</td>
            <td className={`${tdClass} hidden sm:table-cell`}>
              <Validity valid={i.isWhatsappValid} />
            </td>
            <RowActions onEdit={() => crud.edit(i.id)} onDelete={() => crud.askDelete(i)} />
          </tr>
        ))}
      </ListTable>
    </CrudPage>
  );
}
