import { HelpForm } from "@contract/schemas/helps";
import { createHelp, getHelp, type Help, updateHelp } from "../../api/helps";
import { TextInput } from "../../components/Field";
import { FormModal } from "../../components/FormModal";
import { useT } from "../../i18n";
import { type EditorProps, useEntityForm } from "../../lib/useEntityForm";
import { helpsStore } from "./stores";

/** Add or edit a help video: title, YouTube link or id, description. */
export function HelpModal({ open, id, onClose, onCreated }: EditorProps) {
  const t = useT();
  const { form, setForm, errors, loading, busy, submit } = useEntityForm({
    open,
    id,
    empty: { title: "", video: "", description: "" },
    load: (helpId) => (helpId === null ? null : getHelp(helpId)),
    fill: (h: Help) => ({ title: h.title, video: h.video, description: h.description }),
    schema: HelpForm,
    save: async (out) => {
      helpsStore.upsert(id === null ? await createHelp(out) : await updateHelp(id, out));
      if (id === null) onCreated?.();
      return undefined;
    },
    savedText: "helps.saved",
    onClose,
  });
  return (
    <FormModal
      open={open}
      onClose={onClose}
      title={t(id === null ? "helps.addTitle" : "helps.editTitle")}
      formId="help-form"
      onSubmit={submit}
      busy={busy}
      loading={loading}
    >
      <TextInput
        label={t("helps.titleField")}
        name="title"
        autoFocus
        value={form.title}
        onValue={(title) => setForm({ ...form, title })}
        error={errors.title}
      />
      <TextInput
        label={t("helps.video")}
        name="video"
        hint={t("helps.videoHint")}
        value={form.video}
        onValue={(video) => setForm({ ...form, video })}
        error={errors.video}
      />
      <TextInput
        label={t("helps.description")}
        name="description"
        value={form.description}
        onValue={(description) => setForm({ ...form, description })}
        error={errors.description}
      />
    </FormModal>
  );
}
