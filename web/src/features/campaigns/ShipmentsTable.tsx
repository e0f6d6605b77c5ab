import { useEffect, useState } from "react";
import { type CampaignShipping, listShipping } from "../../api/campaigns";
import { Badge } from "../../components/Badge";
import { Button } from "../../components/Button";
import { ListTable } from "../../components/ListPage";
import { hasKey, useT } from "../../i18n";
import { formatDateTime } from "../../lib/format";
import { toastError } from "../../stores/toast";

function State({ s }: { s: CampaignShipping }) {
  const t = useT();
  if (s.deliveredAt) return <Badge tone="brand">{t("campaigns.shipment.delivered")}</Badge>;
  if (s.failedAt)
    return (
      <span className="flex flex-col items-start gap-0.5">
        <Badge tone="danger">{t("campaigns.shipment.failed")}</Badge>
        {s.error && <span className="text-xs text-muted">{hasKey(`errors.${s.error}`) ? t(`errors.${s.error}`) : s.error}</span>}
      </span>
    );
  if (s.skippedAt) return <Badge tone="warning">{t("campaigns.shipment.skipped")}</Badge>;
  if (s.confirmationRequestedAt) return <Badge tone="info">{t("campaigns.shipment.awaiting")}</Badge>;
  return <Badge tone="neutral">{t("campaigns.shipment.pending")}</Badge>;
}

/** The report's shipments, a page at a time; the first page follows the live counters. */
export function ShipmentsTable({ campaignId, version }: { campaignId: number; version: number }) {
  const t = useT();
  const [rows, setRows] = useState<CampaignShipping[]>([]);
  const [pages, setPages] = useState(1);
  const [hasMore, setHasMore] = useState(false);

  useEffect(() => {
    let stop = false;
    Promise.all(Array.from({ length: pages }, (_, i) => listShipping(campaignId, i + 1)))
      .then((all) => {
        if (stop) return;
        setRows(all.flatMap((p) => p.shipping));
        setHasMore(all.at(-1)?.hasMore ?? false);
      })
      .catch(toastError);
    return () => {
      stop = true;
    };
  }, [campaignId, pages, Math.floor(version / 20)]);

  if (!rows.length) return null;
  return (
    <section className="overflow-auto rounded-card border border-line bg-surface shadow-card">
      <ListTable
        rows={rows}
        rowTestId="shipment-row"
        rowClass={() => ""}
        columns={[
          { label: "contactListItems.name", className: "text-ink", cell: (s) => s.name },
          { label: "contactListItems.number", from: "sm", className: "text-muted", cell: (s) => s.number },
          { label: "campaigns.statusLabel", cell: (s) => <State s={s} /> },
          {
            label: "campaigns.when",
            from: "md",
            className: "whitespace-nowrap text-muted",
            cell: (s) => formatDateTime(s.deliveredAt ?? s.failedAt ?? s.skippedAt ?? s.confirmationRequestedAt),
          },
        ]}
      />
      {hasMore && (
        <div className="flex justify-center p-3">
          <Button variant="secondary" onClick={() => setPages((n) => n + 1)}>
            {t("campaigns.moreShipments")}
          </Button>
        </div>
      )}
    </section>
  );
}
