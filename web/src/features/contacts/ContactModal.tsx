import { ContactCreateBody } from "@contract/schemas/contacts";
import { useState } from "react";
import { type Contact, contactsApi, type ExtraInfo } from "../../api/contacts";
import { Button, IconButton } from "../../components/Button";
import { TextInput } from "../../components/Field";
import { FormModal } from "../../components/FormModal";
import { useT } from "../../i18n";
import { recordKind } from "../../lib/recordKind";
import { type EditorProps, useEntityForm } from "../../lib/useEntityForm";
import { contactsStore } from "../../stores/lists";
import { OptOutField } from "./OptOutField";

const EMPTY = { name: "", number: "", email: "", extraInfo: [] as ExtraInfo[] };
const PINS = { ERR_DUPLICATED_CONTACT: "number" };
const namesAndValues = (list: { name: string; value: string }[]): ExtraInfo[] => list.map(({ name, value }) => ({ name, value }));

/** Contact as the kit handles them: the list page and this editor. */
export const CONTACTS = recordKind("contacts", "contact", contactsApi, contactsStore);

/** Add or edit a contact (id null = new) with its extra-info fields; `onCreated` receives the new contact (pickers use it). */
export function ContactModal(props: EditorProps<Contact>) {
  const t = useT();
  const [loaded, setLoaded] = useState<Contact | null>(null);
  const { form, setForm, errors, field, modal, editing } = useEntityForm(CONTACTS, props, {
    empty: EMPTY,
    onOpen: () => setLoaded(null),
    fill: (c: Contact) => {
      setLoaded(c);
      return { name: c.name, number: c.number, email: c.email, extraInfo: namesAndValues(c.extraInfo ?? []) };
    },
    schema: ContactCreateBody,
    pins: PINS,
    body: (out) => ({ name: out.name, number: out.number, email: out.email ?? "", extraInfo: namesAndValues(out.extraInfo ?? []) }),
  });

  const setExtra = (change: (list: ExtraInfo[]) => ExtraInfo[]) => setForm((f) => ({ ...f, extraInfo: change(f.extraInfo) }));
  const setExtraAt = (i: number, key: "name" | "value") => (value: string) => setExtra((list) => list.map((x, j) => (j === i ? { ...x, [key]: value } : x)));

  return (
    <FormModal {...modal} className="grid gap-4 sm:grid-cols-2">
      <TextInput label={t("contacts.name")} autoFocus {...field("name")} />
      <TextInput label={t("contacts.number")} inputMode="tel" placeholder="5511999999999" {...field("number")} />
      <div className="sm:col-span-2">
        <TextInput label={t("contacts.email")} type="email" {...field("email")} />
      </div>
      {editing && loaded?.id === props.id && <OptOutField contact={loaded} onChange={setLoaded} />}
      <fieldset className="flex flex-col gap-3 sm:col-span-2">
        <legend className="mb-2 text-sm font-semibold text-ink">{t("contacts.extraInfo")}</legend>
        {form.extraInfo.map((x, i) => (
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
