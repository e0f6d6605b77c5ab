import { and, eq, isNull } from "drizzle-orm";
import type { Deps } from "../http/context";
import { nowIso } from "../lib/dates";
import { renderTemplate } from "../lib/template";
import { connectionQueues } from "../modules/connections/queries";
import type { WhatsappRow } from "../modules/connections/schema";
import { listOptions } from "../modules/queue-options/queries";
import type { QueueOptionRow } from "../modules/queue-options/schema";
import type { QueueRow } from "../modules/queues/schema";
import { getSetting } from "../modules/settings/service";
import { publishTicket } from "../modules/tickets/events";
import { type TicketRow, tickets, ticketTracking } from "../modules/tickets/schema";
import { loadTicket } from "../modules/tickets/service";
import { isOutOfHours } from "./hours";
import { sendBot } from "./send";

export const INVALID_OPTION = "Opção inválida, por favor escolha uma opção válida.";
export const BACK_LINE = "*[ 0 ]* - Menu anterior";
export const HOME_LINE = "*[ # ]* - Menu inicial";

/** What one bot step works with. */
export interface BotStep {
  deps: Deps;
  ticket: TicketRow;
  conn: WhatsappRow;
  contactName: string;
  body: string;
}

const render = (s: BotStep, text: string) => renderTemplate(text, { name: s.contactName }, s.deps.config.timezone);

function patchTicket(s: BotStep, patch: Partial<TicketRow>) {
  const before = { status: s.ticket.status, queueId: s.ticket.queueId, userId: s.ticket.userId };
  s.ticket = s.deps.db.update(tickets).set(patch).where(eq(tickets.id, s.ticket.id)).returning().get();
  if ("queueId" in patch) {
    const dto = loadTicket(s.deps, s.ticket.companyId, s.ticket.id);
    if (dto) publishTicket(s.deps, dto, before);
  }
}

function openTracking(s: BotStep) {
  return s.deps.db
    .select()
    .from(ticketTracking)
    .where(and(eq(ticketTracking.ticketId, s.ticket.id), isNull(ticketTracking.finishedAt)))
    .get();
}

/** The connection's greeting and one line per queue: `*[ n ]* - name`. */
export function queueMenuText(greeting: string, queues: QueueRow[]): string {
  const lines = queues.map((q, i) => `*[ ${i + 1} ]* - ${q.name}`).join("\n");
  return greeting.trim() ? `${greeting.trim()}\n\n${lines}` : lines;
}

/** Option lines `*[ option ]* - title`. */
const optionLines = (opts: QueueOptionRow[]) => opts.map((o) => `*[ ${o.option} ]* - ${o.title}`).join("\n");

/**
 * The queue-selection step (BEHAVIOUR.md §3.3 with decision 8): one queue is chosen at once; with
 * several, a number picks one, anything else gets the menu, an invalid answer is re-asked once and
 * then the ticket is left for a human; maxUseBotQueues and timeUseBotQueues limit the menu sends.
 */
export async function runQueueMenu(s: BotStep): Promise<void> {
  const queues = connectionQueues(s.deps.db, s.conn.id);
  if (!queues.length) return greetOnce(s);
  if (queues.length === 1) {
    if (getSetting(s.deps.db, s.ticket.companyId, "sendGreetingMessageOneQueues") === "enabled" && s.conn.greetingMessage.trim().length > 1) {
      await sendBot(s.deps, s.ticket, render(s, s.conn.greetingMessage));
    }
    return chooseQueue(s, queues[0]);
  }
  const n = /^\s*(\d{1,3})\s*$/.exec(s.body)?.[1];
  const chosen = n ? queues[Number(n) - 1] : undefined;
  if (chosen) return chooseQueue(s, chosen);
  const used = s.ticket.amountUsedBotQueues;
  if (s.conn.maxUseBotQueues > 0 && used >= s.conn.maxUseBotQueues) return;
  if (used >= 2) return;
  const tracking = openTracking(s);
  if (s.conn.timeUseBotQueues > 0 && used > 0 && tracking?.chatbotAt) {
    if (Date.now() - Date.parse(tracking.chatbotAt) < s.conn.timeUseBotQueues * 60_000) return;
  }
  const menu = queueMenuText(render(s, s.conn.greetingMessage), queues);
  await sendBot(s.deps, s.ticket, used === 0 ? menu : `${INVALID_OPTION}\n\n${menu}`);
  patchTicket(s, { amountUsedBotQueues: used + 1 });
  if (tracking) s.deps.db.update(ticketTracking).set({ chatbotAt: nowIso() }).where(eq(ticketTracking.id, tracking.id)).run();
}

