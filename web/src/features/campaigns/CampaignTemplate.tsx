import { useSignals } from "@preact/signals-react/runtime";
import { useEffect } from "react";
import type { CampaignInput } from "../../api/campaigns";
import { useT } from "../../i18n";
import type { FieldErrors } from "../../lib/form";
import { connections, ensureConnections } from "../../stores/connections";
import { TemplateChoiceFields, useTemplates } from "../connections/TemplateChoice";

/**
 * On a Cloud API connection: the message template of the campaign. Contacts outside their 24-hour
 * window (most of a list) get it; those who wrote within 24 hours get the texts below.
 */
export function CampaignTemplate({ form, set, errors }: { form: CampaignInput; set: (k: keyof CampaignInput, v: unknown) => void; errors: FieldErrors }) {
  useSignals();
  const t = useT();
  useEffect(ensureConnections, []);
  const cloud = connections.value.find((w) => w.id === form.whatsappId)?.channel === "cloudapi";
  const templates = useTemplates(cloud ? form.whatsappId : null);
  // A template belongs to its Cloud API connection: another connection drops it.
  useEffect(() => {
    if (!cloud && form.template && connections.peek().length) set("template", null);
  }, [cloud]);
  if (!cloud) return null;
  return (
    <fieldset className="flex flex-col gap-3 rounded-xl border border-line bg-raised/40 p-4" data-testid="campaign-template">
      <legend className="px-1 text-xs font-semibold tracking-wide text-subtle uppercase">{t("campaigns.template")}</legend>
      <p className="text-xs text-muted">{t("campaigns.templateHint")}</p>
      <TemplateChoiceFields templates={templates} value={form.template} onValue={(v) => set("template", v)} errors={errors} extraFillers={["{nome}"]} />
    </fieldset>
  );
}
