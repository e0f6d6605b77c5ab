import type { Campaign } from "../../api/campaigns";
import { Button } from "../../components/Button";
import { useT } from "../../i18n";

type Act = (c: Campaign) => void;

/**
 * What changes a campaign's run (start now, stop, resume, restart): buttons with their words (a bare
 * square read as "stop" to nobody). On a phone they sit under the status, beside on wider screens.
 */
export function CampaignRunActions({ c, start, stop, resume, restart }: { c: Campaign; start: Act; stop: Act; resume: Act; restart: Act }) {
  const t = useT();
  const button = "whitespace-nowrap";
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      {(c.status === "INATIVA" || c.status === "PROGRAMADA") && (
        <Button size="sm" variant="secondary" className={button} icon="play" data-testid="campaign-start" onClick={() => start(c)}>
          {t("campaigns.startNow")}
        </Button>
      )}
      {c.status === "EM_ANDAMENTO" && c.pauseReason === "failures" && (
        <Button size="sm" variant="secondary" className={button} icon="play" onClick={() => resume(c)}>
          {t("campaigns.resume")}
        </Button>
      )}
      {c.status === "EM_ANDAMENTO" && (
        <Button size="sm" variant="secondary" className={button} icon="stop" data-testid="campaign-stop" onClick={() => stop(c)}>
          {t("campaigns.stop")}
        </Button>
      )}
      {c.status === "CANCELADA" && (
        <Button size="sm" variant="secondary" className={button} icon="reload" onClick={() => restart(c)}>
          {t("campaigns.restart")}
        </Button>
      )}
    </span>
  );
}
