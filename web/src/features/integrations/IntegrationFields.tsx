import { DIALOGFLOW_LANGUAGES, type IntegrationType } from "@contract/schemas/integrations";
import { Select, TextArea, TextInput } from "../../components/Field";
import { useT } from "../../i18n";
import type { FieldBinder } from "../../lib/form";

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
export function IntegrationFields({ type, field }: { type: IntegrationType; field: FieldBinder<IntegrationDraft> }) {
  const t = useT();
  const input = (key: Exclude<keyof IntegrationDraft, "type" | "language">, extra: { inputMode?: "numeric"; placeholder?: string } = {}) => (
    <TextInput label={t(`integrations.${key}`)} {...field(key)} {...extra} />
  );
  if (type === "dialogflow") {
    return (
      <>
        {input("projectName")}
        <TextArea label={t("integrations.jsonContent")} rows={6} hint={t("integrations.jsonHint")} {...field("jsonContent")} />
        <Select
          label={t("integrations.language")}
          options={DIALOGFLOW_LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
          {...field("language")}
        />
      </>
    );
  }
  if (type !== "typebot") return input("urlN8N", { placeholder: "https://n8n.example.com/webhook/…" });
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        {input("urlN8N", { placeholder: "https://typebot.example.com" })}
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
