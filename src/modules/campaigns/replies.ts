import { and, eq, isNull } from "drizzle-orm";
import type { InboundMessage } from "../../channels/types";
import type { Deps } from "../../http/context";
import { isoNow } from "../../lib/clock";
import { closeBySystem, type Place } from "../tickets/lifecycle-system";
import type { TicketRow } from "../tickets/schema";
import { awaitingConfirmation } from "./queries";
import { campaignShipping } from "./schema";
import { isConfirmation } from "./texts";

/**
 * The inbound hook of campaigns (R-CMP-9, D10): a contact who was asked to confirm
 * and answers "sim"/"ok"/"1"… confirms; the campaign's message then goes out within a few seconds.
 * The answer is stored in the ticket's history, but the ticket, reopened by it, is closed again
 * (no campaign noise in the waiting list) and the bot does not answer. Anything else is a normal
 * message: the ticket waits for a person. Answers true when the message was a confirmation.
 */
export function campaignReply(deps: Deps, connectionId: number, msg: InboundMessage, ticket: TicketRow, before: Place | null): boolean {
  if (msg.fromMe || msg.isGroup || !msg.chat.number || !isConfirmation(msg.body)) return false;
  const ship = awaitingConfirmation(deps.db, ticket.companyId, connectionId, msg.chat.number);
  if (!ship) return false;
  const delay = Math.floor(Math.random() * 10) * deps.config.campaignSecondMs;
  const done = deps.db
    .update(campaignShipping)
    .set({ confirmation: true, confirmedAt: isoNow(deps.clock), dueAt: deps.clock.now() + delay })
    .where(and(eq(campaignShipping.id, ship.id), isNull(campaignShipping.confirmation)))
    .returning({ id: campaignShipping.id })
    .get();
  if (!done) return false;
  if (before?.status === "closed" && ticket.status !== "closed") closeBySystem(deps, ticket, "campaign");
  return true;
}
