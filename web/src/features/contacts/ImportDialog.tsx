import { useRef, useState } from "react";
import type { ContactImportMatchDto } from "@contract/dto/contacts";
import { type ImportReport, importContacts } from "../../api/contacts";
import { Button } from "../../components/Button";
import { Modal } from "../../components/Modal";
import { hasKey, useT } from "../../i18n";
import { useSubmit } from "../../lib/useSubmit";

const ACCEPT = ".xls,.xlsx,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** One matched row in words: what it changed on the existing contact, or that it changed nothing. */
/** What the dialog shows: the counts and rejects of any import; matched rows where the import reports them. */
type DialogReport = Pick<ImportReport, "created" | "updated" | "rejected"> & Partial<Pick<ImportReport, "unchanged" | "matched">>;

function matchLine(t: (k: string, p?: Record<string, unknown>) => string, m: ContactImportMatchDto) {
  const parts = [
    m.changes.name && t("contacts.importChangedName", { from: m.changes.name[0], to: m.changes.name[1] }),
    m.changes.email && t("contacts.importChangedEmail", { from: m.changes.email[0] || "—", to: m.changes.email[1] }),
  ].filter(Boolean);
  const what = parts.length ? parts.join("; ") : t("contacts.importUnchanged", { name: m.name });
  return t("contacts.importMatchRow", { row: m.row, number: m.number, what });
}

/**
 * Import from .xls/.xlsx: pick a file, send it, show created/updated/rejected with row numbers.
 * Contacts by default; contact lists pass their own `upload` and texts (`area`.importTitle, .importHint).
 */
export function ImportDialog({
  open,
  onClose,
  onImported,
  upload = importContacts,
  area = "contacts",
}: {
  open: boolean;
  onClose: () => void;
  onImported: () => void;
  upload?: (file: File) => Promise<DialogReport>;
  area?: string;
}) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<DialogReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useSubmit();

  const close = () => {
    setFile(null);
    setReport(null);
    setError(null);
    onClose();
  };

  const pick = (f: File | null) => {
    setReport(null);
    setError(null);
    if (f && !/\.xlsx?$/i.test(f.name)) {
      setFile(null);
      setError(t("errors.ERR_IMPORT_FILE_TYPE"));
      return;
    }
    setFile(f);
  };

  /** A refusal the dialog can word (a bad sheet, too many rows) shows in it; anything else is toasted. */
  const known = (err: unknown) => {
    const code = (err as { code?: string }).code;
    if (!code || !hasKey(`errors.${code}`)) return false;
    setError(t(`errors.${code}`));
    return true;
  };
  const send = async () => {
    if (!file) return;
    await run(
      async () => {
        setReport(await upload(file));
        onImported();
      },
      { onError: known },
    );
  };

  return (
    <Modal
      open={open}
      onClose={close}
      title={t(`${area}.importTitle`)}
      footer={report && <Button onClick={close}>{t("common.close")}</Button>}
      actions={
        <Button icon="upload" loading={busy} disabled={!file} onClick={send}>
          {t("contacts.importSend")}
        </Button>
      }
    >
      <div className="flex flex-col gap-4 text-sm">
        <p className="text-muted">{t(`${area}.importHint`)}</p>
        <input ref={input} type="file" accept={ACCEPT} className="hidden" data-testid="import-file" onChange={(e) => pick(e.target.files?.[0] ?? null)} />
        <Button variant="secondary" icon="paperclip" className="self-start" onClick={() => input.current?.click()}>
          {file ? file.name : t("contacts.importPick")}
        </Button>
        {error && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 font-medium text-red-700 dark:bg-red-500/10 dark:text-red-300">
            {error}
          </p>
        )}
        {report && (
          <div data-testid="import-report" className="flex flex-col gap-2 rounded-lg border border-line bg-raised/50 p-3">
            <p className="font-medium text-ink">
              {t("contacts.importResult", {
                created: t("contacts.importCreated", { count: report.created }),
                updated: t("contacts.importUpdated", { count: report.updated }),
                rejected: t("contacts.importRejected", { count: report.rejected.length }),
              })}
            </p>
            {report.matched && report.matched.length > 0 && (
              <>
                <p className="text-ink">{t("contacts.importMatched", { count: report.updated + (report.unchanged ?? 0) })}</p>
                <ul className="max-h-40 list-disc overflow-auto pl-5 text-muted" data-testid="import-matched">
                  {report.matched.map((m) => (
                    <li key={m.row}>{matchLine(t, m)}</li>
                  ))}
                </ul>
              </>
            )}
            {report.rejected.length > 0 && (
              <ul className="max-h-40 list-disc overflow-auto pl-5 text-muted">
                {report.rejected.map((r) => (
                  <li key={r.row}>{t("contacts.importRow", { row: r.row, reason: t(`errors.${r.reason}`) })}</li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
    </Modal>
  );
}
