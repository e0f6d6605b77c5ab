import { ScheduleForm } from "@contract/schemas/schedules";
import { useState } from "react";
import { type Contact, contactsApi } from "../../api/contacts";
import { type Schedule, scheduleMedia, schedulesApi } from "../../api/schedules";
import { AttachmentField } from "../../components/AttachmentField";
import { TextArea, TextInput } from "../../components/Field";
import { FormModal } from "../../components/FormModal";
import { useT } from "../../i18n";
import { recordKind } from "../../lib/recordKind";
import { type EditorProps, useEntityForm } from "../../lib/useEntityForm";
import { schedulesStore } from "../../stores/lists";
import { ContactSearch } from "../tickets/modals/ContactSearch";
import { fromZoneInput, toZoneInput, zoneLabel } from "../../lib/zone";
import { inOneHour } from "./dates";
import { ScheduleTemplate } from "./ScheduleTemplate";
import type { ScheduleTemplate as ScheduleTemplateChoice } from "@contract/dto/schedules";

type Who = Pick<Contact, "id" | "name" | "number"> & Partial<Contact>;
interface Form {
  body: string;
  contactId: number;
  sendAt: string;
  template: ScheduleTemplateChoice | null;
}

/** Schedule as the kit handles them: the list page and this editor. */
export const SCHEDULES = recordKind("schedules", "schedule", schedulesApi, schedulesStore, scheduleMedia);

/**
 * Add or edit a scheduled message (R-SCH-1): body, contact, send time (default in one
 * hour; in the company's time zone, labelled) and a png/jpg attachment. `contactId` presets the contact (from a ticket or ?contactId=).
 * Once sent the record is shown without Save.
 */
export function ScheduleModal({ contactId, ...props }: EditorProps<Schedule> & { contactId?: number | null }) {
  const t = useT();
  const editing = props.id !== null;
  const [contact, setContact] = useState<Who | null>(null);
  const { form, setForm, field, errors, modal, attachment } = useEntityForm(SCHEDULES, props, {
    empty: { body: "", contactId: contactId ?? 0, sendAt: inOneHour(), template: null } as Form,
    onOpen: () => setContact(null),
    load: (id): Promise<Schedule | Contact> | null => (id !== null ? schedulesApi.get(id) : contactId ? contactsApi.get(contactId) : null),
    fill: (data: Schedule | Contact): Form => {
      if ("sendAt" in data) {
        attachment.setCurrent(data);
        setContact(data.contact);
        return { body: data.body, contactId: data.contactId, sendAt: toZoneInput(data.sendAt), template: data.template };
      }
      setContact(data);
      return { body: "", contactId: data.id, sendAt: inOneHour(), template: null };
    },
    schema: ScheduleForm,
    // the field holds the company's wall-clock time: the instant the server sends at;
    // a connection picked without a template yet means none
    body: (out, f) => ({ ...out, sendAt: fromZoneInput(f.sendAt), template: f.template?.name ? f.template : null }),
  });

  const sent = !!attachment.current?.sentAt;
  return (
    <FormModal {...modal} title={sent ? t("schedules.sentTitle") : modal.title} readOnly={sent}>
      {sent && <p className="rounded-lg bg-raised px-3 py-2 text-sm text-muted">{t("schedules.sentNotice")}</p>}
      <TextArea label={t("schedules.body")} rows={5} disabled={sent} {...field("body")} />
      {sent || (contactId && !editing) ? (
        <TextInput label={t("schedules.contact")} name="contact" value={contact ? `${contact.name} (${contact.number})` : ""} onValue={() => {}} disabled />
      ) : (
        <ContactSearch
          value={(contact as Contact | null) ?? null}
          onValue={(c) => {
            setContact(c);
            setForm({ ...form, contactId: c?.id ?? 0 });
          }}
          error={errors.contactId}
        />
      )}
      <TextInput label={t("schedules.sendAt")} type="datetime-local" disabled={sent} hint={t("common.zoneHint", { zone: zoneLabel() })} {...field("sendAt")} />
      <ScheduleTemplate
        value={form.template}
        onValue={(template) => setForm({ ...form, template })}
        errors={errors}
        disabled={sent}
        contactName={contact?.name}
      />
      {!sent && <AttachmentField attachment={attachment} area="schedules" accept=".png,.jpg,.jpeg" testId="schedule-file" />}
    </FormModal>
  );
}
