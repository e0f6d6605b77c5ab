import { type FormEvent, useEffect, useState } from "react";
import { type BackupSchedule, saveSchedule, stageRestore } from "../../api/backups";
import { ApiError } from "../../api/client";
import { Button } from "../../components/Button";
import { FormModal } from "../../components/FormModal";
import { TextInput, Toggle } from "../../components/Field";
import { Modal } from "../../components/Modal";
import { useT } from "../../i18n";
import { toast, toastError } from "../../stores/toast";

/** The daily backup's time and how many are kept. */
export function ScheduleModal({ open, schedule, onClose, onSaved }: { open: boolean; schedule: BackupSchedule; onClose: () => void; onSaved: () => void }) {
  const t = useT();
  const [form, setForm] = useState(schedule);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (open) {
      setForm(schedule);
      setErrors({});
    }
  }, [open]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await saveSchedule({ ...form, keep: Number(form.keep) });
      toast("success", t("backups.scheduleSaved"));
      onSaved();
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.data.fields) setErrors(err.data.fields as Record<string, string>);
      else toastError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormModal open={open} onClose={onClose} title={t("backups.schedule")} formId="backup-schedule" onSubmit={submit} busy={busy} size="sm">
      <Toggle label={t("backups.daily")} value={form.enabled} onValue={(enabled) => setForm({ ...form, enabled })} />
      <TextInput label={t("backups.time")} type="time" value={form.time} error={errors.time} onValue={(time) => setForm({ ...form, time })} required />
      <TextInput
        label={t("backups.keep")}
        hint={t("backups.keepHint")}
        type="number"
        min={1}
        max={365}
        value={String(form.keep)}
        error={errors.keep}
        onValue={(v) => setForm({ ...form, keep: Number(v) })}
        required
      />
    </FormModal>
  );
}

/** Restoring replaces everything: the backup's name is typed again, then the restore waits for the next start. */
export function RestoreModal({ name, onClose, onStaged }: { name: string | null; onClose: () => void; onStaged: () => void }) {
  const t = useT();
  const [typed, setTyped] = useState("");
  const [busy, setBusy] = useState(false);
  useEffect(() => setTyped(""), [name]);
  const confirm = async () => {
    if (!name) return;
    setBusy(true);
    try {
      await stageRestore(name, typed);
      toast("success", t("backups.staged"));
      onStaged();
      onClose();
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={name !== null}
      onClose={onClose}
      title={t("backups.restoreTitle")}
      actions={
        <Button variant="danger" onClick={confirm} loading={busy} disabled={typed.trim() !== name} data-testid="restore-confirm">
          {t("backups.restore")}
        </Button>
      }
    >
      <div className="flex flex-col gap-4 text-sm text-muted">
        <p>{t("backups.restoreText")}</p>
        <p className="rounded-lg bg-raised px-3 py-2 font-mono text-xs break-all text-ink select-all">{name}</p>
        <TextInput label={t("backups.typeName")} value={typed} onValue={setTyped} autoComplete="off" data-testid="restore-typed" />
      </div>
    </Modal>
  );
}
