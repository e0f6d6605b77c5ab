import * as v from "valibot";
import { ApiError } from "../api/client";

export type FieldErrors = Record<string, string>;

/**
 * Validates form values with a contract schema. Errors map each field to its message, which is an
 * i18n key (validation.*) just like the server's ERR_VALIDATION answer.
 */
export function validate<S extends v.GenericSchema>(schema: S, values: unknown): { ok: true; output: v.InferOutput<S> } | { ok: false; errors: FieldErrors } {
  const res = v.safeParse(schema, values);
  if (res.success) return { ok: true, output: res.output };
  const errors: FieldErrors = {};
  for (const issue of res.issues) {
    const key = v.getDotPath(issue) ?? "_";
    const msg = issue.input === undefined ? "validation.required" : issue.message.startsWith("validation.") ? issue.message : "validation.invalid";
    errors[key] ??= msg;
  }
  return { ok: false, errors };
}

/** The field errors of a failed call: ERR_VALIDATION fields, or a known code pinned to its field. */
export function serverFieldErrors(err: unknown, pins: Record<string, string> = {}): FieldErrors | null {
  if (!(err instanceof ApiError)) return null;
  if (err.code === "ERR_VALIDATION" && Object.keys(err.fields).length) return err.fields;
  const field = pins[err.code];
  return field ? { [field]: `errors.${err.code}` } : null;
}

/**
 * Binds the kit's fields (`FieldProps`) to one form state: `field("name")` is the field's name,
 * value, setter and error, spread into a TextInput, TextArea, Select or Toggle.
 */
export function fieldBinder<F>(form: F, setForm: (change: (f: F) => F) => void, errors: FieldErrors) {
  return <K extends keyof F & string>(key: K) => ({
    name: key,
    value: form[key],
    onValue: (value: F[K]) => setForm((f) => ({ ...f, [key]: value })),
    error: errors[key],
  });
}

/** `fieldBinder`'s answer: what a part of a form (a tab, a group of fields) takes to bind its own fields. */
export type FieldBinder<F> = ReturnType<typeof fieldBinder<F>>;
