import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";
import type { ReactNode } from "react";
import { useT } from "../i18n";
import { Button, IconButton } from "./Button";

/**
 * A centred dialog (a bottom sheet on a phone) with title, close button, body and an optional footer.
 * A long body scrolls between a fixed header and footer; a sheet stops 6rem short of the top, where
 * the phone's toasts show, so none covers its close button. The usual footer is `actions`: Cancel
 * (it closes) followed by the dialog's own buttons; `footer` replaces it with anything else.
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  actions,
  cancelLabel,
  footerStart,
  footer,
  size = "md",
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** The footer's buttons after Cancel (none: Cancel alone). */
  actions?: ReactNode;
  /** Cancel's words where "Fechar" says it better (nothing is lost). */
  cancelLabel?: string;
  /** A button at the footer's start (a secondary action). */
  footerStart?: ReactNode;
  footer?: ReactNode;
  size?: "sm" | "md" | "lg";
}) {
  const t = useT();
  const width = size === "sm" ? "max-w-sm" : size === "lg" ? "max-w-2xl" : "max-w-lg";
  const bar =
    footer ??
    (actions !== undefined && (
      <>
        {footerStart && <div className="mr-auto">{footerStart}</div>}
        <Button variant="secondary" onClick={onClose}>
          {cancelLabel ?? t("common.cancel")}
        </Button>
        {actions}
      </>
    ));
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop transition className="fixed inset-0 bg-slate-950/40 backdrop-blur-[2px] transition-opacity duration-150 data-[closed]:opacity-0" />
      <div className="fixed inset-0 flex items-end justify-center overflow-y-auto p-0 sm:items-center sm:p-4">
        <DialogPanel
          transition
          className={`flex max-h-[calc(100dvh-6rem)] w-full ${width} flex-col rounded-t-2xl border border-line bg-surface shadow-pop transition duration-150 data-[closed]:translate-y-2 data-[closed]:opacity-0 sm:max-h-[calc(100dvh-2rem)] sm:rounded-2xl`}
        >
          <div className="flex shrink-0 items-center justify-between gap-4 border-b border-line px-5 py-4">
            <DialogTitle className="text-base font-semibold text-ink">{title}</DialogTitle>
            <IconButton icon="close" label={t("common.close")} onClick={onClose} className="-mr-2" />
          </div>
          <div className="min-h-0 overflow-y-auto px-5 py-5">{children}</div>
          {bar && <div className="flex shrink-0 justify-end gap-2 border-t border-line bg-raised/50 px-5 py-3.5 sm:rounded-b-2xl">{bar}</div>}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
