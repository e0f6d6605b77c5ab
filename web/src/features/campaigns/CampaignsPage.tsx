import { useSignals } from "@preact/signals-react/runtime";
import { useLocation } from "wouter";
import { type Campaign, cancelCampaign, deleteCampaign, listCampaigns, restartCampaign, resumeCampaign, startCampaign } from "../../api/campaigns";
import { CrudPage } from "../../components/CrudPage";
import { ListTable, tdClass } from "../../components/ListPage";
import { useT } from "../../i18n";
import { useCrud } from "../../lib/useCrud";
import { usePagedList } from "../../lib/usePagedList";
import { toast, toastError } from "../../stores/toast";
import { formatDateTime } from "../../lib/format";
import { isMobile } from "../../stores/ui";
import { CampaignModal } from "./CampaignModal";
import { CampaignProgress } from "./CampaignProgress";
import { CampaignRowIcons, CampaignRunActions } from "./CampaignRowActions";
import { CampaignStatusBadge } from "./status";
import { campaignsStore } from "./store";

const fetchPage = (s: string, p: number) => listCampaigns(s, p).then((r) => ({ items: r.records, count: r.count, hasMore: r.hasMore }));

/** /campaigns (R-CMP-13): search, infinite scroll, live progress, start now/stop/restart/report/edit/delete per row. */
export default function CampaignsPage() {
  useSignals();
  const t = useT();
  const list = usePagedList(campaignsStore, fetchPage);
  const crud = useCrud<Campaign>({ area: "campaigns", remove: deleteCampaign, store: campaignsStore, list });
  const campaigns = campaignsStore.items.value;
  const [, go] = useLocation();
  const narrow = isMobile.value;

  /** Cancel, restart or resume, then the list reloads from page 1 (R-CMP-2). */
  const act = (call: (id: number) => Promise<unknown>, done: string) => async (c: Campaign) => {
    try {
      await call(c.id);
      toast("success", t(done));
      list.refresh();
    } catch (err) {
      toastError(err);
    }
  };
  const start = act(startCampaign, "campaigns.started");
  const stop = act(cancelCampaign, "campaigns.cancelled");
  const restart = act(restartCampaign, "campaigns.restarted");
  const resume = act(resumeCampaign, "campaigns.resumed");
  const run = (c: Campaign) => <CampaignRunActions c={c} start={start} stop={stop} resume={resume} restart={restart} />;

  return (
    <CrudPage
      area="campaigns"
      testId="campaigns-scroll"
      icon="send"
      list={list}
      itemCount={campaigns.length}
      crud={crud}
      dialogs={<CampaignModal {...crud.editor} onCreated={() => list.setCount((c) => c + 1)} />}
    >
      <ListTable
        loading={list.loading}
        columns={[
          { label: t("campaigns.name") },
          !narrow && { label: t("campaigns.statusLabel") },
          !narrow && { label: t("campaigns.progress") },
          { label: t("campaigns.contactList"), className: "hidden lg:table-cell" },
          { label: t("campaigns.connection"), className: "hidden lg:table-cell" },
          { label: t("campaigns.scheduledAt"), className: "hidden md:table-cell" },
          { label: t("campaigns.completedAt"), className: "hidden 2xl:table-cell" },
          { label: t("campaigns.confirmation"), className: "hidden 2xl:table-cell" },
          { label: t("common.actions"), className: "text-right" },
        ]}
      >
        {campaigns.map((c) => (
          <tr key={c.id} data-testid="campaign-row" data-id={c.id} className="hover:bg-raised/60">
            <td className={`${tdClass} font-medium text-ink`}>
              {c.name}
              {/* on a phone one cell holds the name, status, progress and run buttons (nothing scrolls sideways) */}
              {narrow && (
                <span className="mt-1.5 flex flex-col items-start gap-2 font-normal">
                  <CampaignStatusBadge campaign={c} />
                  <CampaignProgress c={c} />
                  {run(c)}
                </span>
              )}
            </td>
            {!narrow && (
              <td className={tdClass}>
                <CampaignStatusBadge campaign={c} />
              </td>
            )}
            {!narrow && (
              <td className={tdClass}>
                <CampaignProgress c={c} />
              </td>
            )}
            <td className={`${tdClass} hidden text-muted lg:table-cell`}>{c.contactList?.name ?? t("campaigns.noList")}</td>
            <td className={`${tdClass} hidden text-muted lg:table-cell`}>{c.whatsapp?.name ?? t("campaigns.noConnection")}</td>
            <td className={`${tdClass} hidden whitespace-nowrap text-muted md:table-cell`}>
              {c.scheduledAt ? formatDateTime(c.scheduledAt) : t("campaigns.noSchedule")}
            </td>
            <td className={`${tdClass} hidden whitespace-nowrap text-muted 2xl:table-cell`}>
              {c.completedAt ? formatDateTime(c.completedAt) : t("campaigns.notCompleted")}
            </td>
            <td className={`${tdClass} hidden text-muted 2xl:table-cell`}>{t(c.confirmation ? "campaigns.enabled" : "campaigns.disabled")}</td>
            <td className="border-b border-line px-4 py-2 text-right">
              <span className="inline-flex flex-wrap items-center justify-end gap-1">
                {!narrow && run(c)}
                <CampaignRowIcons c={c} report={(x) => go(`/campaign/${x.id}/report`)} edit={(x) => crud.edit(x.id)} remove={crud.askDelete} />
              </span>
            </td>
          </tr>
        ))}
      </ListTable>
    </CrudPage>
  );
}
