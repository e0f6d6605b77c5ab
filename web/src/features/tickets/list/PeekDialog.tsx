import { useEffect, useState } from "react";
import { listMessages, type Message } from "../../../api/messages";
import type { Ticket } from "../../../api/tickets";
import { Modal } from "../../../components/Modal";
import { PageSpinner } from "../../../components/Spinner";
import { useT } from "../../../i18n";
import { toastError } from "../../../stores/toast";
import { MessageBubble } from "../chat/MessageBubble";

/** Admins' read-only look at a ticket's latest messages without opening it. */
export function PeekDialog({ ticket, onClose }: { ticket: Ticket | null; onClose: () => void }) {
  const t = useT();
  const [list, setList] = useState<Message[] | null>(null);
  useEffect(() => {
    setList(null);
    if (!ticket) return;
    listMessages(ticket.id, 1)
      .then((res) => setList(res.messages))
      .catch((err) => {
        toastError(err);
        onClose();
      });
  }, [ticket?.id]);
  return (
    <Modal open={!!ticket} onClose={onClose} size="lg" title={t("tickets.peekTitle", { name: ticket?.contact.name ?? "", id: ticket?.id ?? "" })}>
      <div className="bg-canvas -mx-5 -my-5 max-h-[60vh] space-y-1.5 overflow-y-auto px-4 py-4" data-testid="peek-messages">
        {!list ? (
          <PageSpinner />
        ) : list.length === 0 ? (
          <p className="py-8 text-center text-sm text-muted">{t("tickets.noMessages")}</p>
        ) : (
          list.map((m) => <MessageBubble key={m.id} message={m} group={ticket?.isGroup} readOnly />)
        )}
      </div>
    </Modal>
  );
}
