import { useSignals } from "@preact/signals-react/runtime";
import { useLocation } from "wouter";
import { type Campaign, cancelCampaign, listCampaigns, restartCampaign, resumeCampaign, startCampaign } from "../../api/campaigns";
import { IconButton } from "../../components/Button";
import { CrudPage } from "../../components/CrudPage";
import { useT } from "../../i18n";
import { formatDateTime } from "../../lib/format";
import { useCrudList } from "../../lib/useCrudList";
import { paged } from "../../lib/usePagedList";
import { withToast } from "../../stores/toast";
import { isMobile } from "../../stores/ui";
import { CAMPAIGNS, CampaignModal } from "./CampaignModal";
import { CampaignProgress } from "./CampaignProgress";
import { CampaignRunActions } from "./CampaignRowActions";
import { CampaignStatusBadge } from "./status";

/** /campaigns (R-CMP-13): search, infinite scroll, live progress, start now/stop/restart/report/edit/delete per row. */
export default function CampaignsPage() {
  useSignals();
  const t = useT();
  const { page, list } = useCrudList(CAMPAIGNS, paged(listCampaigns, "records"));
  const [, go] = useLocation();
  const narrow = isMobile.value;

  /** Cancel, restart or resume, then the list reloads from page 1 (R-CMP-2). */
  const act = (call: (id: number) => Promise<unknown>, done: string) => async (c: Campaign) => {
    if (await withToast(() => call(c.id), done)) list.refresh();
  };
  const start = act(startCampaign, "campaigns.started");
  const stop = act(cancelCampaign, "campaigns.cancelled");
  const restart = act(restartCampaign, "campaigns.restarted");
  const resume = act(resumeCampaign, "campaigns.resumed");
  const run = (c: Campaign) => <CampaignRunActions c={c} start={start} stop={stop} resume={resume} restart={restart} />;

  return (
    <CrudPage
      page={page}
      icon="send"
      mayDelete={(c) => c.status !== "EM_ANDAMENTO"}
      rowActions={(c) => (
        <>
          {!narrow && run(c)}
          <IconButton icon="file" label={t("campaigns.report")} onClick={() => go(`/campaign/${c.id}/report`)} />
        </>
      )}
      editor={CampaignModal}
      columns={[
        {
          label: "campaigns.name",
          className: "font-medium text-ink",
          cell: (c) => (
            <>
              {c.name}
              {/* on a phone one cell holds the name, status, progress and run buttons (nothing scrolls sideways) */}
              {narrow && (
                <span className="mt-1.5 flex flex-col items-start gap-2 font-normal">
                  <CampaignStatusBadge campaign={c} />
                  {/* a campaign not started has no progress: its column's dash would stand alone here */}
                  {c.progress.valid > 0 && <CampaignProgress c={c} />}
                  {run(c)}
                </span>
              )}
            </>
          ),
        },
        !narrow && { label: "campaigns.statusLabel", cell: (c) => <CampaignStatusBadge campaign={c} /> },
        !narrow && { label: "campaigns.progress", cell: (c) => <CampaignProgress c={c} /> },
        { label: "campaigns.contactList", from: "lg", className: "text-muted", cell: (c) => c.contactList?.name ?? t("campaigns.noList") },
        { label: "campaigns.connection", from: "lg", className: "text-muted", cell: (c) => c.whatsapp?.name ?? t("campaigns.noConnection") },
        {
          label: "campaigns.scheduledAt",
          from: "md",
          className: "whitespace-nowrap text-muted",
          cell: (c) => (c.scheduledAt ? formatDateTime(c.scheduledAt) : t("campaigns.noSchedule")),
        },
        {
          label: "campaigns.completedAt",
          from: "2xl",
          className: "whitespace-nowrap text-muted",
          cell: (c) => (c.completedAt ? formatDateTime(c.completedAt) : t("campaigns.notCompleted")),
        },
        { label: "campaigns.confirmation", from: "2xl", className: "text-muted", cell: (c) => t(c.confirmation ? "campaigns.enabled" : "campaigns.disabled") },
      ]}
    />
  );
}
