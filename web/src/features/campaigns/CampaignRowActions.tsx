import type { Campaign } from "../../api/campaigns";
import { Button, IconButton } from "../../components/Button";
import { useT } from "../../i18n";

type Act = (c: Campaign) => void;

/**
 * A campaign row's actions. What changes the run (start now, stop, resume, restart) is a button with
 * its words (a bare square read as "stop" to nobody); report, edit and delete keep their icons, with
 * a tooltip and an accessible name.
 */
export function CampaignRowActions({
  c,
  start,
  stop,
  resume,
  restart,
  report,
  edit,
  remove,
}: {
  c: Campaign;
  start: Act;
  stop: Act;
  resume: Act;
  restart: Act;
  report: Act;
  edit: Act;
  remove: Act;
}) {
  const t = useT();
  const startable = c.status === "INATIVA" || c.status === "PROGRAMADA";
  return (
    <span className="inline-flex flex-wrap items-center justify-end gap-1">
      {startable && (
        <Button size="sm" variant="secondary" icon="play" data-testid="campaign-start" onClick={() => start(c)}>
          {t("campaigns.startNow")}
        </Button>
      )}
      {c.status === "EM_ANDAMENTO" && c.pauseReason === "failures" && (
        <Button size="sm" variant="secondary" icon="play" onClick={() => resume(c)}>
          {t("campaigns.resume")}
        </Button>
      )}
      {c.status === "EM_ANDAMENTO" && (
        <Button size="sm" variant="secondary" icon="stop" data-testid="campaign-stop" onClick={() => stop(c)}>
          {t("campaigns.stop")}
        </Button>
      )}
      {c.status === "CANCELADA" && (
        <Button size="sm" variant="secondary" icon="reload" onClick={() => restart(c)}>
          {t("campaigns.restart")}
        </Button>
      )}
      <IconButton icon="file" label={t("campaigns.report")} onClick={() => report(c)} />
      <IconButton icon="edit" label={t("common.edit")} onClick={() => edit(c)} />
      {c.status !== "EM_ANDAMENTO" && <IconButton icon="trash" label={t("common.delete")} tone="danger" onClick={() => remove(c)} />}
    </span>
  );
}
