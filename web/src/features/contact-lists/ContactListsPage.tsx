import { useSignals } from "@preact/signals-react/runtime";
import { Link } from "wouter";
import { listContactLists, type ContactList } from "../../api/contactLists";
import { CrudPage } from "../../components/CrudPage";
import type { Column } from "../../components/ListPage";
import { useCrudList } from "../../lib/useCrudList";
import { paged } from "../../lib/usePagedList";
import { CONTACT_LISTS, ContactListModal } from "./ContactListModal";

/** The table's columns (edit and delete come last, from CrudPage). */
const COLUMNS: Column<ContactList>[] = [
  {
    label: "contactLists.name",
    cell: (l) => (
      <Link href={`/contact-lists/${l.id}/contacts`} className="font-medium text-brand-700 hover:underline dark:text-brand-300">
        {l.name}
      </Link>
    ),
  },
  { label: "contactLists.contacts", className: "text-muted", cell: (l) => l.contactsCount },
];

/** /contact-lists: search, add, edit, delete; a list opens its contacts (R-CMP-15). */
export default function ContactListsPage() {
  useSignals();
  const { page } = useCrudList(CONTACT_LISTS, paged(listContactLists, "records"));
  return <CrudPage page={page} columns={COLUMNS} icon="users" editor={ContactListModal} />;
}
