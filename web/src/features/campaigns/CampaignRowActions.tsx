import type { Campaign } from "../../api/campaigns";
import { Button, IconButton } from "../../components/Button";
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

/** Report, edit and delete: familiar icons, each with a tooltip and an accessible name. */
export function CampaignRowIcons({ c, report, edit, remove }: { c: Campaign; report: Act; edit: Act; remove: Act }) {
  const t = useT();
  return (
    <span className="inline-flex items-center justify-end">
      <IconButton icon="file" label={t("campaigns.report")} onClick={() => report(c)} />
      <IconButton icon="edit" label={t("common.edit")} onClick={() => edit(c)} />
      {c.status !== "EM_ANDAMENTO" && <IconButton icon="trash" label={t("common.delete")} tone="danger" onClick={() => remove(c)} />}
    </span>
  );
}
