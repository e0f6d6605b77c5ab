import { useEffect, useState } from "react";
import type * as v from "valibot";
import { t } from "../i18n";
import { toast, toastError } from "../stores/toast";
import { type FieldErrors, serverFieldErrors, validate } from "./form";

/** The props of every add/edit modal: open, the record's id (null = new), close, and "a record was created". */
export interface EditorProps {
  open: boolean;
  id: number | null;
  onClose: () => void;
  onCreated?: () => void;
}

/** What `save` answers to keep the modal open after saving (a new queue stays open for its options). */
export const STAY_OPEN = "stay-open";

export interface EntityFormOptions<F, S extends v.GenericSchema, L> {
  open: boolean;
  /** The record being edited; null = new. */
  id: number | null;
  /** Form values of a new record, set again on every open. */
  empty: F;
  /** Resets the modal's other state on every open (before `load`). */
  onOpen?: () => void;
  /** Fetches what the form needs on open; null when there is nothing to fetch (usually a new record). */
  load: (id: number | null) => Promise<L> | null;
  /** Turns the fetched data into form values (and may set the modal's other state). */
  fill: (data: L) => F;
  /** Contract schema the form is validated with before saving. */
  schema: S;
  /** Server error codes pinned to a field (shown under it instead of a toast). */
  pins?: Record<string, string>;
  /** Creates or updates and updates the stores; answers STAY_OPEN to keep the modal open. */
  save: (output: v.InferOutput<S>, form: F) => Promise<typeof STAY_OPEN | undefined>;
  /** i18n key of the success toast. */
  savedText: string;
  onClose: () => void;
}

/**
 * The state of an add/edit modal: on open it resets the form and loads the record (a failure
 * toasts and closes); `submit` validates with the contract schema (errors per field), saves while
 * `busy`, then toasts and closes; server errors land on their field or in a toast.
 */
export function useEntityForm<F, S extends v.GenericSchema, L>(o: EntityFormOptions<F, S, L>) {
  const [form, setForm] = useState<F>(o.empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [loading, setLoading] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!o.open) return;
    setErrors({});
    setForm(o.empty);
    o.onOpen?.();
    const pending = o.load(o.id);
    if (!pending) return;
    setLoading(true);
    pending
      .then((data) => setForm(o.fill(data)))
      .catch((err) => {
        toastError(err);
        o.onClose();
      })
      .finally(() => setLoading(false));
  }, [o.open, o.id]);

  const submit = async (e: { preventDefault: () => void }) => {
    e.preventDefault();
    const checked = validate(o.schema, form);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    setBusy(true);
    try {
      const after = await o.save(checked.output, form);
      toast("success", t(o.savedText));
      if (after !== STAY_OPEN) o.onClose();
    } catch (err) {
      const fields = serverFieldErrors(err, o.pins);
      if (fields) setErrors(fields);
      else toastError(err);
    } finally {
      setBusy(false);
    }
  };

  return { form, setForm, errors, loading, busy, submit };
}
