import { useState } from "react";
import { withToast } from "../stores/toast";

/**
 * The work of a button: `busy` while it runs (the button shows a spinner), its outcome told by a
 * toast (`withToast`: `done` is the success text's i18n key); `run` answers whether it worked.
 */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      return await withToast(work, done);
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