/** A connection without queues sends its greeting once per stretch of service. */
async function greetOnce(s: BotStep) {
  const tracking = openTracking(s);
  if (!s.conn.greetingMessage.trim() || tracking?.chatbotAt) return;
  await sendBot(s.deps, s.ticket, render(s, s.conn.greetingMessage));
  if (tracking) s.deps.db.update(ticketTracking).set({ chatbotAt: nowIso() }).where(eq(ticketTracking.id, tracking.id)).run();
}

/** Puts the ticket in a queue and greets: the options menu when it has options, else its greeting and media. */
export async function chooseQueue(s: BotStep, queue: QueueRow) {
  const options = listOptions(s.deps.db, s.ticket.companyId, queue.id, null);
  const queueHours = getSetting(s.deps.db, s.ticket.companyId, "scheduleType") === "queue";
  const closed = queueHours && queue.outOfHoursMessage.trim() && isOutOfHours(queue.schedules, s.deps.config.timezone);
  patchTicket(s, { queueId: queue.id, chatbot: !closed && options.length > 0, queueOptionId: null, amountUsedBotQueues: 0 });
  const tracking = openTracking(s);
  if (tracking) s.deps.db.update(ticketTracking).set({ queuedAt: nowIso() }).where(eq(ticketTracking.id, tracking.id)).run();
  if (closed) return sendBot(s.deps, s.ticket, `${render(s, queue.outOfHoursMessage)}\n\n${HOME_LINE}`);
  if (options.length) return sendBot(s.deps, s.ticket, rootMenu(s, queue, options), queue);
  return sendBot(s.deps, s.ticket, render(s, queue.greetingMessage), queue);
}

function rootMenu(s: BotStep, queue: QueueRow, roots: QueueOptionRow[]) {
  const greeting = render(s, queue.greetingMessage).trim();
  return `${greeting ? `${greeting}\n\n` : ""}${optionLines(roots)}\n\n${HOME_LINE}`;
}

function nodeMenu(s: BotStep, node: QueueOptionRow, children: QueueOptionRow[]) {
  const msg = render(s, node.message || node.title).trim();
  return `${msg}\n\n${children.length ? `${optionLines(children)}\n\n` : ""}${BACK_LINE}\n${HOME_LINE}`;
}

/**
 * The option tree walk (BEHAVIOUR.md §3.4): "0" goes back, a node with one child moves on by itself,
 * otherwise the answer must match a child's ordinal. An invalid answer is re-asked once, then the
 * ticket is handed to a human (bot off).
 */
export async function walkOptions(s: BotStep, queue: QueueRow) {
  const { db } = s.deps;
  const companyId = s.ticket.companyId;
  const body = s.body.trim();
  const current = s.ticket.queueOptionId ? listOptions(db, companyId, queue.id).find((o) => o.id === s.ticket.queueOptionId) : undefined;
  let target: QueueOptionRow | null | undefined;
  if (body === "0" && current) {
    target = current.parentId ? listOptions(db, companyId, queue.id).find((o) => o.id === current.parentId) : null;
  } else {
    const children = listOptions(db, companyId, queue.id, current ? current.id : null);
    target = current && children.length === 1 ? children[0] : children.find((c) => c.option.trim() === body);
  }
  if (target === undefined) {
    if (s.ticket.amountUsedBotQueues >= 1) return patchTicket(s, { chatbot: false, queueOptionId: null });
    patchTicket(s, { amountUsedBotQueues: s.ticket.amountUsedBotQueues + 1 });
    const menu = current
      ? nodeMenu(s, current, listOptions(db, companyId, queue.id, current.id))
      : rootMenu(s, queue, listOptions(db, companyId, queue.id, null));
    return sendBot(s.deps, s.ticket, `${INVALID_OPTION}\n\n${menu}`);
  }
  patchTicket(s, { queueOptionId: target ? target.id : null, amountUsedBotQueues: 0 });
  if (!target) return sendBot(s.deps, s.ticket, rootMenu(s, queue, listOptions(db, companyId, queue.id, null)));
  return sendBot(s.deps, s.ticket, nodeMenu(s, target, listOptions(db, companyId, queue.id, target.id)), target);
}
