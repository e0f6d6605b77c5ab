import { NewTicketForm } from "@contract/schemas/tickets";
import { useSignals } from "@preact/signals-react/runtime";
import { type FormEvent, useEffect, useState } from "react";
import { navigate } from "wouter/use-browser-location";
import { ApiError } from "../../../api/client";
import { listQueues } from "../../../api/queues";
import { type Contact, listContacts } from "../../../api/contacts";
import { createTicket } from "../../../api/tickets";
import type { QueueRef } from "../../../api/types";
import { Button } from "../../../components/Button";
import { Select } from "../../../components/Field";
import { Icon } from "../../../components/Icon";
import { Modal } from "../../../components/Modal";
import { useT } from "../../../i18n";
import { validate } from "../../../lib/form";
import { useSubmit } from "../../../lib/useSubmit";
import { allowed, user } from "../../../stores/session";
import { toastError } from "../../../stores/toast";
import { upsertTicket } from "../../../stores/tickets";
import { ContactModal } from "../../contacts/ContactModal";
import { ContactSearch } from "./ContactSearch";

type Owner = { user?: { name: string } | null; queue?: QueueRef | null };

/** New ticket: a contact and a queue (required unless admin); another user's open ticket is shown, not opened. */
export function NewTicketModal({ open, onClose, initialContact = null }: { open: boolean; onClose: () => void; initialContact?: Contact | null }) {
  useSignals();
  const t = useT();
  const admin = allowed("tickets:handleAny");
  const [contact, setContact] = useState<Contact | null>(null);
  const [queueId, setQueueId] = useState(0);
  const [queues, setQueues] = useState<QueueRef[]>([]);
  const { busy, errors, setErrors, run } = useSubmit();
  const [owner, setOwner] = useState<Owner | null>(null);
  const [adding, setAdding] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setContact(initialContact);
    setErrors({});
    setOwner(null);
    const mine = user.peek()?.queues ?? [];
    setQueueId(mine.length === 1 ? mine[0].id : 0);
    if (admin) listQueues().then(setQueues, () => setQueues(mine));
    else setQueues(mine);
  }, [open]);

  // The contacts modal does not hand back the new contact: find it by the name that was typed.
  const pickCreated = (name: string) => {
    listContacts(name, 1)
      .then((res) => setContact(res.contacts.find((c) => c.name.toLowerCase() === name.toLowerCase()) ?? res.contacts[0] ?? null))
      .catch(toastError);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = validate(NewTicketForm(admin), { contactId: contact?.id, queueId: queueId || (admin ? null : 0) });
    if (!checked.ok) return setErrors(checked.errors);
    setOwner(null);
    // the contact's other open ticket: said in the dialog, with its owner
    const other = (err: unknown) => {
      if (!(err instanceof ApiError) || err.code !== "ERR_OTHER_OPEN_TICKET") return false;
      setOwner(err.data as Owner);
      return true;
    };
    await run(
      async () => {
        const ticket = await createTicket(checked.output.contactId, checked.output.queueId ?? null);
        upsertTicket(ticket, true);
        onClose();
        navigate(`/tickets/${ticket.uuid}`);
      },
      { onError: other },
    );
  };

  return (
    <>
      <Modal
        open={open && adding === null}
        onClose={onClose}
        title={t("newTicket.title")}
        actions={
          <Button type="submit" form="new-ticket-form" loading={busy}>
            {t("newTicket.submit")}
          </Button>
        }
      >
        <form id="new-ticket-form" onSubmit={submit} className="flex flex-col gap-4" data-testid="new-ticket-form">
          <ContactSearch value={contact} onValue={setContact} onAdd={setAdding} error={errors.contactId} />
          <Select
            label={t("newTicket.queue")}
            value={queueId}
            error={errors.queueId}
            options={[
              { value: 0, label: t(admin ? "newTicket.noQueue" : "transfer.chooseQueue") },
              ...queues.map((q) => ({ value: q.id, label: q.name, color: q.color })),
            ]}
            onValue={setQueueId}
          />
          {owner && (
            <div
              role="alert"
              className="flex gap-3 rounded-xl border border-amber-300/60 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-400/25 dark:bg-amber-500/10 dark:text-amber-200"
              data-testid="other-open-ticket"
            >
              <Icon name="alert" className="mt-0.5 size-5 shrink-0" />
              <p>{t("newTicket.otherOpen", { user: owner.user?.name ?? "—", queue: owner.queue?.name ?? t("tickets.noQueue") })}</p>
            </div>
          )}
        </form>
      </Modal>
      <ContactModal open={adding !== null} id={null} onClose={() => setAdding(null)} onCreated={() => pickCreated(adding ?? "")} />
    </>
  );
}
