import type { CampaignStatus } from "@contract/limits";
import type { Campaign } from "../../api/campaigns";
import { Badge } from "../../components/Badge";
import { useT } from "../../i18n";

const TONE: Record<CampaignStatus, "neutral" | "info" | "brand" | "danger" | "warning"> = {
  INATIVA: "neutral",
  PROGRAMADA: "info",
  EM_ANDAMENTO: "brand",
  CANCELADA: "danger",
  FINALIZADA: "neutral",
};

/** The status badge ('Em Andamento'…) and, while a running campaign waits, why. */
export function CampaignStatusBadge({ campaign }: { campaign: Pick<Campaign, "status" | "pauseReason"> }) {
  const t = useT();
  return (
    <span className="inline-flex flex-col items-start gap-1" data-testid="campaign-status">
      <Badge tone={TONE[campaign.status]}>{t(`campaigns.status.${campaign.status}`)}</Badge>
      {campaign.status === "EM_ANDAMENTO" && campaign.pauseReason && <Badge tone="warning">{t(`campaigns.paused.${campaign.pauseReason}`)}</Badge>}
    </span>
  );
}
