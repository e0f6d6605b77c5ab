import { useEffect, useMemo } from "react";
import { IconButton } from "../../../components/Button";
import { Icon } from "../../../components/Icon";
import { useT } from "../../../i18n";
import { overLimit } from "./media-hints";

function Thumb({ file }: { file: File }) {
  const url = useMemo(() => (file.type.startsWith("image/") ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  if (url) return <img src={url} alt={file.name} className="size-16 rounded-lg object-cover" />;
  return (
    <span className="flex size-16 flex-col items-center justify-center gap-1 rounded-lg bg-raised px-1 text-muted">
      <Icon name="file" className="size-6" />
      <span className="w-full truncate text-center text-[10px]">{file.name.split(".").pop()?.toUpperCase()}</span>
    </span>
  );
}

/** Files chosen to send, shown before sending; each can be removed. */
export function AttachmentPreview({ files, onRemove, onClear }: { files: File[]; onRemove: (i: number) => void; onClear: () => void }) {
  const t = useT();
  if (!files.length) return null;
  const tooLarge = files.map((f) => ({ f, limit: overLimit(f) })).filter((x) => x.limit);
  return (
    <div className="border-t border-line bg-surface">
      {tooLarge.map(({ f, limit }) => (
        <p
          key={f.name}
          role="alert"
          className="flex items-center gap-2 px-3 pt-2 text-xs font-medium text-red-600 dark:text-red-400"
          data-testid="attachment-too-large"
        >
          <Icon name="alert" className="size-4 shrink-0" />
          {t("chat.tooLarge", { name: f.name, limit })}
        </p>
      ))}
      <div className="flex items-center gap-3 px-3 py-2.5" data-testid="attachments">
        <div className="flex min-w-0 flex-1 gap-2 overflow-x-auto pt-2 pr-2">
          {files.map((f, i) => (
            <div key={`${f.name}-${i}`} className={`group relative shrink-0 ${overLimit(f) ? "rounded-lg ring-2 ring-red-500" : ""}`} title={f.name}>
              <Thumb file={f} />
              <button
                type="button"
                onClick={() => onRemove(i)}
                aria-label={t("chat.removeFile", { name: f.name })}
                className="absolute -top-1.5 -right-1.5 flex size-5 items-center justify-center rounded-full bg-slate-800 text-white shadow"
              >
                <Icon name="close" className="size-3" />
              </button>
            </div>
          ))}
        </div>
        <IconButton icon="trash" label={t("chat.clearFiles")} tone="danger" onClick={onClear} />
      </div>
    </div>
  );
}
