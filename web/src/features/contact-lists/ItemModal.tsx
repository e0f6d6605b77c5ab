import { ContactListItemForm } from "@contract/schemas/contactLists";
import { type ContactListItem, itemsApi } from "../../api/contactLists";
import { TextInput } from "../../components/Field";
import { FormModal } from "../../components/FormModal";
import { useT } from "../../i18n";
import { recordKind } from "../../lib/recordKind";
import { type EditorProps, useEntityForm } from "../../lib/useEntityForm";
import { contactListItemsStore } from "./store";

const PINS = { ERR_CONTACT_LIST_ITEM_EXISTS: "number" };

/** ContactListItem as the kit handles them: the list page and this editor. */
export const LIST_ITEMS = recordKind("contactListItems", "contact-list-item", itemsApi, contactListItemsStore);

/** Add or edit one number of a list (name 2-50, number 8-50, valid email or empty). */
export function ItemModal({ listId, ...props }: EditorProps<ContactListItem> & { listId: number }) {
  const t = useT();
  const { field, modal } = useEntityForm(LIST_ITEMS, props, {
    empty: { name: "", number: "", email: "" },
    schema: ContactListItemForm,
    pins: PINS,
    // a new number names its list; an edited one stays where it is
    body: (out) => ({ name: out.name, number: out.number, email: out.email ?? "", ...(props.id === null ? { contactListId: listId } : {}) }),
  });
  return (
    <FormModal {...modal} size="sm">
      <TextInput label={t("contactListItems.name")} autoFocus {...field("name")} />
      <TextInput label={t("contactListItems.number")} inputMode="tel" {...field("number")} />
      <TextInput label={t("contactListItems.email")} type="email" {...field("email")} />
    </FormModal>
  );
}
