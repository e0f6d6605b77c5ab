import { DIALOGFLOW_LANGUAGES, type IntegrationType } from "@contract/schemas/integrations";
import { Select, TextArea, TextInput } from "../../components/Field";
import { useT } from "../../i18n";
import type { FieldErrors } from "../../lib/form";

/** The dialog's values (numbers as typed). */
export interface IntegrationDraft {
  type: IntegrationType;
  name: string;
  projectName: string;
  jsonContent: string;
  language: (typeof DIALOGFLOW_LANGUAGES)[number];
  urlN8N: string;
  typebotSlug: string;
  typebotExpires: string;
  typebotKeywordFinish: string;
  typebotKeywordRestart: string;
  typebotRestartMessage: string;
  typebotUnknownMessage: string;
  typebotDelayMessage: string;
}

/** Defaults of R-INT-4 (Typebot delay 1000 ms, expires 1 minute; Dialogflow pt-BR). */
export const EMPTY_INTEGRATION: IntegrationDraft = {
  type: "typebot",
  name: "",
  projectName: "",
  jsonContent: "",
  language: "pt-BR",
  urlN8N: "",
  typebotSlug: "",
  typebotExpires: "1",
  typebotKeywordFinish: "",
  typebotKeywordRestart: "",
  typebotRestartMessage: "",
  typebotUnknownMessage: "",
  typebotDelayMessage: "1000",
};

/** The fields that depend on the type (R-INT-4). */
export function IntegrationFields({ form, onForm, errors }: { form: IntegrationDraft; onForm: (f: IntegrationDraft) => void; errors: FieldErrors }) {
  const t = useT();
  const set = (key: keyof IntegrationDraft) => (value: string) => onForm({ ...form, [key]: value });
  const input = (key: keyof IntegrationDraft, extra: { inputMode?: "numeric"; placeholder?: string } = {}) => (
    <TextInput label={t(`integrations.${key}`)} name={key} value={String(form[key])} onValue={set(key)} error={errors[key]} {...extra} />
  );
  if (form.type === "dialogflow") {
    return (
      <>
        {input("projectName")}
        <TextArea
          label={t("integrations.jsonContent")}
          name="jsonContent"
          rows={6}
          value={form.jsonContent}
          onValue={set("jsonContent")}
          error={errors.jsonContent}
          hint={t("integrations.jsonHint")}
        />
        <Select
          label={t("integrations.language")}
          value={form.language}
          options={DIALOGFLOW_LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
          onValue={(language) => onForm({ ...form, language })}
        />
      </>
    );
  }
  if (form.type !== "typebot") return input("urlN8N", { placeholder: "https://n8n.exemplo.com/webhook/…" });
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        {input("urlN8N", { placeholder: "https://typebot.exemplo.com" })}
        {input("typebotSlug")}
        {input("typebotExpires", { inputMode: "numeric" })}
        {input("typebotDelayMessage", { inputMode: "numeric" })}
        {input("typebotKeywordFinish")}
        {input("typebotKeywordRestart")}
      </div>
      {input("typebotRestartMessage")}
      {input("typebotUnknownMessage")}
    </>
  );
}
