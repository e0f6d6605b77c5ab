import { LIMITS } from "@contract/limits";
import { FileListForm } from "@contract/schemas/files";
import { type FileList, fileListsApi, uploadFileListFiles } from "../../api/fileLists";
import { Button } from "../../components/Button";
import { TextArea, TextInput } from "../../components/Field";
import { FormModal } from "../../components/FormModal";
import { useT } from "../../i18n";
import { recordKind } from "../../lib/recordKind";
import { type EditorProps, useEntityForm } from "../../lib/useEntityForm";
import { fileListsStore } from "../../stores/lists";
import { type OptionRow, OptionRows } from "./OptionRows";

interface Form {
  name: string;
  message: string;
  options: OptionRow[];
}
const EMPTY: Form = { name: "", message: "", options: [] };
const PINS = { ERR_FILE_LIST_NAME_EXISTS: "name" };

const rowsOf = (l: FileList): OptionRow[] =>
  l.options.map((o) => ({ key: `o${o.id}`, id: o.id, name: o.name, mediaName: o.mediaName, mediaUrl: o.mediaUrl, file: null, removeFile: false }));

/** FileList as the kit handles them: the list page and this editor. */
export const FILE_LISTS = recordKind("files", "file-list", fileListsApi, fileListsStore);

/** Add or edit a file list: name, message and options, each with a name and an optional file. */
export function FileListModal(props: EditorProps<FileList>) {
  const t = useT();
  const { form, setForm, modal, field, errors } = useEntityForm(FILE_LISTS, props, {
    empty: EMPTY,
    fill: (l: FileList): Form => ({ name: l.name, message: l.message, options: rowsOf(l) }),
    schema: FileListForm,
    pins: PINS,
    body: (out, f) => ({
      name: out.name,
      message: out.message,
      options: f.options.map((o) => ({ id: o.id, name: o.name.trim(), removeFile: o.removeFile && !o.file })),
    }),
    // Options come back in the order sent: pair each chosen file with its saved option's id.
    afterSave: (saved, f) => {
      const uploads = f.options.flatMap((o, i) => (o.file && saved.options[i] ? [{ optionId: saved.options[i].id, file: o.file }] : []));
      return uploads.length ? uploadFileListFiles(saved.id, uploads) : null;
    },
  });

  const setOptions = (options: OptionRow[]) => setForm({ ...form, options });
  return (
    <FormModal {...modal} size="lg">
      <TextInput label={t("files.name")} autoFocus {...field("name")} />
      <TextArea label={t("files.message")} rows={4} {...field("message")} />
      <OptionRows rows={form.options} errors={errors} onChange={setOptions} />
      {form.options.length < LIMITS.fileListOptionsMax && (
        <Button
          variant="secondary"
          size="sm"
          icon="plus"
          data-testid="file-list-add-option"
          onClick={() =>
            setOptions([...form.options, { key: crypto.randomUUID(), id: null, name: "", mediaName: null, mediaUrl: null, file: null, removeFile: false }])
          }
        >
          {t("files.addOption")}
        </Button>
      )}
    </FormModal>
  );
}
