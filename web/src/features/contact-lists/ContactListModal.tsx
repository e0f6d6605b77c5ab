import { ContactListBody } from "@contract/schemas/contactLists";
import { type ContactList, contactListsApi } from "../../api/contactLists";
import { TextInput } from "../../components/Field";
import { FormModal } from "../../components/FormModal";
import { useT } from "../../i18n";
import { type EditorProps, useEntityForm } from "../../lib/useEntityForm";
import { contactListsStore } from "./store";

/** Add or rename a contact list (name 2-50). */
export function ContactListModal(props: EditorProps<ContactList>) {
  const t = useT();
  const { field, modal } = useEntityForm({
    editor: props,
    area: "contactLists",
    formId: "contact-list-form",
    empty: { name: "" },
    fill: (l: ContactList) => ({ name: l.name }),
    schema: ContactListBody,
    api: contactListsApi,
    store: contactListsStore,
  });
  return (
    <FormModal {...modal} size="sm">
      <TextInput label={t("contactLists.name")} autoFocus {...field("name")} />
    </FormModal>
  );
}
