/**
 * The bot: it only answers. Each stored customer message gets, while no agent holds the ticket, the
 * answer R-BOT-1 says: a rating, "#", out-of-hours texts, the queue menu, the option tree; an
 * integration or prompt holding the ticket answers instead (automation.ts).
 */
import type { InboundMessage } from "../../core/channel";
import type { Deps } from "../../core/deps";
import type { ConnectionRef } from "../../core/inbound";
import { isOutOfHours } from "../../lib/hours";
import { log } from "../../lib/logger";
import { renderTemplate } from "../../lib/template";
import { findCompany } from "../../modules/companies";
import { findConnection } from "../../modules/connections";
import { type ContactRow, findContact } from "../../modules/contacts";
import { findQueue } from "../../modules/queues";
import { getSetting } from "../../modules/settings";
import { addSystemNote } from "../../modules/ticket-notes";
import { botResetToMenu, handToHuman } from "../../modules/tickets";
import { handleRatingAnswer } from "../../modules/tickets";
import type { TicketRow } from "../../modules/tickets";
import type { IngestResult } from "../pipeline";
import { runAutomation } from "./automation";
import type { DeliveryReads } from "../delivery-reads";
import { loopReason } from "./loop";
import type { BotStep } from "./step";
import { HOME_LINE, runQueueMenu, walkOptions } from "./menu";
import { sentAutomaticallySince, sendBot } from "./send";

const OUT_OF_HOURS_REPEAT_MS = 10 * 60_000;

/** The note left on a ticket when the loop breaker hands it to a person. */
export const LOOP_NOTE =
  "O chatbot parou neste atendimento: as mensagens recebidas parecem vir de outro robô (repetições rápidas, menus ou respostas automáticas). Um atendente precisa responder.";

/** The bot's step after a message was stored: its errors never lose the stored message. */
export async function botStep(deps: Deps, conn: ConnectionRef, msg: InboundMessage, res: IngestResult, reads?: DeliveryReads) {
  try {
    await runBot(deps, conn, msg, res.ticket, res.contact, reads);
  } catch (e) {
    log.error("bot step failed", { ticketId: res.ticket.id, err: String(e), stack: (e as Error).stack });
  }
}

/**
 * The bot's answer to a stored message, per R-BOT-1: our own echo means a person took
 * over; a pending rating takes the answer; "#" goes back to the menu; out-of-hours texts; the queue
 * menu; the option tree. The loop breaker stops the bot (visibly) when the other side is a machine.
 */
async function runBot(deps: Deps, ref: ConnectionRef, msg: InboundMessage, stored: TicketRow, contact?: ContactRow, reads?: DeliveryReads) {
  let ticket = stored;
  // A tapped button or list row answers with its id (what the customer would have typed); its title is the stored body.
  const text = msg.reply?.id ?? msg.body;
  if (msg.fromMe) {
    // Someone answered from the phone itself: a person took over.
    await handToHuman(deps, ticket);
    return;
  }
  if (ticket.isGroup) return;
  if (ticket.awaitingRatingSince) {
    await handleRatingAnswer(deps, ticket, text);
    return;
  }
  if (ticket.userId || ticket.status !== "pending") return;
  const conn = await (reads ? reads.connection() : findConnection(deps.db, ref.companyId, ref.id));
  if (!conn) return;
  const now0 = deps.clock.now();
  const loop = await loopReason(deps, ticket.id, text, now0, await reads?.recent(ticket.id, now0));
  if (loop) {
    // No automatic answer to a machine: the ticket waits for a person, who reads why in its notes.
    await handToHuman(deps, ticket);
    if (await addSystemNote(deps, ticket, LOOP_NOTE)) log.warn("bot loop breaker engaged", { ticketId: ticket.id, reason: loop });
    return;
  }
  const step: BotStep = {
    deps,
    ticket,
    conn,
    // The contact the pipeline stored the message with, else one prepared primary-key read (a getter cannot await).
    reads,
    contactName: contact?.id === ticket.contactId ? contact.name : ((await findContact(deps.db, ticket.companyId, ticket.contactId))?.name ?? ""),
    body: text,
    say: (text, media, menu) => sendBot(deps, step.ticket, text, media ?? undefined, menu),
  };
  const render = (t: string) => renderTemplate(t, { name: step.contactName }, deps.config.timezone);

  // An integration or assistant holding the ticket gets every message (before "#" and the hours).
  step.msg = msg;
  if (await runAutomation(step, msg)) return;
  if (text.trim() === "#") {
    ticket = await botResetToMenu(deps, ticket);
    step.ticket = ticket;
    step.body = "";
    return runQueueMenu(step);
  }
  const scheduleType = await getSetting(deps, ticket.companyId, "scheduleType");
  const now = new Date(deps.clock.now());
  if (scheduleType === "company" && conn.outOfHoursMessage.trim()) {
    const company = await findCompany(deps.db, ticket.companyId);
    if (isOutOfHours(company?.schedules, deps.config.timezone, now)) {
      const notice = render(conn.outOfHoursMessage);
      if (!(await sentAutomaticallySince(deps, ticket.id, notice, OUT_OF_HOURS_REPEAT_MS))) await step.say(notice);
      return;
    }
  }
  if (!ticket.queueId) return runQueueMenu(step);
  const queue = await findQueue(deps.db, ticket.companyId, ticket.queueId);
  if (!queue) return;
  if (scheduleType === "queue" && queue.outOfHoursMessage.trim() && isOutOfHours(queue.schedules, deps.config.timezone, now)) {
    const notice = `${render(queue.outOfHoursMessage)}\n\n${HOME_LINE}`;
    if (!(await sentAutomaticallySince(deps, ticket.id, notice, OUT_OF_HOURS_REPEAT_MS))) await step.say(notice);
    return;
  }
  if (ticket.chatbot) await walkOptions(step, queue);
}
