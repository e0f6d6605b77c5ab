import { AnnouncementForm } from "@contract/schemas/announcements";
import { type Announcement, announcementMedia, announcementsApi } from "../../api/announcements";
import { AttachmentField } from "../../components/AttachmentField";
import { Select, TextArea, TextInput, Toggle } from "../../components/Field";
import { FormModal } from "../../components/FormModal";
import { useT } from "../../i18n";
import { recordKind } from "../../lib/recordKind";
import { type EditorProps, useEntityForm } from "../../lib/useEntityForm";
import { announcementsStore } from "../../stores/lists";

const EMPTY = { title: "", text: "", priority: 3, status: true };
/** The spec's submit delay: saving starts about 400 ms after the click. */
const SUBMIT_DELAY_MS = 400;

/** Announcement as the kit handles them: the list page and this editor. */
export const ANNOUNCEMENTS = recordKind("announcements", "announcement", announcementsApi, announcementsStore, announcementMedia);

/** Add or edit an announcement: title, text, priority, status and one png/jpg image (R-LIB-5). */
export function AnnouncementModal(props: EditorProps<Announcement>) {
  const t = useT();
  const { field, modal, attachment } = useEntityForm(ANNOUNCEMENTS, props, {
    empty: EMPTY,
    schema: AnnouncementForm,
    body: async (out, f) => {
      await new Promise((r) => setTimeout(r, SUBMIT_DELAY_MS));
      return { ...f, title: out.title, text: out.text };
    },
  });
  const priorities = [1, 2, 3].map((p) => ({ value: p, label: t(`announcements.priorities.${p}`) }));
  return (
    <FormModal {...modal}>
      <TextInput label={t("announcements.titleField")} autoFocus {...field("title")} />
      <TextArea label={t("announcements.text")} rows={5} {...field("text")} />
      <Select label={t("announcements.priority")} options={priorities} {...field("priority")} />
      <Toggle label={t("announcements.active")} {...field("status")} />
      <AttachmentField attachment={attachment} area="announcements" accept=".png,.jpg,.jpeg" testId="announcement-file" publicLink />
    </FormModal>
  );
}
