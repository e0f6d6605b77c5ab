import { type FormEvent, useEffect, useState } from "react";
import { listQueues } from "../../../api/queues";
import { type Connection, listConnections } from "../../../api/connections";
import { listAllUsers, type Ticket } from "../../../api/tickets";
import type { QueueRef } from "../../../api/types";
import { Button } from "../../../components/Button";
import { Select } from "../../../components/Field";
import { Modal } from "../../../components/Modal";
import { useT } from "../../../i18n";
import { user } from "../../../stores/session";
import { transferTicket } from "../actions";

type UserRow = { id: number; name: string; queues: QueueRef[] };

/** Transfer: a queue (required), optionally a user of that queue and a connection (R-TKT-5). */
export function TransferModal({ open, ticket, onClose }: { open: boolean; ticket: Ticket; onClose: () => void }) {
  const t = useT();
  const [queues, setQueues] = useState<QueueRef[]>([]);
  const [users, setUsers] = useState<UserRow[]>([]);
  const [connections, setConnections] = useState<Connection[]>([]);
  const [queueId, setQueueId] = useState(0);
  const [userId, setUserId] = useState(0);
  const [whatsappId, setWhatsappId] = useState(0);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setQueueId(0);
    setUserId(0);
    setWhatsappId(0);
    setError(undefined);
    listQueues().then(setQueues, () => setQueues([]));
    listAllUsers().then(setUsers, () => setUsers([]));
    // Agents may not list connections (admin route): the select then stays hidden.
    listConnections().then(setConnections, () => setConnections([]));
  }, [open]);

  const eligible = queueId ? users.filter((u) => u.queues.some((q) => q.id === queueId)) : [];
  // The button says what will happen (R-TKT-5): with a user the ticket stays open with them;
  // without one it goes back to the queue's waiting list, to be accepted again.
  const queue = queues.find((q) => q.id === queueId)?.name ?? "";
  const target = users.find((u) => u.id === userId)?.name ?? "";
  const outcome = !queueId ? null : !userId ? "Waiting" : userId === user.peek()?.id ? "Self" : "User";
  const words = { queue, user: target };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!queueId) return setError("validation.selectQueue");
    setBusy(true);
    const ok = await transferTicket(ticket, queueId, userId || null, whatsappId || null);
    setBusy(false);
    if (ok) onClose();
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t("transfer.title")}
      actions={
        <Button type="submit" form="transfer-form" loading={busy} icon="transfer" data-testid="transfer-submit">
          {outcome ? t(`transfer.submit${outcome}`, words) : t("transfer.submit")}
        </Button>
      }
    >
      <form id="transfer-form" onSubmit={submit} className="flex flex-col gap-4" data-testid="transfer-form">
        <Select
          label={t("transfer.queue")}
          value={queueId}
          error={error}
          options={[{ value: 0, label: t("transfer.chooseQueue") }, ...queues.map((q) => ({ value: q.id, label: q.name, color: q.color }))]}
          onValue={(v) => {
            setQueueId(v);
            setUserId(0);
            setError(undefined);
          }}
        />
        <Select
          label={t("transfer.user")}
          value={userId}
          options={[{ value: 0, label: t(queueId ? "transfer.anyUser" : "transfer.queueFirst") }, ...eligible.map((u) => ({ value: u.id, label: u.name }))]}
          onValue={setUserId}
        />
        {connections.length > 0 && (
          <Select
            label={t("transfer.connection")}
            value={whatsappId}
            options={[{ value: 0, label: t("transfer.sameConnection") }, ...connections.map((c) => ({ value: c.id, label: c.name }))]}
            onValue={setWhatsappId}
          />
        )}
        <p className="text-xs text-muted" data-testid="transfer-outcome">
          {outcome ? t(`transfer.hint${outcome}`, words) : t("transfer.hint")}
        </p>
      </form>
    </Modal>
  );
}
