import { useSignals } from "@preact/signals-react/runtime";
import { useLocation } from "wouter";
import { type Campaign, cancelCampaign, deleteCampaign, listCampaigns, restartCampaign, resumeCampaign } from "../../api/campaigns";
import { IconButton } from "../../components/Button";
import { CrudPage } from "../../components/CrudPage";
import { ListTable, tdClass } from "../../components/ListPage";
import { useT } from "../../i18n";
import { useCrud } from "../../lib/useCrud";
import { usePagedList } from "../../lib/usePagedList";
import { toast, toastError } from "../../stores/toast";
import { formatInZone } from "../../lib/zone";
import { CampaignModal } from "./CampaignModal";
import { CampaignStatusBadge } from "./status";
import { campaignsStore } from "./store";

const fetchPage = (s: string, p: number) => listCampaigns(s, p).then((r) => ({ items: r.records, count: r.count, hasMore: r.hasMore }));

/** /campaigns (R-CMP-13): search, infinite scroll, stop/restart/report/edit/delete per row. */
export default function CampaignsPage() {
  useSignals();
  const t = useT();
  const list = usePagedList(campaignsStore, fetchPage);
  const crud = useCrud<Campaign>({ area: "campaigns", remove: deleteCampaign, store: campaignsStore, list });
  const campaigns = campaignsStore.items.value;
  const [, go] = useLocation();

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
  const stop = act(cancelCampaign, "campaigns.cancelled");
  const restart = act(restartCampaign, "campaigns.restarted");
  const resume = act(resumeCampaign, "campaigns.resumed");

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
          { label: t("campaigns.statusLabel") },
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
            <td className={`${tdClass} font-medium text-ink`}>{c.name}</td>
            <td className={tdClass}>
              <CampaignStatusBadge campaign={c} />
            </td>
            <td className={`${tdClass} hidden text-muted lg:table-cell`}>{c.contactList?.name ?? t("campaigns.noList")}</td>
            <td className={`${tdClass} hidden text-muted lg:table-cell`}>{c.whatsapp?.name ?? t("campaigns.noConnection")}</td>
            <td className={`${tdClass} hidden whitespace-nowrap text-muted md:table-cell`}>
              {c.scheduledAt ? formatInZone(c.scheduledAt) : t("campaigns.noSchedule")}
            </td>
            <td className={`${tdClass} hidden whitespace-nowrap text-muted 2xl:table-cell`}>
              {c.completedAt ? formatInZone(c.completedAt) : t("campaigns.notCompleted")}
            </td>
            <td className={`${tdClass} hidden text-muted 2xl:table-cell`}>{t(c.confirmation ? "campaigns.enabled" : "campaigns.disabled")}</td>
            <td className="border-b border-line px-4 py-2 text-right whitespace-nowrap">
              {c.status === "EM_ANDAMENTO" && <IconButton icon="stop" label={t("campaigns.stop")} tone="danger" onClick={() => stop(c)} />}
              {c.status === "EM_ANDAMENTO" && c.pauseReason === "failures" && (
                <IconButton icon="play" label={t("campaigns.resume")} onClick={() => resume(c)} />
              )}
              {c.status === "CANCELADA" && <IconButton icon="reload" label={t("campaigns.restart")} onClick={() => restart(c)} />}
              <IconButton icon="file" label={t("campaigns.report")} onClick={() => go(`/campaign/${c.id}/report`)} />
              <IconButton icon="edit" label={t("common.edit")} onClick={() => crud.edit(c.id)} />
              {c.status !== "EM_ANDAMENTO" && <IconButton icon="trash" label={t("common.delete")} tone="danger" onClick={() => crud.askDelete(c)} />}
            </td>
          </tr>
        ))}
      </ListTable>
    </CrudPage>
  );
}
