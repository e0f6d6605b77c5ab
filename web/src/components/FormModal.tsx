import type { FormEvent, ReactNode } from "react";
import { useT } from "../i18n";
import { Button } from "./Button";
import { Modal } from "./Modal";
import { PageSpinner } from "./Spinner";

/**
 * The one add/edit dialog: a form (validated by the caller, usually `useEntityForm`) with Cancel and
 * Save in the footer, a spinner while the record loads, and Save busy while it saves. Field errors
 * are the fields' own (`error` prop of the Field components).
 */
export function FormModal({
  open,
  onClose,
  title,
  formId,
  onSubmit,
  busy,
  loading = false,
  size,
  className = "flex flex-col gap-4",
  footerStart,
  saveTestId,
  readOnly = false,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  /** The form's id (the footer's Save button submits it); also a handle for tests. */
  formId: string;
  onSubmit: (e: FormEvent) => void;
  busy: boolean;
  loading?: boolean;
  size?: "sm" | "md" | "lg";
  /** Layout classes of the form element. */
  className?: string;
  /** Something at the start of the footer (e.g. a secondary action). */
  footerStart?: ReactNode;
  saveTestId?: string;
  /** Hides Save (a record that can no longer be changed, e.g. a sent schedule). */
  readOnly?: boolean;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <Modal
      open={open}
      onClose={onClose}
      size={size}
      title={title}
      footerStart={footerStart}
      actions={
        !readOnly && (
          <Button type="submit" form={formId} loading={busy} disabled={loading} data-testid={saveTestId}>
            {t("common.save")}
          </Button>
        )
      }
    >
      {loading ? (
        <PageSpinner />
      ) : (
        <form id={formId} data-testid={formId} onSubmit={onSubmit} noValidate className={className}>
          {children}
        </form>
      )}
    </Modal>
  );
}
