import { eq } from "drizzle-orm";
import type { InboundMessage } from "../channels/types";
import type { Deps } from "../http/context";
import { log } from "../lib/logger";
import { findCompany } from "../modules/companies/queries";
import { findConnection } from "../modules/connections/queries";
import { contacts } from "../modules/contacts/schema";
import { messages } from "../modules/messages/schema";
import { findQueue } from "../modules/queues/queries";
import { getSetting } from "../modules/settings/service";
import { tickets } from "../modules/tickets/schema";
import { renderTemplate } from "../lib/template";
import { isOutOfHours } from "./hours";
import { type BotStep, HOME_LINE, runQueueMenu, walkOptions } from "./menu";
import { type ConnectionRef, ingestMessage } from "./pipeline";
import { handleRatingAnswer } from "./rating";
import { botLooping, sentAutomaticallySince, sendBot } from "./send";
import { and, gt } from "drizzle-orm";

const OUT_OF_HOURS_REPEAT_MS = 10 * 60_000;

/**
 * The inbound pipeline (BEHAVIOUR.md §2.3, §3.1): store the message exactly once, then let the bot
 * answer while no agent holds the ticket: rating answers, "#" back to the menu, out-of-hours texts,
 * the queue menu and the option tree. Bot errors never lose the stored message.
 */
export async function handleInbound(deps: Deps, conn: ConnectionRef, msg: InboundMessage) {
  const res = await ingestMessage(deps, conn, msg);
  if (!res || res.duplicate) return res;
  try {
    await runBot(deps, conn, msg, res.ticket.id);
  } catch (e) {
    log.error("bot step failed", { ticketId: res.ticket.id, err: String(e), stack: (e as Error).stack });
  }
  return res;
}

async function runBot(deps: Deps, ref: ConnectionRef, msg: InboundMessage, ticketId: number) {
  let ticket = deps.db.select().from(tickets).where(eq(tickets.id, ticketId)).get();
  if (!ticket) return;
  if (msg.fromMe) {
    // Someone answered from the phone itself: a person took over.
    if (ticket.chatbot) deps.db.update(tickets).set({ chatbot: false, queueOptionId: null }).where(eq(tickets.id, ticket.id)).run();
    return;
  }
  if (ticket.isGroup) return;
  if (ticket.awaitingRatingSince) {
    await handleRatingAnswer(deps, ticket, msg.body);
    return;
  }
  if (ticket.userId || ticket.status !== "pending") return;
  const conn = findConnection(deps.db, ref.companyId, ref.id);
  if (!conn) return;
  if (botLooping(deps, ticket, msg.body)) return;
  const contact = deps.db.select({ name: contacts.name }).from(contacts).where(eq(contacts.id, ticket.contactId)).get();
  const step: BotStep = { deps, ticket, conn, contactName: contact?.name ?? "", body: msg.body };
  const render = (t: string) => renderTemplate(t, { name: step.contactName }, deps.config.timezone);

  if (msg.body.trim() === "#") {
    ticket = deps.db
      .update(tickets)
      .set({ queueId: null, chatbot: false, queueOptionId: null, amountUsedBotQueues: 0 })
      .where(eq(tickets.id, ticket.id))
      .returning()
      .get();
    step.ticket = ticket;
    step.body = "";
    return runQueueMenu(step);
  }
  const scheduleType = getSetting(deps.db, ticket.companyId, "scheduleType");
  if (scheduleType === "company" && conn.outOfHoursMessage.trim()) {
    const company = findCompany(deps.db, ticket.companyId);
    if (isOutOfHours(company?.schedules, deps.config.timezone)) {
      const text = render(conn.outOfHoursMessage);
      if (!sentAutomaticallySince(deps, ticket.id, text, OUT_OF_HOURS_REPEAT_MS)) await sendBot(deps, ticket, text);
      return;
    }
  }
  if (!ticket.queueId) return runQueueMenu(step);
  const queue = findQueue(deps.db, ticket.companyId, ticket.queueId);
  if (!queue) return;
  if (scheduleType === "queue" && queue.outOfHoursMessage.trim() && isOutOfHours(queue.schedules, deps.config.timezone)) {
    const text = `${render(queue.outOfHoursMessage)}\n\n${HOME_LINE}`;
    if (!sentAutomaticallySince(deps, ticket.id, text, OUT_OF_HOURS_REPEAT_MS)) await sendBot(deps, ticket, text);
    return;
  }
  if (ticket.chatbot) await walkOptions(step, queue);
}
