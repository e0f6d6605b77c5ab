import { ContactListBody } from "@contract/schemas/contactLists";
import { type ContactList, contactListsApi } from "../../api/contactLists";
import { TextInput } from "../../components/Field";
import { FormModal } from "../../components/FormModal";
import { useT } from "../../i18n";
import { recordKind } from "../../lib/recordKind";
import { type EditorProps, useEntityForm } from "../../lib/useEntityForm";
import { contactListsStore } from "./store";

/** ContactList as the kit handles them: the list page and this editor. */
export const CONTACT_LISTS = recordKind("contactLists", "contact-list", contactListsApi, contactListsStore);

/** Add or rename a contact list (name 2-50). */
export function ContactListModal(props: EditorProps<ContactList>) {
  const t = useT();
  const { field, modal } = useEntityForm(CONTACT_LISTS, props, {
    empty: { name: "" },
    schema: ContactListBody,
  });
  return (
    <FormModal {...modal} size="sm">
      <TextInput label={t("contactLists.name")} autoFocus {...field("name")} />
    </FormModal>
  );
}
