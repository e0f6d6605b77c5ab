import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useState } from "react";
import { navigate } from "wouter/use-browser-location";
import { ApiError } from "../../../api/client";
import type { Message } from "../../../api/messages";
import { getTicket, getTicketByUuid } from "../../../api/tickets";
import { PageSpinner } from "../../../components/Spinner";
import { useT } from "../../../i18n";
import { join, leave } from "../../../realtime/socket";
import { toast, toastError } from "../../../stores/toast";
import { connections } from "../../../stores/connections";
import { currentTicket, removedCurrent } from "../../../stores/tickets";
import { ChatHeader } from "./ChatHeader";
import { ContactDrawer } from "./ContactDrawer";
import { MessageInput } from "./MessageInput";
import { MessageList } from "./MessageList";
import { TagEditor } from "./TagEditor";

/** The open ticket: loads it by uuid, joins its room, and lays out header, tags, messages, input, drawer. */
export function Chat({ uuid, onBack }: { uuid: string; onBack?: () => void }) {
  useSignals();
  const t = useT();
  const [drawer, setDrawer] = useState(false);
  const [replyTo, setReplyTo] = useState<Message | null>(null);
  const ticket = currentTicket.value;
  const id = ticket?.uuid === uuid ? ticket.id : null;

  useEffect(() => {
    let alive = true;
    setReplyTo(null);
    getTicketByUuid(uuid)
      .then((tk) => {
        if (alive) currentTicket.value = tk;
      })
      .catch((err) => {
        if (!alive) return;
        if (err instanceof ApiError && err.code === "ERR_NO_PERMISSION") toast("error", t("tickets.noAccess"));
        else toastError(err);
        navigate("/tickets", { replace: true });
      });
    return () => {
      alive = false;
      currentTicket.value = null;
    };
  }, [uuid]);

  useEffect(() => {
    if (!id) return;
    join({ type: "joinChatBox", ticketId: id });
    return () => leave({ type: "leaveChatBox", ticketId: id }, { type: "joinChatBox", ticketId: id });
  }, [id]);

  // A live delete of the open ticket: make sure it is really gone (not just moved between lists).
  useEffect(() => {
    const gone = removedCurrent.value;
    if (!gone || gone !== id) return;
    getTicket(gone).catch((err) => {
      if (err instanceof ApiError && err.status === 404) {
        toast("info", t("tickets.deletedLive"));
        navigate("/tickets", { replace: true });
      } else if (err instanceof ApiError && err.code === "ERR_NO_PERMISSION") {
        // Moved to a queue this user does not serve.
        toast("info", t("tickets.noAccess"));
        navigate("/tickets", { replace: true });
      }
    });
  }, [removedCurrent.value]);

  if (!ticket || ticket.uuid !== uuid) return <PageSpinner />;
  const channel = connections.value.find((w) => w.id === ticket.whatsappId)?.channel;
  return (
    <div className="relative flex h-full min-h-0" data-testid="chat">
      <div className="flex min-w-0 flex-1 flex-col">
        <ChatHeader ticket={ticket} onContact={() => setDrawer((d) => !d)} onBack={onBack} />
        <TagEditor ticket={ticket} />
        <MessageList key={ticket.id} ticketId={ticket.id} group={ticket.isGroup} canDelete={channel !== "cloudapi"} onReply={setReplyTo} />
        <MessageInput
          ticketId={ticket.id}
          connectionId={ticket.whatsappId}
          contactName={ticket.contact.name}
          disabled={ticket.status !== "open"}
          replyTo={replyTo}
          onCancelReply={() => setReplyTo(null)}
        />
      </div>
      {drawer && <ContactDrawer ticket={ticket} onClose={() => setDrawer(false)} />}
    </div>
  );
}
