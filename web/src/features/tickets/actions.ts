import { navigate } from "wouter/use-browser-location";
import { type Ticket, type TicketChange, updateTicket } from "../../api/tickets";
import { t } from "../../i18n";
import { user } from "../../stores/session";
import { toast, toastError } from "../../stores/toast";
import { markHandedOff, openSubTab, upsertTicket } from "../../stores/tickets";

async function change(ticket: Ticket, body: TicketChange): Promise<Ticket | null> {
  try {
    const updated = await updateTicket(ticket.id, body);
    upsertTicket(updated);
    return updated;
  } catch (err) {
    toastError(err);
    return null;
  }
}

/** Accept (pending → open for me), then open the ticket (R-TKT-3). */
export async function acceptTicket(ticket: Ticket) {
  const done = await change(ticket, { status: "open", userId: user.peek()?.id ?? null });
  if (!done) return;
  openSubTab.value = "open";
  navigate(`/tickets/${done.uuid}`);
}

/** Return to the queue (open → pending, no user); the app leaves the chat. */
export async function returnTicket(ticket: Ticket) {
  markHandedOff(ticket.id);
  if (await change(ticket, { status: "pending", userId: null })) navigate("/tickets");
}

/** Resolve / close; after close the app goes to /tickets. */
export async function resolveTicket(ticket: Ticket, leave = true) {
  const done = await change(ticket, { status: "closed" });
  if (done) {
    toast("success", t("tickets.resolved"));
    if (leave) navigate("/tickets");
  }
}

/** Reopen (closed → open for me) and open it. */
export async function reopenTicket(ticket: Ticket) {
  const done = await change(ticket, { status: "open", userId: user.peek()?.id ?? null, queueId: ticket.queueId });
  if (!done) return;
  openSubTab.value = "open";
  navigate(`/tickets/${done.uuid}`);
}

/** Transfer to a queue, optionally a user and a connection; without a user it goes back to pending. */
export async function transferTicket(ticket: Ticket, queueId: number, userId: number | null, whatsappId: number | null) {
  const body: TicketChange = { queueId, userId, status: userId ? "open" : "pending", ...(whatsappId ? { whatsappId } : {}) };
  // The ticket may leave this user's lists (another queue or agent): the chat then closes quietly.
  markHandedOff(ticket.id);
  const done = await change(ticket, body);
  if (done) {
    toast("success", t("tickets.transferred"));
    navigate("/tickets");
  }
  return !!done;
}
