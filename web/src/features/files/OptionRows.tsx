import { useRef } from "react";
import { openMedia } from "../../api/files";
import { Button, IconButton } from "../../components/Button";
import { TextInput } from "../../components/Field";
import { useT } from "../../i18n";
import { toastError } from "../../stores/toast";

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
          <FilePicker row={r} onPick={(file) => set(r.key, { file })} onRemove={() => set(r.key, r.file ? { file: null } : { removeFile: true })} />
        </li>
      ))}
    </ul>
  );
}

function FilePicker({ row, onPick, onRemove }: { row: OptionRow; onPick: (f: File) => void; onRemove: () => void }) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const shown = row.file?.name ?? (row.removeFile ? null : row.mediaName);
  return (
    <div className="flex min-w-0 items-center gap-2 text-sm">
      <input
        ref={input}
        type="file"
        className="hidden"
        data-testid="file-list-option-file"
        onChange={(e) => {
          const f = e.target.files?.[0];
          if (f) onPick(f);
          e.target.value = "";
        }}
      />
      <Button variant="secondary" size="sm" icon="paperclip" onClick={() => input.current?.click()}>
        {t("files.attach")}
      </Button>
      {shown && (
        <>
          {row.mediaUrl && !row.file ? (
            <button type="button" className="truncate text-brand-700 underline dark:text-brand-300" onClick={() => openMedia(row.mediaUrl!).catch(toastError)}>
              {shown}
            </button>
          ) : (
            <span className="truncate text-muted">{shown}</span>
          )}
          <IconButton icon="trash" tone="danger" label={t("files.removeFile")} onClick={onRemove} />
        </>
      )}
    </div>
  );
}
