import { HISTORY_DAYS_OPTIONS } from "@contract/media";
import type { ReactNode } from "react";
import type { ConnectionChannel } from "../../api/connections";
import type { Queue } from "../../api/queues";
import { MultiSelect, Select, TextArea, TextInput, Toggle } from "../../components/Field";
import { useT } from "../../i18n";
import { BotPickers } from "../queues/BotPickers";
import { type CloudApiDraft, CloudApiFields, EMPTY_CLOUD } from "./CloudApiFields";
import type { FieldBinder, FieldErrors } from "../../lib/form";

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

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-3 text-xs font-semibold uppercase tracking-wide text-subtle">{title}</legend>
      {children}
    </fieldset>
  );
}

const NUMBERS = ["timeSendQueue", "maxUseBotQueues", "timeUseBotQueues", "expiresTicket"] as const;
const MESSAGES = [
  ["complationMessage", "completion"],
  ["outOfHoursMessage", "outOfHours"],
  ["ratingMessage", "rating"],
  ["expiresInactiveMessage", "expiresInactiveMessage"],
] as const;

/** Every connection field (R-CONN-1): data, queues, messages, chatbot limits. */
export function ConnectionFields({
  form,
  onForm,
  field,
  errors,
  queues,
  editing,
}: {
  form: ConnectionDraft;
  onForm: (f: ConnectionDraft) => void;
  field: FieldBinder<ConnectionDraft>;
  errors: FieldErrors;
  queues: Queue[];
  editing: boolean;
}) {
  const t = useT();
  const queueOptions = queues.map((q) => ({ value: q.id, label: q.name, color: q.color }));
  // A Cloud API connection keeps its kind (its number and webhook are its own): it is chosen only when adding one.
  const kinds: ConnectionChannel[] = !editing ? ["baileys", "cloudapi", "sandbox"] : form.channel === "cloudapi" ? ["cloudapi"] : ["baileys", "sandbox"];
  const kindOptions = kinds.map((k) => ({ value: k, label: t(`connections.kind.${k}`) }));
  return (
    <div className="flex max-h-[65vh] flex-col gap-6 overflow-y-auto pr-1">
      <div className="grid gap-4 sm:grid-cols-[1fr_14rem]">
        <TextInput label={t("connections.modal.name")} autoFocus {...field("name")} />
        <Select label={t("connections.kind.label")} options={kindOptions} {...field("channel")} />
      </div>
      {form.channel === "cloudapi" && <CloudApiFields value={form.cloudApi} onValue={(cloudApi) => onForm({ ...form, cloudApi })} errors={errors} />}
      <Toggle label={t("connections.modal.isDefault")} {...field("isDefault")} />
      <MultiSelect label={t("connections.modal.queues")} options={queueOptions} {...field("queueIds")} />
      {form.channel === "baileys" && (
        <Select
          label={t("connections.modal.historyDays")}
          hint={t("connections.modal.historyHint")}
          options={HISTORY_DAYS_OPTIONS.map((d) => ({
            value: d,
            label: d ? t("connections.modal.historyDaysN", { count: d }) : t("connections.modal.historyOff"),
          }))}
          {...field("historyDays")}
        />
      )}
      <Section title={t("connections.modal.messages")}>
        <TextArea label={t("connections.modal.greeting")} rows={2} hint={t("connections.modal.greetingHint")} {...field("greetingMessage")} />
        <div className="grid gap-4 sm:grid-cols-2">
          {MESSAGES.map(([key, label]) => (
            <TextArea key={key} label={t(`connections.modal.${label}`)} rows={2} {...field(key)} />
          ))}
        </div>
      </Section>
      <Section title={t("connections.modal.bot")}>
        <div className="grid gap-4 sm:grid-cols-2">
          <Select
            label={t("connections.modal.sendIdQueue")}
            options={[{ value: 0, label: t("connections.modal.none") }, ...queueOptions]}
            {...field("sendIdQueue")}
          />
          {NUMBERS.map((key) => (
            <TextInput key={key} label={t(`connections.modal.${key}`)} inputMode="numeric" {...field(key)} />
          ))}
        </div>
        <BotPickers integrationId={form.integrationId} promptId={form.promptId} onChange={(v) => onForm({ ...form, ...v })} />
        <TextInput
          label={t("connections.modal.token")}
          autoComplete="off"
          hint={editing ? `${t("connections.modal.tokenHelp")} ${t("connections.modal.tokenHint")}` : t("connections.modal.tokenHelp")}
          {...field("token")}
        />
      </Section>
    </div>
  );
}
