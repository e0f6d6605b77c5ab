import { ContactListBody } from "@contract/schemas/contactLists";
import { createContactList, getContactList, updateContactList } from "../../api/contactLists";
import { TextInput } from "../../components/Field";
import { FormModal } from "../../components/FormModal";
import { useT } from "../../i18n";
import { type EditorProps, useEntityForm } from "../../lib/useEntityForm";
import { contactListsStore } from "./store";

/** Add or rename a contact list (name 2-50). */
export function ContactListModal({ open, id: listId, onClose, onCreated }: EditorProps) {
  const t = useT();
  const editing = listId !== null;
  const { form, setForm, errors, loading, busy, submit } = useEntityForm({
    open,
    id: listId,
    empty: { name: "" },
    load: (id) => (id === null ? null : getContactList(id)),
    fill: (l) => ({ name: l.name }),
    schema: ContactListBody,
    save: async (out) => {
      const saved = editing ? await updateContactList(listId, out) : await createContactList(out);
      contactListsStore.upsert(saved);
      if (!editing) onCreated?.();
      return undefined;
    },
    savedText: "contactLists.saved",
    onClose,
  });
  return (
    <FormModal
      open={open}
      onClose={onClose}
      size="sm"
      title={t(editing ? "contactLists.editTitle" : "contactLists.addTitle")}
      formId="contact-list-form"
      onSubmit={submit}
      busy={busy}
      loading={loading}
    >
      <TextInput label={t("contactLists.name")} name="name" autoFocus value={form.name} onValue={(name) => setForm({ name })} error={errors.name} />
    </FormModal>
  );
}
