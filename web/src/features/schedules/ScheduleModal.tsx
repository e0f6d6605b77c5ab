import { ScheduleForm } from "@contract/schemas/schedules";
import { useRef, useState } from "react";
import type { Contact } from "../../api/contacts";
import { getContact } from "../../api/contacts";
import { openMedia } from "../../api/files";
import { createSchedule, deleteScheduleMedia, getSchedule, type Schedule, updateSchedule, uploadScheduleMedia } from "../../api/schedules";
import { Button, IconButton } from "../../components/Button";
import { TextInput } from "../../components/Field";
import { FormModal } from "../../components/FormModal";
import { useT } from "../../i18n";
import { type EditorProps, useEntityForm } from "../../lib/useEntityForm";
import { schedulesStore } from "../../stores/lists";
import { toastError } from "../../stores/toast";
import { ContactSearch } from "../tickets/modals/ContactSearch";
import { fromZoneInput, toZoneInput, zoneLabel } from "../../lib/zone";
import { inOneHour } from "./dates";

type Who = Pick<Contact, "id" | "name" | "number"> & Partial<Contact>;
interface Form {
  body: string;
  contactId: number;
  sendAt: string;
}
const area =
  "block min-h-28 w-full rounded-lg border border-line bg-surface px-3 py-2 text-sm font-normal text-ink shadow-sm focus:border-brand-500 focus:ring-4 focus:ring-brand-500/15 focus:outline-none";

/**
 * Add or edit a scheduled message (core.md schedule modal): body, contact, send time (default in one
 * hour; in the company's time zone, labelled) and a png/jpg attachment. `contactId` presets the contact (from a ticket or ?contactId=).
 * Once sent the record is shown without Save.
 */
export function ScheduleModal({ open, id: scheduleId, onClose, onCreated, contactId }: EditorProps & { contactId?: number | null }) {
  const t = useT();
  const editing = scheduleId !== null;
  const fileInput = useRef<HTMLInputElement>(null);
  const [current, setCurrent] = useState<Schedule | null>(null);
  const [contact, setContact] = useState<Who | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const { form, setForm, errors, loading, busy, submit } = useEntityForm({
    open,
    id: scheduleId,
    empty: { body: "", contactId: contactId ?? 0, sendAt: inOneHour() } as Form,
    onOpen: () => {
      setCurrent(null);
      setContact(null);
      setFile(null);
    },
    load: (id): Promise<Schedule | Contact> | null => (id !== null ? getSchedule(id) : contactId ? getContact(contactId) : null),
    fill: (data: Schedule | Contact): Form => {
      if ("sendAt" in data) {
        setCurrent(data);
        setContact(data.contact);
        return { body: data.body, contactId: data.contactId, sendAt: toZoneInput(data.sendAt) };
      }
      setContact(data);
      return { body: "", contactId: data.id, sendAt: inOneHour() };
    },
    schema: ScheduleForm,
    save: async (out, f) => {
      // the field holds the company's wall-clock time: the instant the server sends at
      const input = { ...out, sendAt: fromZoneInput(f.sendAt) };
      let saved = editing ? await updateSchedule(scheduleId, input) : await createSchedule(input);
      if (file) saved = await uploadScheduleMedia(saved.id, file);
      schedulesStore.upsert(saved);
      if (!editing) onCreated?.();
      return undefined;
    },
    savedText: "schedules.saved",
    onClose,
  });

  const removeMedia = async () => {
    if (file) return setFile(null);
    if (!current) return;
    try {
      const saved = await deleteScheduleMedia(current.id);
      setCurrent(saved);
      schedulesStore.upsert(saved);
    } catch (err) {
      toastError(err);
    }
  };

  const sent = !!current?.sentAt;
  const attachment = file?.name ?? current?.mediaName ?? null;
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
      {!sent && (
        <div className="flex min-w-0 items-center gap-2 text-sm">
          <input
            ref={fileInput}
            type="file"
            accept=".png,.jpg,.jpeg"
            className="hidden"
            data-testid="schedule-file"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
          <Button variant="secondary" size="sm" icon="paperclip" onClick={() => fileInput.current?.click()}>
            {t("schedules.attach")}
          </Button>
          {attachment && (
            <>
              {current?.mediaUrl && !file ? (
                <button
                  type="button"
                  className="truncate text-brand-700 underline dark:text-brand-300"
                  onClick={() => openMedia(current.mediaUrl!).catch(toastError)}
                >
                  {attachment}
                </button>
              ) : (
                <span className="truncate text-muted">{attachment}</span>
              )}
              <IconButton icon="trash" tone="danger" label={t("schedules.removeAttachment")} onClick={removeMedia} />
            </>
          )}
        </div>
      )}
    </FormModal>
  );
}
