import { formatBytes } from "@contract/media";
import type { BackupsOverview } from "../../api/backups";
import { Button } from "../../components/Button";
import { Icon } from "../../components/Icon";
import { useT } from "../../i18n";
import { formatDateTime } from "../../lib/format";

/** Bytes for people: GB past one gigabyte (disks, big archives), else the shared KB/MB format. */
export const formatSize = (n: number) => (n >= 1024 ** 3 ? `${(n / 1024 ** 3).toFixed(1)} GB` : formatBytes(n));

const box = "flex flex-wrap items-center gap-3 rounded-lg border px-4 py-3 text-sm";

/** The notices above the list: a backup being written (progress bar), a staged restore, the last restore, the disk. */
export function BackupStatus({ data, onCancelRestore }: { data: BackupsOverview; onCancelRestore: () => void }) {
  const t = useT();
  const r = data.running;
  const pct = r && r.bytesTotal > 0 ? Math.min(100, Math.round((r.bytesDone / r.bytesTotal) * 100)) : 0;
  return (
    <div className="flex flex-col gap-3 p-4">
      {r && (
        <div className={`${box} border-brand-200 bg-brand-50 dark:border-brand-500/30 dark:bg-brand-500/10`} data-testid="backup-running">
          <span className="font-medium text-ink">{t("backups.running", { name: r.name })}</span>
          <div
            className="h-2 min-w-40 flex-1 overflow-hidden rounded-full bg-line"
            role="progressbar"
            aria-valuenow={pct}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-label={t("backups.progress")}
          >
            <div className="h-full rounded-full bg-brand-600 transition-all" style={{ width: `${pct}%` }} />
          </div>
          <span className="text-muted tabular-nums">
            {pct}% · {formatSize(r.bytesDone)} / {formatSize(r.bytesTotal)}
          </span>
        </div>
      )}
      {data.pendingRestore && (
        <div className={`${box} border-amber-300 bg-amber-50 dark:border-amber-500/30 dark:bg-amber-500/10`} data-testid="restore-pending">
          <Icon name="alert" className="size-5 text-amber-600" />
          <span className="flex-1 text-ink">{t("backups.pending", { name: data.pendingRestore.name })}</span>
          <Button variant="secondary" size="sm" onClick={onCancelRestore}>
            {t("backups.cancelRestore")}
          </Button>
        </div>
      )}
      {data.lastRestore && (
        <div className={`${box} border-line bg-raised/60`} data-testid="restore-last">
          <Icon name={data.lastRestore.ok ? "checkCircle" : "alert"} className={`size-5 ${data.lastRestore.ok ? "text-brand-600" : "text-red-600"}`} />
          <span className="text-ink">
            {data.lastRestore.ok
              ? t("backups.lastOk", { name: data.lastRestore.name, date: formatDateTime(data.lastRestore.at) })
              : t("backups.lastFailed", { name: data.lastRestore.name, reason: data.lastRestore.message })}
          </span>
        </div>
      )}
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
        <span>
          {data.schedule.enabled
            ? t("backups.scheduleOn", { time: data.schedule.time, count: data.schedule.keep, tz: data.timezone })
            : t("backups.scheduleOff")}
        </span>
        {data.storage && (
          <span className={data.storage.state === "ok" ? "" : "font-medium text-red-600"}>
            {t("backups.disk", { free: formatSize(data.storage.freeBytes), total: formatSize(data.storage.totalBytes) })}
          </span>
        )}
      </p>
    </div>
  );
}
