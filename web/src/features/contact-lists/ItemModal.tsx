import { ContactListItemForm } from "@contract/schemas/contactLists";
import { createItem, getItem, updateItem } from "../../api/contactLists";
import { TextInput } from "../../components/Field";
import { FormModal } from "../../components/FormModal";
import { useT } from "../../i18n";
import { type EditorProps, useEntityForm } from "../../lib/useEntityForm";
import { contactListItemsStore } from "./store";

const PINS = { ERR_CONTACT_LIST_ITEM_EXISTS: "number" };

/** Add or edit one number of a list (name 2-50, number 8-50, valid email or empty). */
export function ItemModal({ open, id: itemId, onClose, onCreated, listId }: EditorProps & { listId: number }) {
  const t = useT();
  const editing = itemId !== null;
  const { form, setForm, errors, loading, busy, submit } = useEntityForm({
    open,
    id: itemId,
    empty: { name: "", number: "", email: "" },
    load: (id) => (id === null ? null : getItem(id)),
    fill: (i) => ({ name: i.name, number: i.number, email: i.email }),
    schema: ContactListItemForm,
    pins: PINS,
    save: async (out) => {
      const body = { name: out.name, number: out.number, email: out.email ?? "" };
      const saved = editing ? await updateItem(itemId, body) : await createItem(listId, body);
      contactListItemsStore.upsert(saved);
      if (!editing) onCreated?.();
      return undefined;
    },
    savedText: "contactListItems.saved",
    onClose,
  });
  const set = (key: "name" | "number" | "email") => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  return (
    <FormModal
      open={open}
      onClose={onClose}
      size="sm"
      title={t(editing ? "contactListItems.editTitle" : "contactListItems.addTitle")}
      formId="contact-list-item-form"
      onSubmit={submit}
      busy={busy}
      loading={loading}
    >
      <TextInput label={t("contactListItems.name")} name="name" autoFocus value={form.name} onValue={set("name")} error={errors.name} />
      <TextInput label={t("contactListItems.number")} name="number" inputMode="tel" value={form.number} onValue={set("number")} error={errors.number} />
      <TextInput label={t("contactListItems.email")} name="email" type="email" value={form.email} onValue={set("email")} error={errors.email} />
    </FormModal>
  );
}
