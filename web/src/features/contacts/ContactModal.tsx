import { ContactCreateBody } from "@contract/schemas/contacts";
import { useState } from "react";
import { type Contact, createContact, type ExtraInfo, getContact, updateContact } from "../../api/contacts";
import { Button, IconButton } from "../../components/Button";
import { TextInput } from "../../components/Field";
import { FormModal } from "../../components/FormModal";
import { useT } from "../../i18n";
import { useEntityForm } from "../../lib/useEntityForm";
import { contactsStore } from "../../stores/lists";
import { OptOutField } from "./OptOutField";

const EMPTY = { name: "", number: "", email: "", extraInfo: [] as ExtraInfo[] };
const PINS = { ERR_DUPLICATED_CONTACT: "number" };

/**
 * Add or edit a contact (contactId null = new) with its extra-info fields. `onClose` may carry a
 * ticket uuid: the page then opens that ticket. `onCreated` receives the new contact (pickers use it).
 */
export function ContactModal({
  open,
  contactId,
  onClose,
  onCreated,
}: {
  open: boolean;
  contactId: number | null;
  onClose: (ticketUuid?: string) => void;
  onCreated?: (contact: Contact) => void;
}) {
  const t = useT();
  const editing = contactId !== null;
  const [loaded, setLoaded] = useState<Contact | null>(null);
  const { form, setForm, errors, loading, busy, submit } = useEntityForm({
    open,
    id: contactId,
    empty: EMPTY,
    load: (id) => (id === null ? null : getContact(id)),
    onOpen: () => setLoaded(null),
    fill: (c) => {
      setLoaded(c);
      return { name: c.name, number: c.number, email: c.email, extraInfo: (c.extraInfo ?? []).map(({ name, value }) => ({ name, value })) };
    },
    schema: ContactCreateBody,
    pins: PINS,
    save: async (out) => {
      const body = { name: out.name, number: out.number, email: out.email ?? "", extraInfo: (out.extraInfo ?? []).map(({ name, value }) => ({ name, value })) };
      const saved = editing ? await updateContact(contactId, body) : await createContact(body);
      contactsStore.upsert(saved);
      if (!editing) onCreated?.(saved);
    },
    savedText: "contacts.saved",
    onClose,
  });

  const extra = form.extraInfo;
  const setExtra = (change: (list: ExtraInfo[]) => ExtraInfo[]) => setForm((f) => ({ ...f, extraInfo: change(f.extraInfo) }));
  const set = (key: "name" | "number" | "email") => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const setExtraAt = (i: number, key: "name" | "value") => (value: string) => setExtra((list) => list.map((x, j) => (j === i ? { ...x, [key]: value } : x)));

  return (
    <FormModal
      open={open}
      onClose={() => onClose()}
      title={t(editing ? "contacts.editTitle" : "contacts.addTitle")}
      formId="contact-form"
      onSubmit={submit}
      busy={busy}
      loading={loading}
      className="grid gap-4 sm:grid-cols-2"
    >
      <TextInput label={t("contacts.name")} name="name" autoFocus value={form.name} onValue={set("name")} error={errors.name} />
      <TextInput
        label={t("contacts.number")}
        name="number"
        inputMode="tel"
        placeholder="5511999999999"
        value={form.number}
        onValue={set("number")}
        error={errors.number}
      />
      <div className="sm:col-span-2">
        <TextInput label={t("contacts.email")} name="email" type="email" value={form.email} onValue={set("email")} error={errors.email} />
      </div>
      {editing && loaded?.id === contactId && <OptOutField contact={loaded} onChange={setLoaded} />}
      <fieldset className="flex flex-col gap-3 sm:col-span-2">
        <legend className="mb-2 text-sm font-semibold text-ink">{t("contacts.extraInfo")}</legend>
        {extra.map((x, i) => (
          <div key={i} data-testid="extra-row" className="flex items-start gap-2">
            <div className="grid flex-1 gap-2 sm:grid-cols-2">
              <TextInput label={t("contacts.extraName")} value={x.name} onValue={setExtraAt(i, "name")} error={errors[`extraInfo.${i}.name`]} />
              <TextInput label={t("contacts.extraValue")} value={x.value} onValue={setExtraAt(i, "value")} error={errors[`extraInfo.${i}.value`]} />
            </div>
            <IconButton
              icon="trash"
              tone="danger"
              label={t("contacts.extraRemove")}
              className="mt-7"
              onClick={() => setExtra((l) => l.filter((_, j) => j !== i))}
            />
          </div>
        ))}
        <Button variant="secondary" size="sm" icon="plus" className="self-start" onClick={() => setExtra((l) => [...l, { name: "", value: "" }])}>
          {t("contacts.extraAdd")}
        </Button>
      </fieldset>
    </FormModal>
  );
}
