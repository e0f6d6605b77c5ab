import { HISTORY_DAYS_OPTIONS } from "@contract/media";
import type { ReactNode } from "react";
import type { ConnectionChannel } from "../../api/connections";
import type { Queue } from "../../api/queues";
import { MultiSelect, Select, TextInput } from "../../components/Field";
import { useT } from "../../i18n";
import { BotPickers } from "../queues/BotPickers";
import { type CloudApiDraft, CloudApiFields, EMPTY_CLOUD } from "./CloudApiFields";
import type { FieldErrors } from "../../lib/form";

/** The connection form's values as typed (numbers as text). */
export interface ConnectionDraft {
  name: string;
  channel: ConnectionChannel;
  isDefault: boolean;
  queueIds: number[];
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  token: string;
  promptId: number | "";
  integrationId: number | "";
  sendIdQueue: number;
  timeSendQueue: string;
  maxUseBotQueues: string;
  timeUseBotQueues: string;
  expiresTicket: string;
  expiresInactiveMessage: string;
  /** Recent history imported when the number is linked (days; 0 = off). */
  historyDays: number;
  /** Channel "cloudapi": Meta's credentials. */
  cloudApi: CloudApiDraft;
}

export const EMPTY_DRAFT: ConnectionDraft = {
  name: "",
  channel: "baileys",
  isDefault: false,
  queueIds: [],
  greetingMessage: "",
  complationMessage: "",
  outOfHoursMessage: "",
  ratingMessage: "",
  token: "",
  promptId: "",
  integrationId: "",
  sendIdQueue: 0,
  timeSendQueue: "0",
  maxUseBotQueues: "3",
  timeUseBotQueues: "0",
  expiresTicket: "0",
  expiresInactiveMessage: "",
  historyDays: 0,
  cloudApi: EMPTY_CLOUD,
};

const area =
  "block min-h-16 w-full rounded-lg border border-line bg-surface px-3 py-2 text-sm font-normal text-ink shadow-sm focus:border-brand-500 focus:ring-4 focus:ring-brand-500/15 focus:outline-none";

function Area({
  label,
  name,
  value,
  onValue,
  error,
  hint,
}: {
  label: string;
  name: string;
  value: string;
  onValue: (v: string) => void;
  error?: string;
  hint?: string;
}) {
  const t = useT();
  return (
    <label className="flex flex-col gap-1.5 text-sm font-medium text-ink">
      {label}
      <textarea name={name} value={value} onChange={(e) => onValue(e.target.value)} className={area} />
      {error ? <span className="text-xs font-medium text-red-600">{t(error)}</span> : hint && <span className="text-xs font-normal text-muted">{hint}</span>}
    </label>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-3 text-xs font-semibold uppercase tracking-wide text-subtle">{title}</legend>
      {children}
    </fieldset>
  );
}

