import { QuickMessageForm } from "@contract/schemas/quickMessages";
import { type QuickMessage, quickMessageMedia, quickMessagesApi } from "../../api/quickMessages";
import { AttachmentField } from "../../components/AttachmentField";
import { TextArea, TextInput, Toggle } from "../../components/Field";
import { FormModal } from "../../components/FormModal";
import { useT } from "../../i18n";
import { recordKind } from "../../lib/recordKind";
import { type EditorProps, useEntityForm } from "../../lib/useEntityForm";
import { quickMessagesStore } from "../../stores/lists";

const EMPTY = { shortcode: "", message: "", geral: false, status: true };
const PINS = { ERR_QUICK_MESSAGE_SHORTCODE_EXISTS: "shortcode" };

/** QuickMessage as the kit handles them: the list page and this editor. */
export const QUICK_MESSAGES = recordKind("quickMessages", "quick-message", quickMessagesApi, quickMessagesStore, quickMessageMedia);

/** Add or edit a quick message: shortcode, text, geral flag, status and one optional attachment. */
export function QuickMessageModal(props: EditorProps<QuickMessage>) {
  const t = useT();
  const { field, modal, attachment } = useEntityForm(QUICK_MESSAGES, props, {
    empty: EMPTY,
    schema: QuickMessageForm,
    pins: PINS,
    body: (out, f) => ({ ...f, shortcode: out.shortcode }),
  });
  return (
    <FormModal {...modal}>
      <TextInput label={t("quickMessages.shortcode")} autoFocus hint={t("quickMessages.shortcodeHint")} {...field("shortcode")} />
      <TextArea label={t("quickMessages.message")} rows={5} {...field("message")} />
      <Toggle label={t("quickMessages.geralLabel")} {...field("geral")} />
      <Toggle label={t("quickMessages.statusLabel")} {...field("status")} />
      <AttachmentField attachment={attachment} area="quickMessages" testId="quick-message-file" />
    </FormModal>
  );
}
