import { TagForm } from "@contract/schemas/tags";
import { useState } from "react";
import { createTag, getTag, updateTag } from "../../api/tags";
import { TextInput, Toggle } from "../../components/Field";
import { FormModal } from "../../components/FormModal";
import { useT } from "../../i18n";
import { type EditorProps, useEntityForm } from "../../lib/useEntityForm";
import { tagsStore } from "../../stores/lists";
import { allowed } from "../../stores/session";
import { ColorPicker } from "../queues/ColorPicker";
import { PALETTE } from "../queues/palette";

const PINS = { ERR_TAG_NAME_ALREADY_EXISTS: "name" };

/** Add or edit a tag: name (3+), colour and, for admins and supervisors only, the kanban switch. */
export function TagModal({ open, id: tagId, onClose, onCreated }: EditorProps) {
  const t = useT();
  const canKanban = allowed("tags:kanban");
  const editing = tagId !== null;
  const [kanban, setKanban] = useState(false);
  const { form, setForm, errors, loading, busy, submit } = useEntityForm({
    open,
    id: tagId,
    empty: { name: "", color: PALETTE[36] },
    onOpen: () => setKanban(false),
    load: (id) => (id === null ? null : getTag(id)),
    fill: (tag) => {
      setKanban(tag.kanban === 1);
      return { name: tag.name, color: tag.color };
    },
    schema: TagForm,
    pins: PINS,
    save: async (out) => {
      const body = { ...out, ...(canKanban ? { kanban: kanban ? 1 : 0 } : {}) };
      const saved = editing ? await updateTag(tagId, body) : await createTag(body);
      tagsStore.upsert(saved);
      if (!editing) onCreated?.();
    },
    savedText: "tags.saved",
    onClose,
  });

  return (
    <FormModal
      open={open}
      onClose={onClose}
      size="sm"
      title={t(editing ? "tags.editTitle" : "tags.addTitle")}
      formId="tag-form"
      onSubmit={submit}
      busy={busy}
      loading={loading}
    >
      <TextInput label={t("tags.name")} name="name" autoFocus value={form.name} onValue={(name) => setForm({ ...form, name })} error={errors.name} />
      <ColorPicker label={t("tags.color")} value={form.color} onValue={(color) => setForm({ ...form, color })} error={errors.color} />
      {canKanban && <Toggle label={t("tags.kanban")} checked={kanban} onChange={setKanban} />}
    </FormModal>
  );
}
