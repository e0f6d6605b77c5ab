import { autoText } from "@contract/auto-texts";
import { LIMITS } from "@contract/limits";
import { PROMPT_DEFAULTS, PROMPT_VOICES, PromptBody } from "@contract/schemas/prompts";
import { useState } from "react";
import { type Prompt, promptsApi } from "../../api/prompts";
import { listQueues, type Queue } from "../../api/queues";
import { Select, TextArea, TextInput } from "../../components/Field";
import { FormModal } from "../../components/FormModal";
import { useT } from "../../i18n";
import { recordKind } from "../../lib/recordKind";
import { type EditorProps, useEntityForm } from "../../lib/useEntityForm";
import { promptsStore } from "../../stores/lists";
import { company } from "../../stores/session";

interface Draft {
  name: string;
  prompt: string;
  voice: string;
  voiceKey: string;
  voiceRegion: string;
  model: string;
  maxTokens: string;
  temperature: string;
  apiKey: string;
  queueId: number | "";
  maxMessages: string;
  holdingMessage: string;
}

const EMPTY: Draft = {
  name: "",
  prompt: "",
  voice: PROMPT_DEFAULTS.voice,
  voiceKey: "",
  voiceRegion: "",
  model: PROMPT_DEFAULTS.model,
  maxTokens: String(PROMPT_DEFAULTS.maxTokens),
  temperature: String(PROMPT_DEFAULTS.temperature),
  apiKey: "",
  queueId: "",
  maxMessages: String(PROMPT_DEFAULTS.maxMessages),
  holdingMessage: "",
};

/** Prompt as the kit handles them: the list page and this editor. */
export const PROMPTS = recordKind("prompts", "prompt", promptsApi, promptsStore);

/** Add or edit a prompt (R-INT-11): without a queue the form says "Informe o setor"; keys show masked. */
export function PromptModal(props: EditorProps<Prompt>) {
  const t = useT();
  const [queues, setQueues] = useState<Queue[]>([]);
  const { form, field, modal, editing } = useEntityForm(PROMPTS, props, {
    empty: EMPTY,
    // the queue picker is needed for a new prompt too, so something is always loaded
    load: (x) => Promise.all([listQueues(), x === null ? null : promptsApi.get(x)]),
    fill: ([qs, p]): Draft => {
      setQueues(qs);
      if (!p) return EMPTY;
      return { ...p, maxTokens: String(p.maxTokens), temperature: String(p.temperature), maxMessages: String(p.maxMessages), queueId: p.queueId ?? "" };
    },
    schema: PromptBody,
  });
  const num = (key: "maxTokens" | "temperature" | "maxMessages") => <TextInput label={t(`prompts.${key}`)} inputMode="decimal" {...field(key)} />;

  return (
    <FormModal {...modal} size="lg">
      <TextInput label={t("prompts.name")} autoFocus {...field("name")} />
      <TextInput label={t("prompts.apiKey")} type="password" autoComplete="off" hint={editing ? t("prompts.keyKept") : undefined} {...field("apiKey")} />
      <TextArea label={t("prompts.prompt")} rows={6} {...field("prompt")} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Select label={t("prompts.queue")} options={queues.map((q) => ({ value: q.id as number | "", label: q.name, color: q.color }))} {...field("queueId")} />
        <TextInput label={t("prompts.model")} {...field("model")} />
        <Select
          label={t("prompts.voice")}
          options={PROMPT_VOICES.map((v) => ({ value: v, label: v === "texto" ? t("prompts.voiceText") : v.replace(/^pt-BR-|Neural$/g, "") }))}
          {...field("voice")}
        />
        {num("maxMessages")}
        {form.voice !== "texto" && (
          <>
            <TextInput label={t("prompts.voiceKey")} type="password" autoComplete="off" {...field("voiceKey")} />
            <TextInput label={t("prompts.voiceRegion")} {...field("voiceRegion")} />
          </>
        )}
        {num("maxTokens")}
        {num("temperature")}
      </div>
      <TextArea
        label={t("prompts.holdingMessage")}
        rows={2}
        maxLength={LIMITS.holdingMessageMax}
        placeholder={autoText("aiHolding", company.value?.settings.find((x) => x.key === "language")?.value ?? "pt-BR")}
        hint={t("prompts.holdingHint")}
        {...field("holdingMessage")}
      />
    </FormModal>
  );
}
