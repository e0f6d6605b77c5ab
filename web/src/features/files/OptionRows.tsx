import { AttachmentField } from "../../components/AttachmentField";
import { IconButton } from "../../components/Button";
import { TextInput } from "../../components/Field";
import { useT } from "../../i18n";

/** One option row of the file-list dialog: saved (id) or new, its name, and its file (kept, chosen or removed). */
export interface OptionRow {
  key: string;
  id: number | null;
  name: string;
  mediaName: string | null;
  mediaUrl: string | null;
  file: File | null;
  removeFile: boolean;
}

/** The options of a file list: a name and an optional file each, removable; `errors` are the form's (keys `options.N.name`). */
export function OptionRows({ rows, errors, onChange }: { rows: OptionRow[]; errors: Record<string, string>; onChange: (rows: OptionRow[]) => void }) {
  const t = useT();
  const set = (key: string, patch: Partial<OptionRow>) => onChange(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  if (!rows.length) return <p className="text-sm text-muted">{t("files.noOptions")}</p>;
  return (
    <ul className="flex flex-col gap-3">
      {rows.map((r, i) => (
        <li key={r.key} data-testid="file-list-option" className="flex flex-col gap-2 rounded-lg border border-line p-3">
          <div className="flex items-end gap-2">
            <div className="min-w-0 flex-1">
              <TextInput
                label={t("files.optionName", { n: i + 1 })}
                name={`option-${i}`}
                value={r.name}
                onValue={(name) => set(r.key, { name })}
                error={errors[`options.${i}.name`]}
              />
            </div>
            <IconButton icon="trash" tone="danger" label={t("files.removeOption")} onClick={() => onChange(rows.filter((x) => x.key !== r.key))} />
          </div>
          <AttachmentField
            attachment={{
              current: r.removeFile ? null : r,
              file: r.file,
              setFile: (file) => set(r.key, { file }),
              removeMedia: () => set(r.key, r.file ? { file: null } : { removeFile: true }),
            }}
            area="files"
            testId="file-list-option-file"
          />
        </li>
      ))}
    </ul>
  );
}
