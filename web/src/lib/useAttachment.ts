import { useState } from "react";
import { toastError } from "../stores/toast";

/** A record's one attachment on the server (`mediaOf`): upload and remove, both answering the record. */
export interface MediaApi<T> {
  upload: (id: number, file: File) => Promise<T>;
  remove: (id: number) => Promise<T>;
}

/**
 * The one-attachment state of an editor (`useEntityForm` keeps one for a kind with `media`): the
 * record as loaded (`current`), a file picked but not yet uploaded (`file`, sent by `afterSave` once
 * the record is saved), and removal: a picked file is simply dropped, a stored one is deleted on the
 * server at once and the list's store gets the record back without it (`onSaved`).
 */
export function useAttachment<T extends { id: number }>(media: MediaApi<T> | undefined, onSaved: (saved: T) => void) {
  const [current, setCurrent] = useState<T | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const removeMedia = async () => {
    if (file) return setFile(null);
    if (!current || !media) return;
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
  const afterSave = (saved: T) => (file && media ? media.upload(saved.id, file) : null);
  return { current, setCurrent, file, setFile, removeMedia, reset, afterSave };
}
