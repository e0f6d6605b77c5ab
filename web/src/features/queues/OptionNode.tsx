import { useRef } from "react";
import { openMedia } from "../../api/files";
import type { QueueOption } from "../../api/queues";
import { IconButton } from "../../components/Button";
import { useT } from "../../i18n";
import { toastError } from "../../stores/toast";

/** One option line: ordinal, title, message preview, attachment, and its actions. */
export function OptionNode({
  option,
  editable,
  onEdit,
  onAddChild,
  onDelete,
  onUpload,
  onRemoveMedia,
}: {
  option: QueueOption;
  editable: boolean;
  onEdit: () => void;
  onAddChild: () => void;
  onDelete: () => void;
  onUpload: (f: File) => void;
  onRemoveMedia: () => void;
}) {
  const t = useT();
  const file = useRef<HTMLInputElement>(null);
  return (
    <div data-testid="option-node" className="group flex items-start gap-2 rounded-lg px-2 py-1.5 hover:bg-raised/60">
      <span className="mt-0.5 inline-flex min-w-7 justify-center rounded-md bg-brand-100 px-1.5 py-0.5 font-mono text-xs font-semibold text-brand-800 dark:bg-brand-500/15 dark:text-brand-200">
        {option.option}
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-ink">{option.title}</p>
        {option.message && <p className="truncate text-xs text-muted">{option.message}</p>}
        {option.mediaName && (
          <button
            type="button"
            className="mt-0.5 text-xs text-brand-700 underline dark:text-brand-300"
            onClick={() => openMedia(option.mediaUrl!).catch(toastError)}
          >
            {option.mediaName}
          </button>
        )}
      </div>
      {editable && (
        <div className="flex shrink-0">
          <input ref={file} type="file" className="hidden" onChange={(e) => e.target.files?.[0] && onUpload(e.target.files[0])} />
          <IconButton icon="plus" label={t("queues.optionAddChild")} onClick={onAddChild} />
          <IconButton icon="paperclip" label={t("queues.attach")} onClick={() => file.current?.click()} />
          {option.mediaName && <IconButton icon="close" label={t("queues.removeAttachment")} onClick={onRemoveMedia} />}
          <IconButton icon="edit" label={t("common.edit")} onClick={onEdit} />
          <IconButton icon="trash" tone="danger" label={t("common.delete")} onClick={onDelete} />
        </div>
      )}
    </div>
  );
}
