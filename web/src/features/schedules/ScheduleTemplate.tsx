import type { ScheduleTemplate as Choice } from "@contract/dto/schedules";
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect } from "react";
import { Select } from "../../components/Field";
import { useT } from "../../i18n";
import type { FieldErrors } from "../../lib/form";
import { connections, ensureConnections } from "../../stores/connections";
import { TemplateChoiceFields, useTemplates } from "../connections/TemplateChoice";

/**
 * A schedule's message template (companies with a Cloud API connection): sent through that
 * connection instead of the text when the customer's 24-hour window is closed at send time.
 */
export function ScheduleTemplate({
  value,
  onValue,
  errors,
  disabled,
  contactName,
}: {
  value: Choice | null;
  onValue: (v: Choice | null) => void;
  errors: FieldErrors;
  disabled?: boolean;
  contactName?: string;
}) {
  useSignals();
  const t = useT();
  useEffect(ensureConnections, []);
  const clouds = connections.value.filter((w) => w.channel === "cloudapi");
  const connectionId = value?.whatsappId ?? 0;
  const templates = useTemplates(connectionId || null);
  if (!clouds.length) return null;
  return (
    <fieldset disabled={disabled} className="flex flex-col gap-3 rounded-xl border border-line bg-raised/40 p-4" data-testid="schedule-template">
      <legend className="px-1 text-xs font-semibold tracking-wide text-subtle uppercase">{t("schedules.template")}</legend>
      <p className="text-xs text-muted">{t("schedules.templateHint")}</p>
      <Select<number>
        label={t("schedules.templateConnection")}
        value={connectionId}
        options={[{ value: 0, label: t("schedules.noTemplate") }, ...clouds.map((w) => ({ value: w.id, label: w.name }))]}
        onValue={(id) => onValue(id ? { whatsappId: id, name: "", language: "", params: [] } : null)}
      />
      {connectionId > 0 && (
        <TemplateChoiceFields
          templates={templates}
          value={value?.name ? value : null}
          onValue={(c) => onValue(c ? { ...c, whatsappId: connectionId } : { whatsappId: connectionId, name: "", language: "", params: [] })}
          errors={errors}
          contactName={contactName}
        />
      )}
    </fieldset>
  );
}
