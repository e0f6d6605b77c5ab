import { useSignals } from "@preact/signals-react/runtime";
import { Link } from "wouter";
import { contactListsApi, listContactLists } from "../../api/contactLists";
import { CrudPage } from "../../components/CrudPage";
import { useCrudList } from "../../lib/useCrudList";
import { paged } from "../../lib/usePagedList";
import { ContactListModal } from "./ContactListModal";
import { contactListsStore } from "./store";

/** /contact-lists: search, add, edit, delete; a list opens its contacts (R-CMP-15). */
export default function ContactListsPage() {
  useSignals();
  const source = paged(listContactLists, "records");
  const { page, editor } = useCrudList({ area: "contactLists", store: contactListsStore, source, remove: contactListsApi.remove });
  return (
    <CrudPage
      page={page}
      testId="contact-lists-scroll"
      icon="users"
      rowTestId="contact-list-row"
      dialogs={<ContactListModal {...editor} />}
      columns={[
        {
          label: "contactLists.name",
          cell: (l) => (
            <Link href={`/contact-lists/${l.id}/contacts`} className="font-medium text-brand-700 hover:underline dark:text-brand-300">
              {l.name}
            </Link>
          ),
        },
        { label: "contactLists.contacts", className: "text-muted", cell: (l) => l.contactsCount },
      ]}
    />
  );
}
