import { useSignals } from "@preact/signals-react/runtime";
import { useT } from "../i18n";
import { dismissToast, type ToastKind, toasts } from "../stores/toast";
import { Icon, type IconName } from "./Icon";

const STYLE: Record<ToastKind, { icon: IconName; accent: string }> = {
  success: { icon: "checkCircle", accent: "text-brand-600 dark:text-brand-400" },
  error: { icon: "alert", accent: "text-red-600 dark:text-red-400" },
  warning: { icon: "alert", accent: "text-amber-600 dark:text-amber-400" },
  info: { icon: "info", accent: "text-sky-600 dark:text-sky-400" },
};

/**
 * The stack of toasts (stores/toast.ts), placed where they cover no action: on a desktop at the bottom
 * left, under the menu and the ticket list (page actions and dialog close buttons are at the top and
 * right; the message input starts right of the list); on a phone over the top bar, above the dialogs,
 * whose sheets stop 6rem below the top (Modal). Kept headless-free: it ships in the first load.
 */
export function ToastContainer() {
  useSignals();
  const t = useT();
  return (
    <div
      aria-live="polite"
      data-testid="toasts"
      className="pointer-events-none fixed inset-x-0 top-2 z-[60] flex flex-col items-center gap-2 px-3 sm:inset-x-auto sm:top-auto sm:bottom-4 sm:left-4 sm:w-[22rem] sm:flex-col-reverse sm:items-stretch sm:px-0"
    >
      {toasts.value.map((item) => (
        <div
          key={item.id}
          role={item.kind === "error" ? "alert" : "status"}
          data-kind={item.kind}
          data-testid="toast"
          className="pointer-events-auto flex w-full max-w-md animate-toast-in items-start gap-3 rounded-xl border border-line bg-surface px-4 py-2.5 text-sm text-ink shadow-pop"
        >
          <Icon name={STYLE[item.kind].icon} className={`mt-0.5 size-5 shrink-0 ${STYLE[item.kind].accent}`} />
          <p className="flex-1 leading-relaxed">{item.text}</p>
          {item.action && (
            <button
              type="button"
              onClick={() => {
                dismissToast(item.id);
                item.action?.run();
              }}
              className="shrink-0 rounded-md px-2 py-0.5 font-semibold text-brand-700 hover:bg-brand-50 dark:text-brand-300 dark:hover:bg-brand-500/10"
              data-testid="toast-action"
            >
              {item.action.label}
            </button>
          )}
          <button type="button" onClick={() => dismissToast(item.id)} aria-label={t("common.close")} className="text-subtle hover:text-ink">
            <Icon name="close" className="size-4" />
          </button>
        </div>
      ))}
    </div>
  );
}
