import { and, eq, isNull } from "drizzle-orm";
import type { InboundMessage } from "../../core/channel";
import { LIMITS } from "../../contract/limits";
import type { Deps } from "../../core/deps";
import { isoNow } from "../../lib/clock";
import { markOptedOut } from "../contacts";
import { companyAutoText } from "../settings";
import { closeBySystem, type Place } from "../tickets";
import type { TicketRow } from "../tickets";
import { awaitingConfirmation, receivedCampaignSince, skipOptedOut } from "./queries";
import { campaignShipping } from "./schema";
import { type CampaignSettings, campaignSettingsOf } from "./settings";
import { isConfirmation, isOptOut } from "./texts";

/**
 * The inbound hook of campaigns, before the bot: an opt-out word (answering a campaign), then a
 * confirmation. Answers true when the message was one of them (the bot then stays silent). `settings`: the
 * company's campaign settings when the caller reads them once for several messages (a delivery).
 */
export async function campaignReply(
  deps: Deps,
  connectionId: number,
  msg: InboundMessage,
  ticket: TicketRow,
  before: Place | null,
  settings: () => Promise<CampaignSettings> = () => campaignSettingsOf(deps.db, ticket.companyId),
): Promise<boolean> {
  if (msg.fromMe || msg.isGroup || !msg.chat.number) return false;
  if (await optOutReply(deps, msg, ticket, before, settings)) return true;
  return confirmationReply(deps, connectionId, msg, ticket, before);
}

/**
 * A contact who got a campaign message (within LIMITS.optOutWindowMs) answers with one of the
 * company's opt-out words: the contact is marked out of campaigns (flag and time), every shipment of
 * the company not sent to them yet is skipped, and they get one confirmation (the company's text, or
 * the default in its language). Saying it again changes nothing and sends nothing. The answer stays
 * in the ticket's history; a ticket it reopened is closed again.
 */
async function optOutReply(deps: Deps, msg: InboundMessage, ticket: TicketRow, before: Place | null, read: () => Promise<CampaignSettings>): Promise<boolean> {
  const settings = await read();
  if (!isOptOut(msg.body, settings.optOutWords)) return false;
  const number = msg.chat.number as string;
  const since = new Date(deps.clock.now() - LIMITS.optOutWindowMs).toISOString();
  if (!(await receivedCampaignSince(deps.db, ticket.companyId, number, since))) return false;
  const marked = await markOptedOut(deps, ticket.companyId, ticket.contactId);
  await skipOptedOut(deps.db, isoNow(deps.clock), { companyId: ticket.companyId, number });
  if (marked) {
    const text = settings.optOutConfirmation.trim() || (await companyAutoText(deps, ticket.companyId, "optOutConfirmation"));
    await deps.outbox.send(ticket, { body: text, isAutomatic: true });
  }
  if (before?.status === "closed" && ticket.status !== "closed") await closeBySystem(deps, ticket, "campaign");
  return true;
}

/**
 * R-CMP-9, D10: a contact who was asked to confirm and answers "sim"/"ok"/"1"…
 * confirms; the campaign's message then goes out within a few seconds. The answer is stored in the
 * ticket's history, but the ticket, reopened by it, is closed again (no campaign noise in the waiting
 * list) and the bot does not answer. Anything else is a normal message: the ticket waits for a person.
 */
async function confirmationReply(deps: Deps, connectionId: number, msg: InboundMessage, ticket: TicketRow, before: Place | null): Promise<boolean> {
  if (!isConfirmation(msg.body)) return false;
  const ship = await awaitingConfirmation(deps.db, ticket.companyId, connectionId, msg.chat.number as string);
  if (!ship) return false;
  const delay = Math.floor(Math.random() * 10) * deps.config.campaignSecondMs;
  const done = (
    await deps.db
      .update(campaignShipping)
      .set({ confirmation: true, confirmedAt: isoNow(deps.clock), dueAt: deps.clock.now() + delay })
      .where(and(eq(campaignShipping.id, ship.id), isNull(campaignShipping.confirmation)))
      .returning({ id: campaignShipping.id })
  )[0];
  if (!done) return false;
  if (before?.status === "closed" && ticket.status !== "closed") await closeBySystem(deps, ticket, "campaign");
  return true;
}
