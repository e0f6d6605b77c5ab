import { ConnectionForm } from "@contract/schemas/connections";
import { useState } from "react";
import { type Connection, type ConnectionInput, connectionsApi } from "../../api/connections";
import { listQueues, type Queue } from "../../api/queues";
import { FormModal } from "../../components/FormModal";
import { useT } from "../../i18n";
import { type EditorProps, useEntityForm } from "../../lib/useEntityForm";
import { upsertConnection } from "../../stores/connections";
import { CloudWebhookPanel, EMPTY_CLOUD } from "./CloudApiFields";
import { ConnectionFields, type ConnectionDraft, EMPTY_DRAFT } from "./ConnectionFields";

const PINS = {
  ERR_CONNECTION_NAME_ALREADY_EXISTS: "name",
  ERR_CONNECTION_TOKEN_ALREADY_EXISTS: "token",
  ERR_WAPP_GREETING_REQUIRED: "greetingMessage",
  // Meta's refusal of the Cloud API credentials, under the field to fix
  ERR_CLOUD_TOKEN_INVALID: "cloudApi.accessToken",
  ERR_CLOUD_NO_PERMISSION: "cloudApi.accessToken",
  ERR_CLOUD_APP_SECRET_INVALID: "cloudApi.appSecret",
  ERR_CLOUD_ACCOUNT_NOT_FOUND: "cloudApi.wabaId",
  ERR_CLOUD_NUMBER_NOT_FOUND: "cloudApi.phoneNumberId",
  ERR_CLOUD_NUMBER_IN_USE: "cloudApi.phoneNumberId",
};

function draftOf(w: Connection): ConnectionDraft {
  return {
    name: w.name,
    channel: w.channel,
    isDefault: w.isDefault,
    queueIds: w.queues.map((q) => q.id),
    greetingMessage: w.greetingMessage,
    complationMessage: w.complationMessage,
    outOfHoursMessage: w.outOfHoursMessage,
    ratingMessage: w.ratingMessage,
    token: w.token,
    promptId: w.promptId ?? "",
    integrationId: w.integrationId ?? "",
    sendIdQueue: w.sendIdQueue ?? 0,
    timeSendQueue: String(w.timeSendQueue),
    maxUseBotQueues: String(w.maxUseBotQueues),
    timeUseBotQueues: String(w.timeUseBotQueues),
    expiresTicket: String(w.expiresTicket),
    expiresInactiveMessage: w.expiresInactiveMessage,
    historyDays: w.historyDays,
    cloudApi: w.cloudApi
      ? { phoneNumberId: w.cloudApi.phoneNumberId, wabaId: w.cloudApi.wabaId, accessToken: w.cloudApi.accessToken, appSecret: w.cloudApi.appSecret }
      : EMPTY_CLOUD,
  };
}

const toBody = ({ cloudApi, ...f }: ConnectionDraft): ConnectionInput => ({
  ...f,
  ...(f.channel === "cloudapi" ? { cloudApi } : {}),
  promptId: f.promptId || null,
  integrationId: f.integrationId || null,
  sendIdQueue: f.sendIdQueue || null,
  timeSendQueue: Number(f.timeSendQueue || 0),
  maxUseBotQueues: Number(f.maxUseBotQueues || 0),
  timeUseBotQueues: Number(f.timeUseBotQueues || 0),
  expiresTicket: Number(f.expiresTicket || 0),
});

/** Connections as their editor handles them (the list is the connections store, kept live by their frames). */
export const CONNECTIONS = { area: "connections", handle: "connection", api: connectionsApi, store: { upsert: upsertConnection } };

/** Add or edit a connection: every field (R-CONN-1), queues, kind (WhatsApp, Cloud API or sandbox). */
export function ConnectionModal(props: EditorProps<Connection>) {
  const t = useT();
  const [queues, setQueues] = useState<Queue[]>([]);
  const [loaded, setLoaded] = useState<Connection | null>(null);
  const { form, setForm, field, errors, modal, editing } = useEntityForm(CONNECTIONS, props, {
    empty: EMPTY_DRAFT,
    // The queue list is needed for a new connection too, so something is always loaded.
    load: (id) => Promise.all([listQueues(), id === null ? null : connectionsApi.get(id)]),
    fill: ([qs, w]) => {
      setQueues(qs);
      setLoaded(w);
      return w ? draftOf(w) : EMPTY_DRAFT;
    },
    schema: ConnectionForm,
    pins: PINS,
    body: (out, f) => toBody({ ...f, name: out.name }),
  });

  return (
    <FormModal
      {...modal}
      title={t(editing ? "connections.modal.edit" : "connections.modal.add")}
      size="lg"
      className="flex flex-col gap-5"
      saveTestId="connection-save"
    >
      {editing && loaded?.cloudApi && <CloudWebhookPanel cloud={loaded.cloudApi} />}
      <ConnectionFields form={form} onForm={setForm} field={field} errors={errors} queues={queues} editing={editing} />
    </FormModal>
  );
}