/** Every connection field (R-CONN-1): data, queues, messages, chatbot limits. */
export function ConnectionFields({
  form,
  onForm,
  errors,
  queues,
  editing,
}: {
  form: ConnectionDraft;
  onForm: (f: ConnectionDraft) => void;
  errors: FieldErrors;
  queues: Queue[];
  editing: boolean;
}) {
  const t = useT();
  const set =
    <K extends keyof ConnectionDraft>(key: K) =>
    (value: ConnectionDraft[K]) =>
      onForm({ ...form, [key]: value });
  const queueOptions = queues.map((q) => ({ value: q.id, label: q.name, color: q.color }));
  // A Cloud API connection keeps its kind (its number and webhook are its own): it is chosen only when adding one.
  const kinds: ConnectionChannel[] = !editing ? ["baileys", "cloudapi", "sandbox"] : form.channel === "cloudapi" ? ["cloudapi"] : ["baileys", "sandbox"];
  const kindOptions = kinds.map((k) => ({ value: k, label: t(`connections.kind.${k}`) }));
  const num = (key: "timeSendQueue" | "maxUseBotQueues" | "timeUseBotQueues" | "expiresTicket", label: string) => (
    <TextInput label={label} name={key} inputMode="numeric" value={form[key]} onValue={set(key)} error={errors[key]} />
  );
  return (
    <div className="flex max-h-[65vh] flex-col gap-6 overflow-y-auto pr-1">
      <div className="grid gap-4 sm:grid-cols-[1fr_14rem]">
        <TextInput label={t("connections.modal.name")} name="name" autoFocus value={form.name} onValue={set("name")} error={errors.name} />
        <Select<ConnectionChannel>
          label={t("connections.kind.label")}
          value={form.channel}
          onValue={set("channel")}
          error={errors.channel}
          options={kindOptions}
        />
      </div>
      {form.channel === "cloudapi" && <CloudApiFields value={form.cloudApi} onValue={set("cloudApi")} errors={errors} />}
      <label className="flex items-center gap-2 text-sm font-medium text-ink">
        <input
          type="checkbox"
          name="isDefault"
          checked={form.isDefault}
          onChange={(e) => set("isDefault")(e.target.checked)}
          className="size-4 accent-brand-600"
        />
        {t("connections.modal.isDefault")}
      </label>
      <MultiSelect<number> label={t("connections.modal.queues")} value={form.queueIds} options={queueOptions} onValue={set("queueIds")} />
      {form.channel === "baileys" && (
        <div>
          <Select<number>
            label={t("connections.modal.historyDays")}
            value={form.historyDays}
            onValue={set("historyDays")}
            error={errors.historyDays}
            options={HISTORY_DAYS_OPTIONS.map((d) => ({
              value: d,
              label: d ? t("connections.modal.historyDaysN", { count: d }) : t("connections.modal.historyOff"),
            }))}
          />
          <p className="mt-1 text-xs text-subtle">{t("connections.modal.historyHint")}</p>
        </div>
      )}
      <Section title={t("connections.modal.messages")}>
        <Area
          label={t("connections.modal.greeting")}
          name="greetingMessage"
          value={form.greetingMessage}
          onValue={set("greetingMessage")}
          error={errors.greetingMessage}
          hint={t("connections.modal.greetingHint")}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Area label={t("connections.modal.completion")} name="complationMessage" value={form.complationMessage} onValue={set("complationMessage")} />
          <Area label={t("connections.modal.outOfHours")} name="outOfHoursMessage" value={form.outOfHoursMessage} onValue={set("outOfHoursMessage")} />
          <Area label={t("connections.modal.rating")} name="ratingMessage" value={form.ratingMessage} onValue={set("ratingMessage")} />
          <Area
            label={t("connections.modal.expiresInactiveMessage")}
            name="expiresInactiveMessage"
            value={form.expiresInactiveMessage}
            onValue={set("expiresInactiveMessage")}
          />
        </div>
      </Section>
      <Section title={t("connections.modal.bot")}>
        <div className="grid gap-4 sm:grid-cols-2">
          <Select<number>
            label={t("connections.modal.sendIdQueue")}
            value={form.sendIdQueue}
            onValue={set("sendIdQueue")}
            options={[{ value: 0, label: t("connections.modal.none") }, ...queueOptions]}
          />
          {num("timeSendQueue", t("connections.modal.timeSendQueue"))}
          {num("maxUseBotQueues", t("connections.modal.maxUseBotQueues"))}
          {num("timeUseBotQueues", t("connections.modal.timeUseBotQueues"))}
          {num("expiresTicket", t("connections.modal.expiresTicket"))}
        </div>
        <BotPickers integrationId={form.integrationId} promptId={form.promptId} onChange={(v) => onForm({ ...form, ...v })} />
        <TextInput
          label={t("connections.modal.token")}
          name="token"
          value={form.token}
          onValue={set("token")}
          error={errors.token}
          hint={editing ? `${t("connections.modal.tokenHelp")} ${t("connections.modal.tokenHint")}` : t("connections.modal.tokenHelp")}
          autoComplete="off"
        />
      </Section>
    </div>
  );
}
