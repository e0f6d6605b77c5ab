import { TagForm } from "@contract/schemas/tags";
import { type Tag, tagsApi } from "../../api/tags";
import { TextInput, Toggle } from "../../components/Field";
import { FormModal } from "../../components/FormModal";
import { useT } from "../../i18n";
import { recordKind } from "../../lib/recordKind";
import { type EditorProps, useEntityForm } from "../../lib/useEntityForm";
import { tagsStore } from "../../stores/lists";
import { allowed } from "../../stores/session";
import { ColorPicker } from "../queues/ColorPicker";
import { PALETTE } from "../queues/palette";

const PINS = { ERR_TAG_NAME_ALREADY_EXISTS: "name" };

/** Tag as the kit handles them: the list page and this editor. */
export const TAGS = recordKind("tags", "tag", tagsApi, tagsStore);

/** Add or edit a tag: name (3+), colour and, for admins and supervisors only, the kanban switch. */
export function TagModal(props: EditorProps<Tag>) {
  const t = useT();
  const canKanban = allowed("tags:kanban");
  const { field, modal } = useEntityForm(TAGS, props, {
    empty: { name: "", color: PALETTE[36], kanban: false },
    fill: (tag: Tag) => ({ name: tag.name, color: tag.color, kanban: tag.kanban === 1 }),
    schema: TagForm,
    pins: PINS,
    body: (out, f) => ({ name: out.name, color: out.color, ...(canKanban ? { kanban: f.kanban ? 1 : 0 } : {}) }),
  });
  return (
    <FormModal {...modal} size="sm">
      <TextInput label={t("tags.name")} autoFocus {...field("name")} />
      <ColorPicker label={t("tags.color")} {...field("color")} />
      {canKanban && <Toggle label={t("tags.kanban")} {...field("kanban")} />}
    </FormModal>
  );
}
