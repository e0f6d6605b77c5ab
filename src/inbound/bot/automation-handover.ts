import { dropSession } from "../../modules/integrations";
import { findQueue } from "../../modules/queues";
import { botAssignUser, botChooseQueue, handToHuman, setIntegrationState } from "../../modules/tickets";
import { findTicketRow } from "../../modules/tickets";
import type { BotStep } from "./step";

/** The automation lets go: integration state cleared, bot off; the ticket waits for a person in its queue. */
export async function leave(s: BotStep) {
  await dropSession(s.deps.db, s.ticket.id);
  s.ticket = await setIntegrationState(s.deps, s.ticket, { useIntegration: false, integrationId: null, promptId: null });
  s.ticket = await handToHuman(s.deps, s.ticket);
}

/**
 * Moves the ticket to a queue of its company (a Typebot command, an assistant's transfer or failure),
 * then lets go; with a user of the company (Typebot's `{"queueId":n,"userId":m}`) that user also takes it.
 */
export async function transferTo(s: BotStep, queueId: number | null | undefined, userId?: number) {
  await leave(s);
  if (queueId && queueId !== s.ticket.queueId && (await findQueue(s.deps.db, s.ticket.companyId, queueId))) {
    s.ticket = await botChooseQueue(s.deps, s.ticket, queueId, false);
  }
  if (userId && (await botAssignUser(s.deps, s.ticket, userId))) s.ticket = (await findTicketRow(s.deps.db, s.ticket.companyId, s.ticket.id)) ?? s.ticket;
}
