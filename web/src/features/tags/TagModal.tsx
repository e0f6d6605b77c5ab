import { Switch } from "@headlessui/react";
import { TagForm } from "@contract/schemas/tags";
import { useState } from "react";
import { createTag, getTag, updateTag } from "../../api/tags";
import { Button } from "../../components/Button";
import { TextInput } from "../../components/Field";
import { Modal } from "../../components/Modal";
import { PageSpinner } from "../../components/Spinner";
import { useT } from "../../i18n";
import { useEntityForm } from "../../lib/useEntityForm";
import { tagsStore } from "../../stores/lists";
import { allowed } from "../../stores/session";
import { ColorPicker } from "../queues/ColorPicker";
import { PALETTE } from "../queues/palette";

const PINS = { ERR_TAG_NAME_ALREADY_EXISTS: "name" };

/** Add or edit a tag: name (3+), colour and, for admins and supervisors only, the kanban switch. */
export function TagModal({ open, tagId, onClose, onCreated }: { open: boolean; tagId: number | null; onClose: () => void; onCreated?: () => void }) {
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
    <Modal
      open={open}
      onClose={onClose}
      size="sm"
      title={t(editing ? "tags.editTitle" : "tags.addTitle")}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" form="tag-form" loading={busy} disabled={loading}>
            {t("common.save")}
          </Button>
        </>
      }
    >
      {loading ? (
        <PageSpinner />
      ) : (
        <form id="tag-form" onSubmit={submit} noValidate className="flex flex-col gap-4">
          <TextInput label={t("tags.name")} name="name" autoFocus value={form.name} onValue={(name) => setForm({ ...form, name })} error={errors.name} />
          <ColorPicker label={t("tags.color")} value={form.color} onValue={(color) => setForm({ ...form, color })} error={errors.color} />
          {canKanban && (
            <label className="flex items-center justify-between gap-3 text-sm font-medium text-ink">
              {t("tags.kanban")}
              <Switch
                checked={kanban}
                onChange={setKanban}
                aria-label={t("tags.kanban")}
                className="group relative inline-flex h-6 w-11 shrink-0 rounded-full bg-line transition-colors data-[checked]:bg-brand-600"
              >
                <span className="m-0.5 size-5 rounded-full bg-white shadow transition-transform group-data-[checked]:translate-x-5" />
              </Switch>
            </label>
          )}
        </form>
      )}
    </Modal>
  );
}
