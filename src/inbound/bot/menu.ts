import { renderTemplate } from "../../lib/template";
import { connectionQueues } from "../../modules/connections";
import { listOptions } from "../../modules/queues";
import type { QueueOptionRow } from "../../modules/queues";
import type { QueueRow } from "../../modules/queues";
import { getSetting } from "../../modules/settings";
import { botChooseQueue, botMenuSent, botStartedAt, handToHuman, setBotState } from "../../modules/tickets";
import type { MenuSpec } from "../../core/channel";
import { automationTarget, startAutomation } from "./automation";
import type { BotStep } from "./step";
import { isOutOfHours } from "../../lib/hours";

export const INVALID_OPTION = "Opção inválida, por favor escolha uma opção válida.";
export const BACK_LINE = "*[ 0 ]* - Menu anterior";
export const HOME_LINE = "*[ # ]* - Menu inicial";
/** The menu's own lines as buttons (channels with buttons): the same choices as BACK_LINE and HOME_LINE. */
const BACK_ITEM = { id: "0", title: "Menu anterior" };
const HOME_ITEM = { id: "#", title: "Menu inicial" };
/** Above the buttons when the menu has no text of its own (a button message needs one). */
const CHOOSE = "Escolha uma opção:";

const render = (s: BotStep, text: string) => renderTemplate(text, { name: s.contactName }, s.deps.config.timezone);

/** The connection's greeting and one line per queue: `*[ n ]* - name`. */
export function queueMenuText(greeting: string, queues: QueueRow[]): string {
  const lines = queues.map((q, i) => `*[ ${i + 1} ]* - ${q.name}`).join("\n");
  return greeting.trim() ? `${greeting.trim()}\n\n${lines}` : lines;
}

/** The queue menu as choices: the same numbers as its text. */
export const queueMenuSpec = (greeting: string, queues: QueueRow[], prefix = ""): MenuSpec => ({
  text: [prefix, greeting.trim()].filter(Boolean).join("\n\n") || CHOOSE,
  items: queues.map((q, i) => ({ id: String(i + 1), title: q.name })),
});

/** Option lines `*[ option ]* - title`. */
const optionLines = (opts: QueueOptionRow[]) => opts.map((o) => `*[ ${o.option} ]* - ${o.title}`).join("\n");
const optionItems = (opts: QueueOptionRow[]) => opts.map((o) => ({ id: o.option.trim(), title: o.title }));

/**
 * The queue-selection step (R-BOT-4, D8): one queue is chosen at once; with
 * several, a number picks one, anything else gets the menu, an invalid answer is re-asked once and
 * then the ticket is left for a human; maxUseBotQueues and timeUseBotQueues limit the menu sends.
 */
export async function runQueueMenu(s: BotStep): Promise<void> {
  const queues = await (s.reads ? s.reads.queues() : connectionQueues(s.deps.db, s.conn.id));
  if (!queues.length) return greetOnce(s);
  if (queues.length === 1) {
    if ((await getSetting(s.deps, s.ticket.companyId, "sendGreetingMessageOneQueues")) === "enabled" && s.conn.greetingMessage.trim().length > 1) {
      await s.say(render(s, s.conn.greetingMessage));
    }
    return chooseQueue(s, queues[0]);
  }
  const n = /^\s*(\d{1,3})\s*$/.exec(s.body)?.[1];
  const chosen = n ? queues[Number(n) - 1] : undefined;
  if (chosen) return chooseQueue(s, chosen, true);
  const used = s.ticket.amountUsedBotQueues;
  if (s.conn.maxUseBotQueues > 0 && used >= s.conn.maxUseBotQueues) return;
  if (used >= 2) return;
  const started = await botStartedAt(s.deps, s.ticket.id);
  if (s.conn.timeUseBotQueues > 0 && used > 0 && started) {
    if (s.deps.clock.now() - Date.parse(started) < s.conn.timeUseBotQueues * 60_000) return;
  }
  const greeting = render(s, s.conn.greetingMessage);
  const menu = queueMenuText(greeting, queues);
  await s.say(used === 0 ? menu : `${INVALID_OPTION}\n\n${menu}`, null, queueMenuSpec(greeting, queues, used === 0 ? "" : INVALID_OPTION));
  s.ticket = await botMenuSent(s.deps, s.ticket);
}

/** A connection without queues sends its greeting once per stretch of service. */
async function greetOnce(s: BotStep) {
  if (!s.conn.greetingMessage.trim() || (await botStartedAt(s.deps, s.ticket.id))) return;
  await s.say(render(s, s.conn.greetingMessage));
  s.ticket = await botMenuSent(s.deps, s.ticket);
}

