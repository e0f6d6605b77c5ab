import { useRef } from "react";
import { openMedia } from "../api/files";
import { useT } from "../i18n";
import { toastError } from "../stores/toast";
import { Button, IconButton } from "./Button";

/**
 * What the field shows and changes: the stored file (`current`), a file picked and not yet sent
 * (`file`), picking one (`setFile`: kept for the save, or sent at once by a record that is already
 * saved) and removing (`removeMedia`). `useAttachment` is one; a list of rows builds its own per row.
 */
export interface AttachmentState {
  current: { mediaName: string | null; mediaUrl?: string | null } | null;
  file: File | null;
  setFile: (f: File | null) => void;
  removeMedia: () => unknown;
}

interface FieldProps {
  attachment: AttachmentState;
  /** The i18n area of the picker's text (`<area>.attach`) and the remove button's label (`<area>.removeAttachment`). */
  area: string;
  accept?: string;
  testId?: string;
  /** Public media (announcements) open as a plain link; the rest through an authenticated fetch. */
  publicLink?: boolean;
}

/** The kit's attachment field: the picker button, the attachment's name (the stored one opens) and its remove button. */
export function AttachmentField({ attachment: a, area, accept, testId, publicLink }: FieldProps) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const name = a.file?.name ?? a.current?.mediaName ?? null;
  const stored = a.current?.mediaUrl && !a.file ? a.current.mediaUrl : null;
  const link = "truncate text-brand-700 underline dark:text-brand-300";
  return (
    <div className="flex min-w-0 items-center gap-2 text-sm">
      <input
        ref={input}
        type="file"
        accept={accept}
        className="hidden"
        data-testid={testId}
        onChange={(e) => {
          const picked = e.target.files?.[0];
          // emptied so that picking the same file again (after removing it) is seen
          e.target.value = "";
          if (picked) a.setFile(picked);
        }}
      />
      <Button variant="secondary" size="sm" icon="paperclip" onClick={() => input.current?.click()}>
        {t(`${area}.attach`)}
      </Button>
      {name && (
        <>
          {stored && publicLink ? (
            <a href={stored} target="_blank" rel="noopener" className={link}>
              {name}
            </a>
          ) : stored ? (
            <button type="button" className={link} onClick={() => openMedia(stored).catch(toastError)}>
              {name}
            </button>
          ) : (
            <span className="truncate text-muted">{name}</span>
          )}
          <IconButton icon="trash" tone="danger" label={t(`${area}.removeAttachment`)} onClick={a.removeMedia} />
        </>
      )}
    </div>
  );
}
