import { useState } from "react";
import { t } from "../i18n";
import { toast, toastError } from "../stores/toast";
import { type FieldErrors, serverFieldErrors } from "./form";

interface RunOptions {
  /** i18n key of the success toast (none: the caller shows the outcome). */
  done?: string;
  /** Takes a failure the form shows its own way (answer true); the rest is toasted. */
  onError?: (err: unknown) => boolean;
}

/**
 * The one way a form or a button does its work: `busy` while it runs (Save shows a spinner), the
 * server's field errors (ERR_VALIDATION, or a code pinned to a field by `pins`) under their fields
 * (`errors`), any other failure in a toast, and `done`'s toast on success. `run` answers whether it
 * worked. `useEntityForm` saves through it; small dialogs and buttons use it directly.
 */
export function useSubmit(pins?: Record<string, string>) {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const run = async (work: () => Promise<unknown>, o: RunOptions = {}) => {
    setErrors({});
    setBusy(true);
    try {
      await work();
      if (o.done) toast("success", t(o.done));
      return true;
    } catch (err) {
      const fields = serverFieldErrors(err, pins);
      if (fields) setErrors(fields);
      else if (!o.onError?.(err)) toastError(err);
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, errors, setErrors, run };
}
