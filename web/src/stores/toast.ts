import { signal } from "@preact/signals-react";
import { hasKey, t } from "../i18n";
import { LIMITS } from "@contract/limits";

export type ToastKind = "success" | "error" | "warning" | "info";
export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
  /** A button beside the text (e.g. "Reload" on the new-version toast). */
  action?: { label: string; run: () => void };
}

/** Toasts on screen, newest last. */
export const toasts = signal<Toast[]>([]);
let nextId = 1;

/** The toast container closes ordinary toasts after 3000 ms (R-UI-8). */
const DEFAULT_MS = 3000;

const timers = new Map<number, ReturnType<typeof setTimeout>>();

/**
 * Shows a toast with already-translated text; error toasts last 2 s (R-UI-8). The same text of
 * the same kind already on screen is not stacked again: it stays, for the full time from now.
 */
export function toast(kind: ToastKind, text: string, ms = kind === "error" ? LIMITS.errorToastMs : DEFAULT_MS, action?: Toast["action"]) {
  const same = toasts.peek().find((x) => x.kind === kind && x.text === text);
  const id = same?.id ?? nextId++;
  if (!same) toasts.value = [...toasts.peek(), { id, kind, text, action }];
  clearTimeout(timers.get(id));
  // 0: stays until the user closes it or acts on it
  if (ms > 0)
    timers.set(
      id,
      setTimeout(() => dismissToast(id), ms),
    );
  return id;
}

export function dismissToast(id: number) {
  clearTimeout(timers.get(id));
  timers.delete(id);
  toasts.value = toasts.peek().filter((x) => x.id !== id);
}

/**
 * The shared error handler of R-UI-8: a code with a translation shows its text, else the raw
 * code or message; a plain string as is; anything else "An error occurred!".
 */
export function toastError(err: unknown) {
  const e = err as { code?: unknown; message?: unknown } | string | null | undefined;
  if (typeof e === "string" && e) return toast("error", e);
  const code = e && typeof e === "object" && typeof e.code === "string" ? e.code : null;
  // The answer's fields ({ limit }, { dueDate }…) fill the message's {{params}}.
  const params = e && typeof e === "object" && "data" in e && e.data && typeof e.data === "object" ? (e.data as Record<string, unknown>) : undefined;
  if (code) return toast("error", hasKey(`errors.${code}`) ? t(`errors.${code}`, params) : code);
  if (e && typeof e === "object" && typeof e.message === "string" && e.message) return toast("error", e.message);
  return toast("error", t("errors.generic"));
}

/** Runs an action and tells how it went: the success toast `done` (an i18n key), or the error's. True when it worked. */
export async function withToast(run: () => Promise<unknown>, done: string): Promise<boolean> {
  try {
    await run();
    toast("success", t(done));
    return true;
  } catch (err) {
    toastError(err);
    return false;
  }
}
