import type { Campaign } from "../../api/campaigns";
import { useT } from "../../i18n";

/** A campaign's progress on its list row: delivered of total, a bar, and failed and skipped counts (live). */
export function CampaignProgress({ c }: { c: Campaign }) {
  const t = useT();
  const p = c.progress;
  if (!p.valid) return <span className="text-subtle">—</span>;
  const pct = Math.round(((p.delivered + p.failed + p.skipped) / p.valid) * 100);
  return (
    <span className="flex min-w-32 flex-col gap-1" data-testid="campaign-progress">
      <span className="text-sm whitespace-nowrap text-ink" data-testid="campaign-delivered">
        {t("campaigns.progressOf", { delivered: p.delivered, valid: p.valid })}
      </span>
      <span
        className="h-1.5 overflow-hidden rounded-full bg-raised"
        role="progressbar"
        aria-label={t("campaigns.progressOf", { delivered: p.delivered, valid: p.valid })}
        aria-valuenow={pct}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <span className="block h-full rounded-full bg-brand-600 transition-[width] duration-500" style={{ width: `${pct}%` }} />
      </span>
      {(p.failed > 0 || p.skipped > 0) && (
        <span className="text-xs whitespace-nowrap text-muted">
          {p.failed > 0 && <span className="text-red-600 dark:text-red-400">{t("campaigns.failedCount", { count: p.failed })}</span>}
          {p.failed > 0 && p.skipped > 0 && " · "}
          {p.skipped > 0 && <span data-testid="campaign-skipped">{t("campaigns.skippedCount", { count: p.skipped })}</span>}
        </span>
      )}
    </span>
  );
}
