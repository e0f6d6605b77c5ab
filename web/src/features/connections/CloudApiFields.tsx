import type { CloudApiDto } from "@contract/dto/connections";
import { useState } from "react";
import { IconButton } from "../../components/Button";
import { TextInput } from "../../components/Field";
import { Modal } from "../../components/Modal";
import { useT } from "../../i18n";
import type { FieldErrors } from "../../lib/form";
import { toast } from "../../stores/toast";

/** The Cloud API credentials as typed (secrets come back masked; sent back as they are, they are kept). */
export interface CloudApiDraft {
  phoneNumberId: string;
  wabaId: string;
  accessToken: string;
  appSecret: string;
}

export const EMPTY_CLOUD: CloudApiDraft = { phoneNumberId: "", wabaId: "", accessToken: "", appSecret: "" };

/** The four credentials: the two ids (digits) side by side, then the two secrets. */
const CREDENTIALS = [
  ["phoneNumberId", "numeric"],
  ["wabaId", "numeric"],
  ["accessToken", "secret"],
  ["appSecret", "secret"],
] as const;

/** Phone number id, account id, permanent token and app secret, with where to find each at Meta. */
export function CloudApiFields({ value, onValue, errors }: { value: CloudApiDraft; onValue: (v: CloudApiDraft) => void; errors: FieldErrors }) {
  const t = useT();
  const field = ([key, kind]: (typeof CREDENTIALS)[number]) => (
    <TextInput
      key={key}
      label={t(`connections.cloud.${key}`)}
      name={key}
      autoComplete="off"
      {...(kind === "numeric" ? { inputMode: "numeric" as const } : { type: "password" })}
      value={value[key]}
      onValue={(v) => onValue({ ...value, [key]: v.trim() })}
      error={errors[`cloudApi.${key}`]}
      hint={t(`connections.cloud.${key}Hint`)}
    />
  );
  return (
    <fieldset className="flex flex-col gap-4 rounded-xl border border-line bg-raised/40 p-4" data-testid="cloud-api-fields">
      <legend className="px-1 text-xs font-semibold uppercase tracking-wide text-subtle">{t("connections.cloud.title")}</legend>
      <p className="text-xs text-muted">{t("connections.cloud.intro")}</p>
      <div className="grid gap-4 sm:grid-cols-2">{CREDENTIALS.slice(0, 2).map(field)}</div>
      {CREDENTIALS.slice(2).map(field)}
    </fieldset>
  );
}

function CopyLine({ label, value, testId }: { label: string; value: string; testId: string }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const copy = () =>
    navigator.clipboard?.writeText(value).then(() => {
      setCopied(true);
      toast("success", t("connections.cloud.copied"));
      setTimeout(() => setCopied(false), 1500);
    });
  return (
    <div className="flex flex-col gap-1">
      <span className="text-xs font-medium text-muted">{label}</span>
      <div className="flex items-center gap-1 rounded-lg border border-line bg-canvas pl-3">
        <code className="min-w-0 flex-1 truncate py-2 font-mono text-xs text-ink select-all" data-testid={testId} title={value}>
          {value}
        </code>
        <IconButton icon={copied ? "check" : "copy"} label={t("connections.cloud.copy")} onClick={() => void copy()} />
      </div>
    </div>
  );
}

/** What to paste into Meta's app settings (Webhooks): the callback URL and the verify token. */
export function CloudWebhookPanel({ cloud }: { cloud: CloudApiDto }) {
  const t = useT();
  if (!cloud.webhookPath || !cloud.verifyToken) return null;
  return (
    <div
      className="flex flex-col gap-3 rounded-xl border border-brand-200 bg-brand-50/60 p-4 dark:border-brand-800 dark:bg-brand-950/40"
      data-testid="cloud-webhook"
    >
      <p className="text-sm font-medium text-ink">{t("connections.cloud.webhookTitle")}</p>
      <ol className="list-decimal space-y-1 pl-5 text-xs text-muted">
        <li>{t("connections.cloud.step1")}</li>
        <li>{t("connections.cloud.step2")}</li>
        <li>{t("connections.cloud.step3")}</li>
      </ol>
      <CopyLine label={t("connections.cloud.callbackUrl")} value={`${window.location.origin}${cloud.webhookPath}`} testId="cloud-webhook-url" />
      <CopyLine label={t("connections.cloud.verifyToken")} value={cloud.verifyToken} testId="cloud-verify-token" />
    </div>
  );
}

/** Shown right after a Cloud API connection is added (and from its row): the webhook to set up at Meta. */
export function CloudSetupModal({ cloud, onClose }: { cloud: CloudApiDto | null; onClose: () => void }) {
  const t = useT();
  return (
    <Modal open={!!cloud} onClose={onClose} title={t("connections.cloud.setupTitle")}>
      {cloud && <CloudWebhookPanel cloud={cloud} />}
    </Modal>
  );
}
