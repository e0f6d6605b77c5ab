import { CampaignVariableForm } from "@contract/schemas/campaigns";
import { useState } from "react";
import { Button, IconButton } from "../../components/Button";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { TextInput } from "../../components/Field";
import { Card } from "../../components/Page";
import { useT } from "../../i18n";
import { type FieldErrors, validate } from "../../lib/form";

type Variable = { key: string; value: string };

/** The campaign variables ({shortcut} → content): add with the shared schema, remove with a confirmation. */
export function VariablesSettings({ variables, onChange }: { variables: Variable[]; onChange: (v: Variable[]) => void }) {
  const t = useT();
  const [draft, setDraft] = useState<Variable>({ key: "", value: "" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [removing, setRemoving] = useState<Variable | null>(null);

  const addVariable = (e: { preventDefault: () => void }) => {
    e.preventDefault();
    const checked = validate(CampaignVariableForm, draft);
    if (!checked.ok) return setErrors(checked.errors);
    if (variables.some((v) => v.key.toLowerCase() === checked.output.key.toLowerCase())) {
      return setErrors({ key: "errors.ERR_CAMPAIGN_VARIABLE_EXISTS" });
    }
    setErrors({});
    onChange([...variables, checked.output]);
    setDraft({ key: "", value: "" });
  };

  return (
    <Card title={t("campaignSettings.variables")} hint={t("campaignSettings.variablesHint")}>
      <form onSubmit={addVariable} noValidate className="grid items-start gap-3 sm:grid-cols-[1fr_2fr_auto]" data-testid="variable-form">
        <TextInput label={t("campaignSettings.shortcut")} name="key" value={draft.key} onValue={(key) => setDraft({ ...draft, key })} error={errors.key} />
        <TextInput
          label={t("campaignSettings.content")}
          name="value"
          value={draft.value}
          onValue={(value) => setDraft({ ...draft, value })}
          error={errors.value}
        />
        <Button type="submit" icon="plus" variant="secondary" className="sm:mt-6">
          {t("campaignSettings.addVariable")}
        </Button>
      </form>
      {variables.length === 0 ? (
        <p className="text-sm text-subtle">{t("campaignSettings.noVariables")}</p>
      ) : (
        <ul className="divide-y divide-line rounded-lg border border-line" data-testid="variables">
          {variables.map((v) => (
            <li key={v.key} className="flex items-center gap-3 px-3 py-2 text-sm">
              <code className="rounded bg-raised px-1.5 py-0.5 font-mono text-brand-700 dark:text-brand-300">{`{${v.key}}`}</code>
              <span className="min-w-0 flex-1 truncate text-muted">{v.value}</span>
              <IconButton icon="trash" tone="danger" label={t("common.delete")} onClick={() => setRemoving(v)} />
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={!!removing}
        title={t("campaignSettings.deleteVariable", { key: removing?.key ?? "" })}
        text={t("campaignSettings.deleteVariableText")}
        confirmLabel={t("common.delete")}
        onConfirm={() => {
          if (removing) onChange(variables.filter((v) => v.key !== removing.key));
        }}
        onClose={() => setRemoving(null)}
      />
    </Card>
  );
}
