import { LIMITS } from "@contract/limits";
import { FileListForm } from "@contract/schemas/files";
import { createFileList, type FileList, getFileList, updateFileList, uploadFileListFiles } from "../../api/fileLists";
import { Button } from "../../components/Button";
import { TextInput } from "../../components/Field";
import { FormModal } from "../../components/FormModal";
import { useT } from "../../i18n";
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
const area =
  "block min-h-24 w-full rounded-lg border border-line bg-surface px-3 py-2 text-sm font-normal text-ink shadow-sm focus:border-brand-500 focus:ring-4 focus:ring-brand-500/15 focus:outline-none";

const rowsOf = (l: FileList): OptionRow[] =>
  l.options.map((o) => ({ key: `o${o.id}`, id: o.id, name: o.name, mediaName: o.mediaName, mediaUrl: o.mediaUrl, file: null, removeFile: false }));

/** Add or edit a file list: name, message and options, each with a name and an optional file. */
export function FileListModal({ open, id: listId, onClose, onCreated }: EditorProps) {
  const t = useT();
  const editing = listId !== null;
  const { form, setForm, errors, loading, busy, submit } = useEntityForm({
    open,
    id: listId,
    empty: EMPTY,
    load: (id) => (id === null ? null : getFileList(id)),
    fill: (l: FileList) => ({ name: l.name, message: l.message, options: rowsOf(l) }),
    schema: FileListForm,
    pins: PINS,
    save: async (out, f) => {
      const body = {
        name: out.name,
        message: out.message,
        options: f.options.map((o) => ({ id: o.id, name: o.name.trim(), removeFile: o.removeFile && !o.file })),
      };
      let saved = editing ? await updateFileList(listId, body) : await createFileList(body);
      // Options come back in the order sent: pair each chosen file with its saved option's id.
      const uploads = f.options.flatMap((o, i) => (o.file && saved.options[i] ? [{ optionId: saved.options[i].id, file: o.file }] : []));
      if (uploads.length) saved = await uploadFileListFiles(saved.id, uploads);
      fileListsStore.upsert(saved);
      if (!editing) onCreated?.();
      return undefined;
    },
    savedText: "files.saved",
    onClose,
  });

  const setOptions = (options: OptionRow[]) => setForm({ ...form, options });
  return (
    <FormModal
      open={open}
      onClose={onClose}
      title={t(editing ? "files.editTitle" : "files.addTitle")}
      formId="file-list-form"
      onSubmit={submit}
      busy={busy}
      loading={loading}
      size="lg"
    >
      <TextInput label={t("files.name")} name="name" autoFocus value={form.name} onValue={(name) => setForm({ ...form, name })} error={errors.name} />
      <label className="flex flex-col gap-1.5 text-sm font-medium text-ink">
        {t("files.message")}
        <textarea name="message" value={form.message} onChange={(e) => setForm({ ...form, message: e.target.value })} className={area} />
        {errors.message && (
          <span role="alert" className="text-xs font-medium text-red-600 dark:text-red-400">
            {t(errors.message)}
          </span>
        )}
      </label>
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
