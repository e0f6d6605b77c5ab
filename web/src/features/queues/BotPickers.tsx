import { useEffect, useState } from "react";
import { listIntegrations } from "../../api/integrations";
import { listPrompts } from "../../api/prompts";
import { Select } from "../../components/Field";
import { useT } from "../../i18n";
import { hasFlag } from "../../stores/session";

type Pick = number | "";
interface Named {
  id: number;
  name: string;
}

/** Every page of a short list (at most 5 pages of 20): the pickers offer all of them. */
async function all<T>(page: (n: number) => Promise<{ items: T[]; hasMore: boolean }>): Promise<T[]> {
  const out: T[] = [];
  for (let n = 1; n <= 5; n++) {
    const r = await page(n);
    out.push(...r.items);
    if (!r.hasMore) break;
  }
  return out;
}

/**
 * The integration and the AI prompt that answer a queue's (or a connection's) customers, offered
 * when the plan has them (useIntegrations, useOpenAi). "None" clears the choice.
 */
export function BotPickers({
  integrationId,
  promptId,
  onChange,
}: {
  integrationId: Pick;
  promptId: Pick;
  onChange: (v: { integrationId: Pick; promptId: Pick }) => void;
}) {
  const t = useT();
  const [integrations, setIntegrations] = useState<Named[]>([]);
  const [prompts, setPrompts] = useState<Named[]>([]);
  const useIntegrations = hasFlag("useIntegrations");
  const useOpenAi = hasFlag("useOpenAi");
  useEffect(() => {
    if (useIntegrations)
      all((n) => listIntegrations("", n).then((r) => ({ items: r.queueIntegrations, hasMore: r.hasMore }))).then(setIntegrations, () => setIntegrations([]));
    if (useOpenAi) all((n) => listPrompts("", n).then((r) => ({ items: r.prompts, hasMore: r.hasMore }))).then(setPrompts, () => setPrompts([]));
  }, [useIntegrations, useOpenAi]);
  if (!useIntegrations && !useOpenAi) return null;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {useIntegrations && (
        <Select
          label={t("queues.integration")}
          value={integrationId}
          options={[{ value: "" as Pick, label: t("queues.noIntegration") }, ...integrations.map((i) => ({ value: i.id as Pick, label: i.name }))]}
          onValue={(v) => onChange({ integrationId: v, promptId })}
        />
      )}
      {useOpenAi && (
        <Select
          label={t("queues.prompt")}
          value={promptId}
          options={[{ value: "" as Pick, label: t("queues.noPrompt") }, ...prompts.map((p) => ({ value: p.id as Pick, label: p.name }))]}
          onValue={(v) => onChange({ integrationId, promptId: v })}
        />
      )}
    </div>
  );
}
