import { ScheduleForm } from "@contract/schemas/schedules";
import { useState } from "react";
import type { Contact } from "../../api/contacts";
import { getContact } from "../../api/contacts";
import { createSchedule, deleteScheduleMedia, getSchedule, type Schedule, updateSchedule, uploadScheduleMedia } from "../../api/schedules";
import { AttachmentField, useAttachment } from "../../components/AttachmentField";
import { TextInput } from "../../components/Field";
import { FormModal } from "../../components/FormModal";
import { useT } from "../../i18n";
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
const area =
  "block min-h-28 w-full rounded-lg border border-line bg-surface px-3 py-2 text-sm font-normal text-ink shadow-sm focus:border-brand-500 focus:ring-4 focus:ring-brand-500/15 focus:outline-none";

/**
 * Add or edit a scheduled message (R-SCH-1): body, contact, send time (default in one
 * hour; in the company's time zone, labelled) and a png/jpg attachment. `contactId` presets the contact (from a ticket or ?contactId=).
 * Once sent the record is shown without Save.
 */
export function ScheduleModal({ open, id: scheduleId, onClose, onCreated, contactId }: EditorProps & { contactId?: number | null }) {
  const t = useT();
  const editing = scheduleId !== null;
  const media = useAttachment<Schedule>(deleteScheduleMedia, (saved) => schedulesStore.upsert(saved));
  const [contact, setContact] = useState<Who | null>(null);
  const { form, setForm, errors, loading, busy, submit } = useEntityForm({
    open,
    id: scheduleId,
    empty: { body: "", contactId: contactId ?? 0, sendAt: inOneHour(), template: null } as Form,
    onOpen: () => {
      media.reset();
      setContact(null);
    },
    load: (id): Promise<Schedule | Contact> | null => (id !== null ? getSchedule(id) : contactId ? getContact(contactId) : null),
    fill: (data: Schedule | Contact): Form => {
      if ("sendAt" in data) {
        media.setCurrent(data);
        setContact(data.contact);
        return { body: data.body, contactId: data.contactId, sendAt: toZoneInput(data.sendAt), template: data.template };
      }
      setContact(data);
      return { body: "", contactId: data.id, sendAt: inOneHour(), template: null };
    },
    schema: ScheduleForm,
    save: async (out, f) => {
      // the field holds the company's wall-clock time: the instant the server sends at
      // a connection picked without a template yet means none
      const input = { ...out, sendAt: fromZoneInput(f.sendAt), template: f.template?.name ? f.template : null };
      let saved = editing ? await updateSchedule(scheduleId, input) : await createSchedule(input);
      if (media.file) saved = await uploadScheduleMedia(saved.id, media.file);
      schedulesStore.upsert(saved);
      if (!editing) onCreated?.();
      return undefined;
    },
    savedText: "schedules.saved",
    onClose,
  });

  const sent = !!media.current?.sentAt;
  return (
    <FormModal
      open={open}
      onClose={onClose}
      title={t(sent ? "schedules.sentTitle" : editing ? "schedules.editTitle" : "schedules.addTitle")}
      formId="schedule-form"
      onSubmit={submit}
      busy={busy}
      loading={loading}
      readOnly={sent}
    >
      {sent && <p className="rounded-lg bg-raised px-3 py-2 text-sm text-muted">{t("schedules.sentNotice")}</p>}
      <label className="flex flex-col gap-1.5 text-sm font-medium text-ink">
        {t("schedules.body")}
        <textarea name="body" value={form.body} disabled={sent} onChange={(e) => setForm({ ...form, body: e.target.value })} className={area} />
        {errors.body && (
          <span role="alert" className="text-xs font-medium text-red-600 dark:text-red-400">
            {t(errors.body)}
          </span>
        )}
      </label>
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
      <TextInput
        label={t("schedules.sendAt")}
        name="sendAt"
        type="datetime-local"
        value={form.sendAt}
        disabled={sent}
        onValue={(sendAt) => setForm({ ...form, sendAt })}
        error={errors.sendAt}
        hint={t("common.zoneHint", { zone: zoneLabel() })}
      />
      <ScheduleTemplate
        value={form.template}
        onValue={(template) => setForm({ ...form, template })}
        errors={errors}
        disabled={sent}
        contactName={contact?.name}
      />
      {!sent && (
        <AttachmentField
          attachment={media}
          attachLabel={t("schedules.attach")}
          removeLabel={t("schedules.removeAttachment")}
          accept=".png,.jpg,.jpeg"
          testId="schedule-file"
        />
      )}
    </FormModal>
  );
}
