import { LIMITS } from "@contract/limits";
import { useSignals } from "@preact/signals-react/runtime";
import { type ReactNode, useEffect, useRef } from "react";
import { Link, useParams } from "wouter";
import { campaignsApi } from "../../api/campaigns";
import { Button } from "../../components/Button";
import { Icon, type IconName } from "../../components/Icon";
import { BlockSpinner } from "../../components/Spinner";
import { Card, Page } from "../../components/Page";
import { useT } from "../../i18n";
import { formatDateTime } from "../../lib/format";
import { onSocketReady } from "../../realtime/socket";
import { toastError } from "../../stores/toast";
import { ShipmentsTable } from "./ShipmentsTable";
import { CampaignStatusBadge } from "./status";
import { reportCampaign } from "./store";

function StatCard({ icon, label, value, testId }: { icon: IconName; label: string; value: ReactNode; testId?: string }) {
  return (
    <div className="flex items-center gap-3 rounded-card border border-line bg-surface p-4 shadow-card" data-testid={testId}>
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-500/10 dark:text-brand-300">
        <Icon name={icon} className="size-5" />
      </span>
      <div className="min-w-0">
        <p className="text-xs font-medium uppercase tracking-wide text-muted">{label}</p>
        <p className="truncate text-lg font-semibold text-ink">{value}</p>
      </div>
    </div>
  );
}

/** /campaign/:campaignId/report (R-CMP-13): progress, cards, live; reloads 5 s after FINALIZADA. */
export default function CampaignReportPage() {
  useSignals();
  const t = useT();
  const id = Number(useParams<{ campaignId: string }>().campaignId);
  const c = reportCampaign.value?.id === id ? reportCampaign.value : null;
  const status = c?.status;
  const seen = useRef<string | undefined>(undefined);

  useEffect(() => {
    const load = () => campaignsApi.get(id).then((r) => (reportCampaign.value = r), toastError);
    load();
    const off = onSocketReady(() => void load());
    return () => {
      off();
      reportCampaign.value = null;
    };
  }, [id]);

  // a live update showing FINALIZADA reloads the report 5 s later (R-CMP-13)
  useEffect(() => {
    const before = seen.current;
    seen.current = status;
    if (status !== "FINALIZADA" || !before || before === "FINALIZADA") return;
    const timer = setTimeout(() => campaignsApi.get(id).then((r) => (reportCampaign.value = r), toastError), LIMITS.campaignReportReloadMs);
    return () => clearTimeout(timer);
  }, [status, id]);

  if (!c) return <BlockSpinner />;
  const p = c.progress;
  const pct = p.valid ? Math.round((p.delivered / p.valid) * 100) : 0;

  return (
    <Page
      title={t("campaigns.reportTitle", { name: c.name })}
      testId="campaign-report"
      actions={
        <Link href="/campaigns">
          <Button variant="secondary" icon="chevronLeft">
            {t("common.back")}
          </Button>
        </Link>
      }
    >
      <Card className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div>
            <p className="text-sm font-medium text-ink" data-testid="report-status">
              {t("campaigns.deliveredOf", { delivered: p.delivered, count: p.valid })}
            </p>
            {p.failed > 0 && (
              <p className="text-sm text-red-600 dark:text-red-400" data-testid="report-failed">
                {t("campaigns.failedOf", { failed: p.failed })}
              </p>
            )}
          </div>
          <CampaignStatusBadge campaign={c} />
        </div>
        <div className="h-3 overflow-hidden rounded-full bg-raised" role="progressbar" aria-valuenow={pct} aria-valuemin={0} aria-valuemax={100}>
          <div className="h-full rounded-full bg-brand-600 transition-[width] duration-500" style={{ width: `${pct}%` }} />
        </div>
      </Card>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <StatCard icon="users" label={t("campaigns.validContacts")} value={p.valid} testId="card-valid" />
        <StatCard icon="checkDouble" label={t("campaigns.delivered")} value={p.delivered} testId="card-delivered" />
        {p.failed > 0 && <StatCard icon="alert" label={t("campaigns.failed")} value={p.failed} testId="card-failed" />}
        {p.skipped > 0 && <StatCard icon="eyeOff" label={t("campaigns.skipped")} value={p.skipped} testId="card-skipped" />}
        {c.confirmation && (
          <>
            <StatCard icon="send" label={t("campaigns.confirmationRequested")} value={p.confirmationRequested} />
            <StatCard icon="checkCircle" label={t("campaigns.confirmationReceived")} value={p.confirmed} />
          </>
        )}
        <StatCard icon="globe" label={t("campaigns.connection")} value={c.whatsapp?.name ?? t("campaigns.noConnection")} />
        <StatCard icon="contact" label={t("campaigns.contactList")} value={c.contactList?.name ?? t("campaigns.noList")} />
        <StatCard icon="calendar" label={t("campaigns.scheduledAt")} value={c.scheduledAt ? formatDateTime(c.scheduledAt) : t("campaigns.noSchedule")} />
        <StatCard icon="clock" label={t("campaigns.completedAt")} value={c.completedAt ? formatDateTime(c.completedAt) : t("campaigns.notCompleted")} />
      </div>
      <ShipmentsTable campaignId={c.id} version={p.delivered + p.failed + p.skipped + p.confirmationRequested} />
    </Page>
  );
}
