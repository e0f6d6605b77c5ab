import { HelpForm } from "@contract/schemas/helps";
import { type Help, helpsApi } from "../../api/helps";
import { TextInput } from "../../components/Field";
import { FormModal } from "../../components/FormModal";
import { useT } from "../../i18n";
import { recordKind } from "../../lib/recordKind";
import { type EditorProps, useEntityForm } from "../../lib/useEntityForm";
import { helpsStore } from "./stores";

/** Help as the kit handles them: the list page and this editor. */
export const HELPS = recordKind("helps", "help", helpsApi, helpsStore);

/** Add or edit a help video: title, YouTube link or id, description. */
export function HelpModal(props: EditorProps<Help>) {
  const t = useT();
  const { field, modal } = useEntityForm(HELPS, props, {
    empty: { title: "", video: "", description: "" },
    schema: HelpForm,
  });
  return (
    <FormModal {...modal}>
      <TextInput label={t("helps.titleField")} autoFocus {...field("title")} />
      <TextInput label={t("helps.video")} hint={t("helps.videoHint")} {...field("video")} />
      <TextInput label={t("helps.description")} {...field("description")} />
    </FormModal>
  );
}
