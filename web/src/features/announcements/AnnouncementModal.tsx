import { AnnouncementForm } from "@contract/schemas/announcements";
import {
  type Announcement,
  createAnnouncement,
  deleteAnnouncementMedia,
  getAnnouncement,
  updateAnnouncement,
  uploadAnnouncementMedia,
} from "../../api/announcements";
import { AttachmentField, useAttachment } from "../../components/AttachmentField";
import { Select, TextInput, Toggle } from "../../components/Field";
import { FormModal } from "../../components/FormModal";
import { useT } from "../../i18n";
import { type EditorProps, useEntityForm } from "../../lib/useEntityForm";
import { announcementsStore } from "../../stores/lists";

const EMPTY = { title: "", text: "", priority: 3, status: true };
const area =
  "block min-h-28 w-full rounded-lg border border-line bg-surface px-3 py-2 text-sm font-normal text-ink shadow-sm focus:border-brand-500 focus:ring-4 focus:ring-brand-500/15 focus:outline-none";

/** Add or edit an announcement: title, text, priority, status and one png/jpg image (R-LIB-5). */
export function AnnouncementModal({ open, id: announcementId, onClose, onCreated }: EditorProps) {
  const t = useT();
  const editing = announcementId !== null;
  const media = useAttachment<Announcement>(deleteAnnouncementMedia, (saved) => announcementsStore.upsert(saved));
  const { form, setForm, errors, loading, busy, submit } = useEntityForm({
    open,
    id: announcementId,
    empty: EMPTY,
    onOpen: media.reset,
    load: (id) => (id === null ? null : getAnnouncement(id)),
    fill: (a: Announcement) => {
      media.setCurrent(a);
      return { title: a.title, text: a.text, priority: a.priority, status: a.status };
    },
    schema: AnnouncementForm,
    save: async (out, f) => {
      // The spec's submit delay: saving starts about 400 ms after the click.
      await new Promise((r) => setTimeout(r, 400));
      const body = { ...f, title: out.title, text: out.text };
      let saved = editing ? await updateAnnouncement(announcementId, body) : await createAnnouncement(body);
      if (media.file) saved = await uploadAnnouncementMedia(saved.id, media.file);
      announcementsStore.upsert(saved);
      if (!editing) onCreated?.();
      return undefined;
    },
    savedText: "announcements.saved",
    onClose,
  });

  const priorities = [1, 2, 3].map((p) => ({ value: p, label: t(`announcements.priorities.${p}`) }));
  return (
    <FormModal
      open={open}
      onClose={onClose}
      title={t(editing ? "announcements.editTitle" : "announcements.addTitle")}
      formId="announcement-form"
      onSubmit={submit}
      busy={busy}
      loading={loading}
    >
      <TextInput
        label={t("announcements.titleField")}
        name="title"
        autoFocus
        value={form.title}
        onValue={(title) => setForm({ ...form, title })}
        error={errors.title}
      />
      <label className="flex flex-col gap-1.5 text-sm font-medium text-ink">
        {t("announcements.text")}
        <textarea name="text" value={form.text} onChange={(e) => setForm({ ...form, text: e.target.value })} className={area} />
        {errors.text && (
          <span role="alert" className="text-xs font-medium text-red-600 dark:text-red-400">
            {t(errors.text)}
          </span>
        )}
      </label>
      <Select label={t("announcements.priority")} value={form.priority} options={priorities} onValue={(priority) => setForm({ ...form, priority })} />
      <Toggle label={t("announcements.active")} checked={form.status} onChange={(status) => setForm({ ...form, status })} />
      <AttachmentField
        attachment={media}
        attachLabel={t("announcements.attach")}
        removeLabel={t("announcements.removeAttachment")}
        accept=".png,.jpg,.jpeg"
        testId="announcement-file"
        publicLink
      />
    </FormModal>
  );
}