/** Puts the ticket in a queue and greets: the options menu when it has options, else its greeting and media. */
export async function chooseQueue(s: BotStep, queue: QueueRow, menuChoice = false) {
  const options = await listOptions(s.deps.db, s.ticket.companyId, queue.id, null);
  const queueHours = (await getSetting(s.deps, s.ticket.companyId, "scheduleType")) === "queue";
  const closed = queueHours && queue.outOfHoursMessage.trim() && isOutOfHours(queue.schedules, s.deps.config.timezone);
  const automated = closed ? null : await automationTarget(s.deps, s.ticket.companyId, queue);
  s.ticket = await botChooseQueue(s.deps, s.ticket, queue.id, !closed && !automated && options.length > 0);
  if (closed) return s.say(`${render(s, queue.outOfHoursMessage)}\n\n${HOME_LINE}`);
  if (automated && s.msg) {
    // The queue's integration or assistant takes the ticket (R-BOT-5, R-INT-2): a flow or webhook
    // sees this first message; an assistant answers it only when it was not a menu number.
    if (queue.greetingMessage.trim()) await s.say(render(s, queue.greetingMessage), queue);
    return startAutomation(s, s.msg, automated, menuChoice);
  }
  if (options.length) return s.say(rootMenu(s, queue, options), queue, rootSpec(s, queue, options));
  return s.say(render(s, queue.greetingMessage), queue);
}

function rootMenu(s: BotStep, queue: QueueRow, roots: QueueOptionRow[]) {
  const greeting = render(s, queue.greetingMessage).trim();
  return `${greeting ? `${greeting}\n\n` : ""}${optionLines(roots)}\n\n${HOME_LINE}`;
}

function rootSpec(s: BotStep, queue: QueueRow, roots: QueueOptionRow[], prefix = ""): MenuSpec {
  return { text: [prefix, render(s, queue.greetingMessage).trim()].filter(Boolean).join("\n\n") || CHOOSE, items: [...optionItems(roots), HOME_ITEM] };
}

function nodeMenu(s: BotStep, node: QueueOptionRow, children: QueueOptionRow[]) {
  const msg = render(s, node.message || node.title).trim();
  return `${msg}\n\n${children.length ? `${optionLines(children)}\n\n` : ""}${BACK_LINE}\n${HOME_LINE}`;
}

function nodeSpec(s: BotStep, node: QueueOptionRow, children: QueueOptionRow[], prefix = ""): MenuSpec {
  const msg = render(s, node.message || node.title).trim();
  return { text: [prefix, msg].filter(Boolean).join("\n\n") || CHOOSE, items: [...optionItems(children), BACK_ITEM, HOME_ITEM] };
}

/**
 * The option tree walk (R-BOT-6): "0" goes back, a node with one child moves on by itself,
 * otherwise the answer must match a child's ordinal. An invalid answer is re-asked once, then the
 * ticket is handed to a human (bot off).
 */
export async function walkOptions(s: BotStep, queue: QueueRow) {
  const { db } = s.deps;
  const companyId = s.ticket.companyId;
  const body = s.body.trim();
  const current = s.ticket.queueOptionId ? (await listOptions(db, companyId, queue.id)).find((o) => o.id === s.ticket.queueOptionId) : undefined;
  let target: QueueOptionRow | null | undefined;
  if (body === "0" && current) {
    target = current.parentId ? (await listOptions(db, companyId, queue.id)).find((o) => o.id === current.parentId) : null;
  } else {
    const children = await listOptions(db, companyId, queue.id, current ? current.id : null);
    target = current && children.length === 1 ? children[0] : children.find((c) => c.option.trim() === body);
  }
  if (target === undefined) {
    if (s.ticket.amountUsedBotQueues >= 1) {
      s.ticket = await handToHuman(s.deps, s.ticket);
      return;
    }
    s.ticket = await setBotState(s.deps, s.ticket, { amountUsedBotQueues: s.ticket.amountUsedBotQueues + 1 });
    const kids = await listOptions(db, companyId, queue.id, current ? current.id : null);
    const menu = current ? nodeMenu(s, current, kids) : rootMenu(s, queue, kids);
    const spec = current ? nodeSpec(s, current, kids, INVALID_OPTION) : rootSpec(s, queue, kids, INVALID_OPTION);
    return s.say(`${INVALID_OPTION}\n\n${menu}`, null, spec);
  }
  s.ticket = await setBotState(s.deps, s.ticket, { queueOptionId: target ? target.id : null, amountUsedBotQueues: 0 });
  if (!target) {
    const roots = await listOptions(db, companyId, queue.id, null);
    return s.say(rootMenu(s, queue, roots), null, rootSpec(s, queue, roots));
  }
  const kids = await listOptions(db, companyId, queue.id, target.id);
  return s.say(nodeMenu(s, target, kids), target, nodeSpec(s, target, kids));
}
