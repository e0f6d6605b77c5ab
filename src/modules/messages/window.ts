/**
 * The 24-hour customer-service window of a ticket, where its connection has one (Cloud API): a
 * free-form message may go out within 24 hours of the customer's last message; outside it, only a
 * message template. Agents are told before they type; the server refuses what WhatsApp would.
 */
import type { TicketWindowDto } from "../../contract/dto/messages";
import { WINDOW_MS, windowOpen } from "../../contract/templates";
import type { Deps } from "../../core/deps";
import { AppError } from "../../core/errors";
import { findConnection } from "../connections";
import { findContact } from "../contacts";
import type { TicketRow } from "../tickets";

/** The window of a ticket: null when its connection has none (WhatsApp Web, sandbox). */
export async function ticketWindow(deps: Deps, ticket: Pick<TicketRow, "companyId" | "whatsappId" | "contactId">): Promise<TicketWindowDto | null> {
  if (!ticket.whatsappId) return null;
  const w = await findConnection(deps.db, ticket.companyId, ticket.whatsappId);
  if (w?.channel !== "cloudapi") return null;
  const number = (await findContact(deps.db, ticket.companyId, ticket.contactId))?.number ?? "";
  const last = number ? await deps.cloudApi.lastInboundAt(w.id, number) : null;
  const now = deps.clock.now();
  return {
    lastInboundAt: last === null ? null : new Date(last).toISOString(),
    closesAt: last === null ? null : new Date(last + WINDOW_MS).toISOString(),
    open: windowOpen(last, now),
  };
}

/** Refuses a free-form message outside the window (ERR_CLOUD_WINDOW_CLOSED): only a template may go. */
export async function assertWindowOpen(deps: Deps, ticket: Pick<TicketRow, "companyId" | "whatsappId" | "contactId">) {
  const window = await ticketWindow(deps, ticket);
  if (window && !window.open) throw new AppError("ERR_CLOUD_WINDOW_CLOSED", 400);
}

/** Whether the ticket's connection sends message templates (Cloud API). */
export async function sendsTemplates(deps: Deps, ticket: Pick<TicketRow, "companyId" | "whatsappId">): Promise<boolean> {
  return !!ticket.whatsappId && (await findConnection(deps.db, ticket.companyId, ticket.whatsappId))?.channel === "cloudapi";
}
