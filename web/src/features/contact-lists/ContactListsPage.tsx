import { useSignals } from "@preact/signals-react/runtime";
import { Link } from "wouter";
import { type ContactList, deleteContactList, listContactLists } from "../../api/contactLists";
import { CrudPage, RowActions } from "../../components/CrudPage";
import { ListTable, tdClass } from "../../components/ListPage";
import { useT } from "../../i18n";
import { useCrud } from "../../lib/useCrud";
import { usePagedList } from "../../lib/usePagedList";
import { ContactListModal } from "./ContactListModal";
import { contactListsStore } from "./store";

const fetchPage = (s: string, p: number) => listContactLists(s, p).then((r) => ({ items: r.records, count: r.count, hasMore: r.hasMore }));

/** /contact-lists: search, add, edit, delete; a list opens its contacts (R-CMP-15). */
export default function ContactListsPage() {
  useSignals();
  const t = useT();
  const list = usePagedList(contactListsStore, fetchPage);
  const crud = useCrud<ContactList>({ area: "contactLists", remove: deleteContactList, store: contactListsStore, list });
  const lists = contactListsStore.items.value;

  return (
    <CrudPage
      area="contactLists"
      testId="contact-lists-scroll"
      icon="users"
      list={list}
      itemCount={lists.length}
      crud={crud}
      dialogs={<ContactListModal {...crud.editor} onCreated={() => list.setCount((c) => c + 1)} />}
    >
      <ListTable
        loading={list.loading}
        columns={[{ label: t("contactLists.name") }, { label: t("contactLists.contacts") }, { label: t("common.actions"), className: "text-right" }]}
      >
        {lists.map((l) => (
          <tr key={l.id} data-testid="contact-list-row" className="hover:bg-raised/60">
            <td className={tdClass}>
              <Link href={`/contact-lists/${l.id}/contacts`} className="font-medium text-brand-700 hover:underline dark:text-brand-300">
                {l.name}
              </Link>
            </td>
            <td className={`${tdClass} text-muted`}>{l.contactsCount}</td>
            <RowActions onEdit={() => crud.edit(l.id)} onDelete={() => crud.askDelete(l)} />
          </tr>
        ))}
      </ListTable>
    </CrudPage>
  );
}
