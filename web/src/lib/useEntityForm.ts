import { useLayoutEffect, useState } from "react";
import type * as v from "valibot";
import type { RecordApi } from "../api/resource";
import { type MediaApi, useAttachment } from "./useAttachment";
import { useSubmit } from "./useSubmit";
import { t } from "../i18n";
import { toastError } from "../stores/toast";
import { fieldBinder, validate } from "./form";

/** The props of every add/edit modal: open, the record's id (null = new), close, and "a record was created". */
export interface EditorProps<T = unknown> {
  open: boolean;
  id: number | null;
  onClose: () => void;
  onCreated?: (saved: T) => void;
}

/** What `save` answers to keep the modal open after saving (a new queue stays open for its options). */
export const STAY_OPEN = "stay-open";

/** What the editor needs of its kind of record (`RecordKind`, or the same fields for a record kept elsewhere). */
export interface EditorKind<T> {
  /** The i18n prefix: `<area>.addTitle`, `<area>.editTitle`, `<area>.saved`. */
  area: string;
  /** The form's id is `<handle>-form` (Save submits it; tests find the form by it). */
  handle: string;
  /** The record's calls: saving creates or updates through them and puts the answer in `store`. */
  api?: RecordApi<T, never>;
  store?: { upsert: (record: T) => void };
  /** The record's one attachment: reset on open, loaded with the record, uploaded after saving (`attachment`). */
  media?: MediaApi<T>;
}

export interface EntityFormOptions<F, S extends v.GenericSchema, L, T> {
  /** Form values of a new record, set again on every open. */
  empty: F;
  /** Contract schema the form is validated with before saving. */
  schema: S;
  /** Turns the fetched data into form values (default: each key of `empty` from the record). */
  fill?: (data: L) => F;
  /** Fetches what the form needs on open (default: the record through `api.get`, nothing for a new one). */
  load?: (id: number | null) => Promise<L> | null;
  /** Resets the modal's other state on every open (before `load`). */
  onOpen?: () => void;
  /** Server error codes pinned to a field (shown under it instead of a toast). */
  pins?: Record<string, string>;
  /** What create/update send (default: the validated values). */
  body?: (output: v.InferOutput<S>, form: F) => unknown;
  /** Work after the record is saved (files picked in the form); answers the record as it ends up, or null. */
  afterSave?: (saved: T, form: F) => Promise<T> | null;
  /** A save of its own instead of `api` + `store`; answers STAY_OPEN to keep the modal open. */
  save?: (output: v.InferOutput<S>, form: F) => Promise<typeof STAY_OPEN | undefined>;
  /** i18n key of the success toast when it is not `<area>.saved`. */
  savedText?: string;
}

/** The default `fill`: the form takes each key of `empty` from the record (the key's empty value where the record has none). */
function pickForm<F, L>(empty: F) {
  return (record: L) => Object.fromEntries(Object.entries(empty as object).map(([k, v]) => [k, (record as Record<string, unknown>)[k] ?? v])) as F;
}

/**
 * The state of an add/edit modal: on open it resets the form and loads the record (a failure
 * toasts and closes); `submit` validates with the contract schema (errors per field), saves while
 * `busy` (through `api`, then the attachment, then `store`), toasts `<area>.saved` and closes;
 * server errors land on their field or in a toast. `field(key)` binds a kit field to a value and
 * `modal` is the FormModal's props.
 */
export function useEntityForm<F, S extends v.GenericSchema, T extends { id: number } = { id: number }, L = T>(
  kind: EditorKind<T>,
  editor: EditorProps<T>,
  o: EntityFormOptions<F, S, L, T>,
) {
  const { open, id, onClose, onCreated } = editor;
  const attachment = useAttachment(kind.media, (saved) => kind.store?.upsert(saved));
  const fill = o.fill ?? pickForm(o.empty);
  const editing = id !== null;
  const [form, setForm] = useState<F>(o.empty);
  const [loading, setLoading] = useState(false);
  const { busy, errors, setErrors, run } = useSubmit(o.pins);

  // Before the opened editor is painted: a reset after it would wipe what a quick hand already typed.
  useLayoutEffect(() => {
    if (!open) return;
    setErrors({});
    setForm(o.empty);
    attachment.reset();
    o.onOpen?.();
    const pending = o.load ? o.load(id) : id === null ? null : (kind.api?.get(id) as Promise<L> | undefined);
    if (!pending) return;
    setLoading(true);
    pending
      .then((data) => {
        if (!o.load) attachment.setCurrent(data as unknown as T);
        setForm(fill(data));
      })
      .catch((err) => {
        toastError(err);
        onClose();
      })
      .finally(() => setLoading(false));
  }, [open, id]);

  /** The default save: create or update, upload the attachment, put the answer in the store. */
  const saveRecord = async (output: v.InferOutput<S>, values: F) => {
    const call = kind.api as RecordApi<T, unknown>;
    const body = o.body ? await o.body(output, values) : output;
    let saved = id === null ? await call.create(body) : await call.update(id, body);
    const upload = o.afterSave ? o.afterSave(saved, values) : attachment.afterSave(saved);
    if (upload) saved = await upload;
    kind.store?.upsert(saved);
    if (id === null) onCreated?.(saved);
    return undefined;
  };

  const submit = async (e: { preventDefault: () => void }) => {
    e.preventDefault();
    const checked = validate(o.schema, form);
    if (!checked.ok) return setErrors(checked.errors);
    let after: typeof STAY_OPEN | undefined;
    const saved = await run(async () => (after = await (o.save ?? saveRecord)(checked.output, form)), { done: o.savedText ?? `${kind.area}.saved` });
    if (saved && after !== STAY_OPEN) onClose();
  };

  // a dialog whose title says more (a sent schedule, a campaign that can only be viewed) passes its own to FormModal
  const title = t(editing ? `${kind.area}.editTitle` : `${kind.area}.addTitle`);
  const modal = { open, onClose, title, formId: `${kind.handle}-form`, onSubmit: submit, busy, loading };
  return { form, setForm, errors, setErrors, loading, busy, submit, editing, modal, attachment, field: fieldBinder(form, setForm, errors) };
}
