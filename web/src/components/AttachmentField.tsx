import { useRef, useState } from "react";
import { openMedia } from "../api/files";
import { toastError } from "../stores/toast";
import { Button, IconButton } from "./Button";

/** A record that may carry one stored attachment. */
interface WithMedia {
  id: number;
  mediaName: string | null;
  mediaUrl: string | null;
}

/**
 * The one-attachment state of an editor: the record as loaded (`current`), a file picked but not yet
 * uploaded (`file`), and removal: a picked file is simply dropped, a stored one is deleted on the
 * server at once (`remove`) and the list's store gets the record back without it (`onSaved`).
 */
export function useAttachment<T extends WithMedia>(remove: (id: number) => Promise<T>, onSaved: (saved: T) => void) {
  const [current, setCurrent] = useState<T | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const removeMedia = async () => {
    if (file) return setFile(null);
    if (!current) return;
    try {
      const saved = await remove(current.id);
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
  return { current, setCurrent, file, setFile, removeMedia, reset };
}

interface FieldProps {
  attachment: { current: WithMedia | null; file: File | null; setFile: (f: File | null) => void; removeMedia: () => unknown };
  /** The picker button's text and the remove button's label. */
  attachLabel: string;
  removeLabel: string;
  accept?: string;
  testId?: string;
  /** Public media (announcements) open as a plain link; the rest through an authenticated fetch. */
  publicLink?: boolean;
}

/** The picker button, the attachment's name (the stored one opens) and its remove button. */
export function AttachmentField({ attachment: a, attachLabel, removeLabel, accept, testId, publicLink }: FieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const name = a.file?.name ?? a.current?.mediaName ?? null;
  const stored = a.current?.mediaUrl && !a.file ? a.current.mediaUrl : null;
  const link = "truncate text-brand-700 underline dark:text-brand-300";
  return (
    <div className="flex min-w-0 items-center gap-2 text-sm">
      <input ref={input} type="file" accept={accept} className="hidden" data-testid={testId} onChange={(e) => a.setFile(e.target.files?.[0] ?? null)} />
      <Button variant="secondary" size="sm" icon="paperclip" onClick={() => input.current?.click()}>
        {attachLabel}
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
          <IconButton icon="trash" tone="danger" label={removeLabel} onClick={a.removeMedia} />
        </>
      )}
    </div>
  );
}
