import { QuickMessageForm } from "@contract/schemas/quickMessages";
import {
  createQuickMessage,
  deleteQuickMessageMedia,
  getQuickMessage,
  type QuickMessage,
  updateQuickMessage,
  uploadQuickMessageMedia,
} from "../../api/quickMessages";
import { AttachmentField, useAttachment } from "../../components/AttachmentField";
import { TextInput, Toggle } from "../../components/Field";
import { FormModal } from "../../components/FormModal";
import { useT } from "../../i18n";
import { type EditorProps, useEntityForm } from "../../lib/useEntityForm";
import { quickMessagesStore } from "../../stores/lists";

const EMPTY = { shortcode: "", message: "", geral: false, status: true };
const PINS = { ERR_QUICK_MESSAGE_SHORTCODE_EXISTS: "shortcode" };
const area =
  "block min-h-28 w-full rounded-lg border border-line bg-surface px-3 py-2 text-sm font-normal text-ink shadow-sm focus:border-brand-500 focus:ring-4 focus:ring-brand-500/15 focus:outline-none";

/** Add or edit a quick message: shortcode, text, geral flag, status and one optional attachment. */
export function QuickMessageModal({ open, id: messageId, onClose, onCreated }: EditorProps) {
  const t = useT();
  const editing = messageId !== null;
  const media = useAttachment<QuickMessage>(deleteQuickMessageMedia, (saved) => quickMessagesStore.upsert(saved));
  const { form, setForm, errors, loading, busy, submit } = useEntityForm({
    open,
    id: messageId,
    empty: EMPTY,
    onOpen: media.reset,
    load: (id) => (id === null ? null : getQuickMessage(id)),
    fill: (q) => {
      media.setCurrent(q);
      return { shortcode: q.shortcode, message: q.message, geral: q.geral, status: q.status };
    },
    schema: QuickMessageForm,
    pins: PINS,
    save: async (out, f) => {
      const body = { ...f, shortcode: out.shortcode };
      let saved = editing ? await updateQuickMessage(messageId, body) : await createQuickMessage(body);
      if (media.file) saved = await uploadQuickMessageMedia(saved.id, media.file);
      quickMessagesStore.upsert(saved);
      if (!editing) onCreated?.();
    },
    savedText: "quickMessages.saved",
    onClose,
  });

  return (
    <FormModal
      open={open}
      onClose={onClose}
      title={t(editing ? "quickMessages.editTitle" : "quickMessages.addTitle")}
      formId="quick-message-form"
      onSubmit={submit}
      busy={busy}
      loading={loading}
    >
      <TextInput
        label={t("quickMessages.shortcode")}
        name="shortcode"
        autoFocus
        value={form.shortcode}
        onValue={(shortcode) => setForm({ ...form, shortcode })}
        error={errors.shortcode}
        hint={t("quickMessages.shortcodeHint")}
      />
      <label className="flex flex-col gap-1.5 text-sm font-medium text-ink">
        {t("quickMessages.message")}
        <textarea name="message" value={form.message} onChange={(e) => setForm({ ...form, message: e.target.value })} className={area} />
      </label>
      <Toggle label={t("quickMessages.geralLabel")} checked={form.geral} onChange={(geral) => setForm({ ...form, geral })} />
      <Toggle label={t("quickMessages.statusLabel")} checked={form.status} onChange={(status) => setForm({ ...form, status })} />
      <AttachmentField
        attachment={media}
        attachLabel={t("quickMessages.attach")}
        removeLabel={t("quickMessages.removeAttachment")}
        testId="quick-message-file"
      />
    </FormModal>
  );
}
