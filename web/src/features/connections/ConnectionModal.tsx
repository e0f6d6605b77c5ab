import { ConnectionForm } from "@contract/schemas/connections";
import { useState } from "react";
import { type Connection, type ConnectionInput, createConnection, getConnection, updateConnection } from "../../api/connections";
import { listQueues, type Queue } from "../../api/queues";
import { FormModal } from "../../components/FormModal";
import { useT } from "../../i18n";
import { type EditorProps, useEntityForm } from "../../lib/useEntityForm";
import { upsertConnection } from "../../stores/connections";
import { ConnectionFields, type ConnectionDraft, EMPTY_DRAFT } from "./ConnectionFields";

const PINS = {
  ERR_CONNECTION_NAME_ALREADY_EXISTS: "name",
  ERR_CONNECTION_TOKEN_ALREADY_EXISTS: "token",
  ERR_WAPP_GREETING_REQUIRED: "greetingMessage",
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
  };
}

const toBody = (f: ConnectionDraft): ConnectionInput => ({
  ...f,
  promptId: f.promptId || null,
  integrationId: f.integrationId || null,
  sendIdQueue: f.sendIdQueue || null,
  timeSendQueue: Number(f.timeSendQueue || 0),
  maxUseBotQueues: Number(f.maxUseBotQueues || 0),
  timeUseBotQueues: Number(f.timeUseBotQueues || 0),
  expiresTicket: Number(f.expiresTicket || 0),
});

/** Add or edit a connection: every field (R-CONN-1), queues, kind (WhatsApp or sandbox). */
export function ConnectionModal({ open, id: connectionId, onClose }: EditorProps) {
  const t = useT();
  const [queues, setQueues] = useState<Queue[]>([]);
  const { form, setForm, errors, loading, busy, submit } = useEntityForm({
    open,
    id: connectionId,
    empty: EMPTY_DRAFT,
    // The queue list is needed for a new connection too, so something is always loaded.
    load: (id) => Promise.all([listQueues(), id === null ? null : getConnection(id)]),
    fill: ([qs, w]) => {
      setQueues(qs);
      return w ? draftOf(w) : EMPTY_DRAFT;
    },
    schema: ConnectionForm,
    pins: PINS,
    save: async (out, f) => {
      const body = toBody({ ...f, name: out.name });
      const saved = connectionId === null ? await createConnection(body) : await updateConnection(connectionId, body);
      upsertConnection(saved);
    },
    savedText: "connections.saved",
    onClose,
  });

  return (
    <FormModal
      open={open}
      onClose={onClose}
      size="lg"
      title={t(connectionId === null ? "connections.modal.add" : "connections.modal.edit")}
      formId="connection-form"
      onSubmit={submit}
      busy={busy}
      loading={loading}
      className="flex flex-col gap-5"
      saveTestId="connection-save"
    >
      <ConnectionFields form={form} onForm={setForm} errors={errors} queues={queues} editing={connectionId !== null} />
    </FormModal>
  );
}
