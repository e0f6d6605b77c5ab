import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";
import { useState } from "react";
import { useT } from "../i18n";
import { Button } from "./Button";
import { Icon } from "./Icon";

/** Asks before a destructive action; the confirm button shows a spinner while onConfirm runs. */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  text: string;
  confirmLabel?: string;
  onConfirm: () => Promise<void> | void;
  onClose: () => void;
}) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50" role="alertdialog">
      <DialogBackdrop transition className="fixed inset-0 bg-slate-950/40 transition-opacity duration-150 data-[closed]:opacity-0" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel
          transition
          className="w-full max-w-sm rounded-2xl border border-line bg-surface p-6 shadow-pop transition duration-150 data-[closed]:scale-95 data-[closed]:opacity-0"
        >
          <div className="mb-4 flex size-11 items-center justify-center rounded-full bg-red-50 text-red-600 dark:bg-red-500/10 dark:text-red-400">
            <Icon name="alert" className="size-5" />
          </div>
          <DialogTitle className="text-base font-semibold text-ink">{title}</DialogTitle>
          <p className="mt-2 text-sm text-muted">{text}</p>
          <div className="mt-6 flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button variant="danger" loading={busy} onClick={confirm}>
              {confirmLabel ?? t("common.confirm")}
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
