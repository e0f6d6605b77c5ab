import { HelpForm } from "@contract/schemas/helps";
import { type Help, helpsApi } from "../../api/helps";
import { TextInput } from "../../components/Field";
import { FormModal } from "../../components/FormModal";
import { useT } from "../../i18n";
import { type EditorProps, useEntityForm } from "../../lib/useEntityForm";
import { helpsStore } from "./stores";

/** Add or edit a help video: title, YouTube link or id, description. */
export function HelpModal(props: EditorProps<Help>) {
  const t = useT();
  const { field, modal } = useEntityForm({
    editor: props,
    area: "helps",
    formId: "help-form",
    empty: { title: "", video: "", description: "" },
    fill: (h: Help) => ({ title: h.title, video: h.video, description: h.description }),
    schema: HelpForm,
    api: helpsApi,
    store: helpsStore,
  });
  return (
    <FormModal {...modal}>
      <TextInput label={t("helps.titleField")} autoFocus {...field("title")} />
      <TextInput label={t("helps.video")} hint={t("helps.videoHint")} {...field("video")} />
      <TextInput label={t("helps.description")} {...field("description")} />
    </FormModal>
  );
}
