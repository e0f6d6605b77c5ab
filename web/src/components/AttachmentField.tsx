import { useRef, useState } from "react";
import { openMedia } from "../api/files";
import { useT } from "../i18n";
import { toastError } from "../stores/toast";
import { Button, IconButton } from "./Button";

/** A record that may carry one stored attachment. */
interface WithMedia {
  id: number;
  mediaName: string | null;
  /** Absent where the attachment is not served back (campaigns): its name shows as text. */
  mediaUrl?: string | null;
}

/**
 * The one-attachment state of an editor: the record as loaded (`current`), a file picked but not yet
 * uploaded (`file`, sent by `afterSave` once the record is saved), and removal: a picked file is
 * simply dropped, a stored one is deleted on the server at once and the list's store gets the record
 * back without it (`onSaved`). `useEntityForm({ attachment })` calls `reset`, `setCurrent` and `afterSave`.
 */
export function useAttachment<T extends WithMedia>(
  media: { upload: (id: number, file: File) => Promise<T>; remove: (id: number) => Promise<T> },
  onSaved: (saved: T) => void,
) {
  const [current, setCurrent] = useState<T | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const removeMedia = async () => {
    if (file) return setFile(null);
    if (!current) return;
    try {
      const saved = await media.remove(current.id);
      setCurrent(saved);
      onSaved(saved);
    } catch (err) {
      toastError(err);
    }
  };
  /** Back to nothing loaded and nothing picked (the editor opens). */
  const reset = () => {
    setCurrent(null);
    setFile(null);
  };
  /** Uploads the picked file to the saved record (null when none was picked). */
  const afterSave = (saved: T) => (file ? media.upload(saved.id, file) : null);
  return { current, setCurrent, file, setFile, removeMedia, reset, afterSave };
}

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
