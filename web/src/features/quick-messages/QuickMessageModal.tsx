import { QuickMessageForm } from "@contract/schemas/quickMessages";
import { useRef, useState } from "react";
import { openMedia } from "../../api/files";
import {
  createQuickMessage,
  deleteQuickMessageMedia,
  getQuickMessage,
  type QuickMessage,
  updateQuickMessage,
  uploadQuickMessageMedia,
} from "../../api/quickMessages";
import { Button, IconButton } from "../../components/Button";
import { TextInput, Toggle } from "../../components/Field";
import { FormModal } from "../../components/FormModal";
import { useT } from "../../i18n";
import { type EditorProps, useEntityForm } from "../../lib/useEntityForm";
import { quickMessagesStore } from "../../stores/lists";
import { toastError } from "../../stores/toast";

const EMPTY = { shortcode: "", message: "", geral: false, status: true };
const PINS = { ERR_QUICK_MESSAGE_SHORTCODE_EXISTS: "shortcode" };
const area =
  "block min-h-28 w-full rounded-lg border border-line bg-surface px-3 py-2 text-sm font-normal text-ink shadow-sm focus:border-brand-500 focus:ring-4 focus:ring-brand-500/15 focus:outline-none";

/** Add or edit a quick message: shortcode, text, geral flag, status and one optional attachment. */
export function QuickMessageModal({ open, id: messageId, onClose, onCreated }: EditorProps) {
  const t = useT();
  const editing = messageId !== null;
  const fileInput = useRef<HTMLInputElement>(null);
  const [current, setCurrent] = useState<QuickMessage | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const { form, setForm, errors, loading, busy, submit } = useEntityForm({
    open,
    id: messageId,
    empty: EMPTY,
    onOpen: () => {
      setCurrent(null);
      setFile(null);
    },
    load: (id) => (id === null ? null : getQuickMessage(id)),
    fill: (q) => {
      setCurrent(q);
      return { shortcode: q.shortcode, message: q.message, geral: q.geral, status: q.status };
    },
    schema: QuickMessageForm,
    pins: PINS,
    save: async (out, f) => {
      const body = { ...f, shortcode: out.shortcode };
      let saved = editing ? await updateQuickMessage(messageId, body) : await createQuickMessage(body);
      if (file) saved = await uploadQuickMessageMedia(saved.id, file);
      quickMessagesStore.upsert(saved);
      if (!editing) onCreated?.();
    },
    savedText: "quickMessages.saved",
    onClose,
  });

  const removeMedia = async () => {
    if (file) return setFile(null);
    if (!current) return;
    try {
      const saved = await deleteQuickMessageMedia(current.id);
      setCurrent(saved);
      quickMessagesStore.upsert(saved);
    } catch (err) {
      toastError(err);
    }
  };

  const attachment = file?.name ?? current?.mediaName ?? null;
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
      <div className="flex items-center gap-2 text-sm">
        <input ref={fileInput} type="file" className="hidden" data-testid="quick-message-file" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        <Button variant="secondary" size="sm" icon="paperclip" onClick={() => fileInput.current?.click()}>
          {t("quickMessages.attach")}
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
            <IconButton icon="trash" tone="danger" label={t("quickMessages.removeAttachment")} onClick={removeMedia} />
          </>
        )}
      </div>
    </FormModal>
  );
}
