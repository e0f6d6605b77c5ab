import { useEffect, useState } from "react";
import { type BackupsOverview, backupLink, cancelRestore, createBackup, deleteBackup, getBackups } from "../../api/backups";
import { Badge } from "../../components/Badge";
import { Button, IconButton } from "../../components/Button";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { EmptyState } from "../../components/EmptyState";
import { Icon } from "../../components/Icon";
import { ListPage, ListTable } from "../../components/ListPage";
import { useT } from "../../i18n";
import { formatDateTime } from "../../lib/format";
import { toast, toastError } from "../../stores/toast";
import { BackupStatus, formatSize } from "./BackupStatus";
import { RestoreModal, ScheduleModal } from "./BackupModals";

const KIND_TONE = { manual: "brand", scheduled: "info", "pre-migration": "warning" } as const;

/** /backups (super users): list, create now with progress, download, delete, schedule, staged restore. */
export default function BackupsPage() {
  const t = useT();
  const [data, setData] = useState<BackupsOverview | null>(null);
  const [scheduleOpen, setScheduleOpen] = useState(false);
  const [restoring, setRestoring] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const load = () => getBackups().then(setData, toastError);
  useEffect(() => void load(), []);
  // While a backup is written, follow its progress.
  useEffect(() => {
    if (!data?.running) return;
    const timer = setInterval(load, 1000);
    return () => clearInterval(timer);
  }, [data?.running?.name]);

  const start = () => createBackup().then(setData, toastError);
  const download = async (name: string) => {
    try {
      const { url } = await backupLink(name);
      location.assign(url);
    } catch (err) {
      toastError(err);
    }
  };
  const backups = data?.backups ?? [];
  // On PostgreSQL the database is backed up by PostgreSQL's tools: no archive to create, schedule or restore here.
  const onPostgres = data?.engine === "pg";
  return (
    <ListPage
      title={t("backups.title")}
      count={t("backups.total", { count: data?.count ?? 0 })}
      loading={!data}
      itemCount={backups.length}
      testId="backups-scroll"
      actions={
        onPostgres ? undefined : (
          <>
            <Button variant="secondary" icon="clock" onClick={() => setScheduleOpen(true)} className="w-full sm:w-auto" disabled={!data}>
              {t("backups.schedule")}
            </Button>
            <Button icon="plus" onClick={start} disabled={!data || !!data.running} className="w-full sm:w-auto" data-testid="backup-create">
              {t("backups.create")}
            </Button>
          </>
        )
      }
    >
      {onPostgres && (
        <div className="p-4">
          <p className="flex items-start gap-3 rounded-lg border border-line bg-raised/60 px-4 py-3 text-sm text-ink" data-testid="backups-postgres">
            <Icon name="info" className="mt-0.5 size-5 shrink-0 text-brand-600" />
            <span>
              {t("backups.postgres")}
              {backups.length > 0 && ` ${t("backups.postgresOld")}`}
            </span>
          </p>
        </div>
      )}
      {data && !onPostgres && <BackupStatus data={data} onCancelRestore={() => cancelRestore().then(load, toastError)} />}
      {data && !onPostgres && backups.length === 0 && !data.running && <EmptyState icon="download" title={t("backups.empty")} hint={t("backups.emptyHint")} />}
      {backups.length > 0 && (
        <ListTable
          rows={backups}
          rowKey={(b) => b.name}
          rowTestId="backup-row"
          columns={[
            {
              label: "backups.date",
              cell: (b) => (
                <>
                  <span className="font-medium whitespace-nowrap text-ink">{formatDateTime(b.createdAt)}</span>
                  <span className="mt-0.5 block font-mono text-[11px] break-all text-subtle" data-testid="backup-name">
                    {b.name}
                  </span>
                </>
              ),
            },
            { label: "backups.kind", from: "sm", cell: (b) => <Badge tone={KIND_TONE[b.kind]}>{t(`backups.kinds.${b.kind}`)}</Badge> },
            { label: "backups.size", from: "sm", className: "text-muted tabular-nums", cell: (b) => formatSize(b.size) },
            {
              label: "common.actions",
              head: "text-right",
              className: "whitespace-nowrap text-right",
              cell: (b) => (
                <>
                  <IconButton icon="download" label={t("backups.download")} onClick={() => download(b.name)} />
                  {!onPostgres && <IconButton icon="undo" label={t("backups.restore")} onClick={() => setRestoring(b.name)} />}
                  <IconButton icon="trash" tone="danger" label={t("common.delete")} onClick={() => setDeleting(b.name)} />
                </>
              ),
            },
          ]}
        />
      )}
      {data && <ScheduleModal open={scheduleOpen} schedule={data.schedule} onClose={() => setScheduleOpen(false)} onSaved={load} />}
      <RestoreModal name={restoring} onClose={() => setRestoring(null)} onStaged={load} />
      <ConfirmDialog
        open={deleting !== null}
        title={t("backups.deleteTitle")}
        text={t("backups.deleteText", { name: deleting ?? "" })}
        onConfirm={async () => {
          try {
            await deleteBackup(deleting as string);
            toast("success", t("backups.deleted"));
          } catch (err) {
            toastError(err);
          }
          await load();
        }}
        onClose={() => setDeleting(null)}
      />
    </ListPage>
  );
}
