import { autoText } from "@contract/auto-texts";
import { LIMITS } from "@contract/limits";
import { PROMPT_DEFAULTS, PROMPT_VOICES, PromptBody } from "@contract/schemas/prompts";
import { useState } from "react";
import { createPrompt, getPrompt, type PromptInput, updatePrompt } from "../../api/prompts";
import { listQueues, type Queue } from "../../api/queues";
import { Select, TextArea, TextInput } from "../../components/Field";
import { FormModal } from "../../components/FormModal";
import { useT } from "../../i18n";
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

/** Add or edit a prompt (R-INT-11): without a queue the form says "Informe o setor"; keys show masked. */
export function PromptModal({ open, id, onClose, onCreated }: EditorProps) {
  const t = useT();
  const editing = id !== null;
  const [queues, setQueues] = useState<Queue[]>([]);
  const { form, setForm, errors, loading, busy, submit } = useEntityForm({
    open,
    id,
    empty: EMPTY,
    load: (x) => Promise.all([listQueues(), x === null ? null : getPrompt(x)]),
    fill: ([qs, p]): Draft => {
      setQueues(qs);
      if (!p) return EMPTY;
      return { ...p, maxTokens: String(p.maxTokens), temperature: String(p.temperature), maxMessages: String(p.maxMessages), queueId: p.queueId ?? "" };
    },
    schema: PromptBody,
    save: async (out) => {
      const saved = editing ? await updatePrompt(id, out as PromptInput) : await createPrompt(out as PromptInput);
      promptsStore.upsert(saved);
      if (!editing) onCreated?.();
      return undefined;
    },
    savedText: "prompts.saved",
    onClose,
  });
  const set = (key: keyof Draft) => (value: string) => setForm({ ...form, [key]: value });
  const num = (key: "maxTokens" | "temperature" | "maxMessages") => (
    <TextInput label={t(`prompts.${key}`)} name={key} inputMode="decimal" value={form[key]} onValue={set(key)} error={errors[key]} />
  );

  return (
    <FormModal
      open={open}
      onClose={onClose}
      size="lg"
      title={t(editing ? "prompts.editTitle" : "prompts.addTitle")}
      formId="prompt-form"
      onSubmit={submit}
      busy={busy}
      loading={loading}
    >
      <TextInput label={t("prompts.name")} name="name" autoFocus value={form.name} onValue={set("name")} error={errors.name} />
      <TextInput
        label={t("prompts.apiKey")}
        name="apiKey"
        type="password"
        autoComplete="off"
        value={form.apiKey}
        onValue={set("apiKey")}
        error={errors.apiKey}
        hint={editing ? t("prompts.keyKept") : undefined}
      />
      <TextArea label={t("prompts.prompt")} name="prompt" rows={6} value={form.prompt} onValue={set("prompt")} error={errors.prompt} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          label={t("prompts.queue")}
          value={form.queueId}
          options={queues.map((q) => ({ value: q.id as number | "", label: q.name, color: q.color }))}
          onValue={(queueId) => setForm({ ...form, queueId })}
          error={errors.queueId}
        />
        <TextInput label={t("prompts.model")} name="model" value={form.model} onValue={set("model")} error={errors.model} />
        <Select
          label={t("prompts.voice")}
          value={form.voice}
          options={PROMPT_VOICES.map((v) => ({ value: v, label: v === "texto" ? t("prompts.voiceText") : v.replace(/^pt-BR-|Neural$/g, "") }))}
          onValue={(voice) => setForm({ ...form, voice })}
        />
        {num("maxMessages")}
        {form.voice !== "texto" && (
          <>
            <TextInput
              label={t("prompts.voiceKey")}
              name="voiceKey"
              type="password"
              autoComplete="off"
              value={form.voiceKey}
              onValue={set("voiceKey")}
              error={errors.voiceKey}
            />
            <TextInput label={t("prompts.voiceRegion")} name="voiceRegion" value={form.voiceRegion} onValue={set("voiceRegion")} error={errors.voiceRegion} />
          </>
        )}
        {num("maxTokens")}
        {num("temperature")}
      </div>
      <TextArea
        label={t("prompts.holdingMessage")}
        name="holdingMessage"
        rows={2}
        maxLength={LIMITS.holdingMessageMax}
        value={form.holdingMessage}
        placeholder={autoText("aiHolding", company.value?.settings.find((x) => x.key === "language")?.value ?? "pt-BR")}
        onValue={set("holdingMessage")}
        error={errors.holdingMessage}
        hint={t("prompts.holdingHint")}
      />
    </FormModal>
  );
}
