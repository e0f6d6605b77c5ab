/**
 * The loop breaker: the chatbot must never talk forever with another bot, and must never silence a
 * person. It tells a bot from a person by what arrives, not by how many answers we gave: our own
 * texts echoed back, the same text repeated machine-fast, another bot's numbered menus or automatic
 * headers. A person walking the menu quickly (Oi, 1, 1, 0, 9, #, 1, 1, 1…) is never stopped.
 */
import { and, desc, eq, gt, sql } from "drizzle-orm";
import { prepared } from "../../db/prepared";
import type { Deps } from "../../core/deps";
import { messages } from "../../modules/messages";

/** Window over which repeats and our own texts are compared. */
export const LOOP_WINDOW_MS = 2 * 60_000;
/** The same text this many times within the window, each within FAST_MS of the previous, is a machine. */
const REPEATS = 3;
const FAST_MS = 1_500;
/** A safety net far above any human pace: this many automatic answers in the window. */
export const LOOP_MAX_AUTOMATIC = 40;
/** Numbered option lines that make a text a menu ("1 - Vendas", "*[ 2 ]* - Suporte", "3) Financeiro"). */
const MENU_LINE = /^\s*[*_]*\s*\[?\s*\d{1,2}\s*\]?\s*[*_]*\s*[-–—.):]\s*\S/;
const AUTO_HEADER = /mensagem autom[aá]tica|auto[- ]?resposta|automatic reply|respuesta autom[aá]tica/i;

export type LoopReason = "echo" | "repeat" | "menu" | "flood";

/** A recent message of the ticket, as the loop breaker compares them. */
export interface Recent {
  body: string;
  fromMe: boolean;
  isAutomatic: boolean;
  at: number;
}

/** How many recent messages are enough to tell a machine (a person's pace never fills this in the window). */
export const RECENT_MAX = 60;

async function recentMessages(deps: Deps, ticketId: number, now: number): Promise<Recent[]> {
  const since = new Date(now - LOOP_WINDOW_MS).toISOString();
  return (
    await prepared(deps.db, "bot.recentMessages", (d) =>
      d
        .select({ body: messages.body, fromMe: messages.fromMe, isAutomatic: messages.isAutomatic, createdAt: messages.createdAt })
        .from(messages)
        .where(and(eq(messages.ticketId, sql.placeholder("ticketId")), gt(messages.createdAt, sql.placeholder("since"))))
        .orderBy(desc(messages.id))
        .limit(RECENT_MAX)
        .prepare(),
    ).all({ ticketId, since })
  ).map((m) => ({ body: m.body.trim(), fromMe: m.fromMe, isAutomatic: m.isAutomatic, at: Date.parse(m.createdAt) }));
}

/** True when a text looks like another bot's menu or automatic reply. */
export function looksAutomated(body: string): boolean {
  if (AUTO_HEADER.test(body)) return true;
  return body.split("\n").filter((l) => MENU_LINE.test(l)).length >= 3;
}

/**
 * Why the bot must stop answering this ticket, or null to go on. `body` is the customer's message
 * that was just stored (it is among the recent messages already). `known`: the ticket's recent messages read
 * already (newest first, within the window: the delivery's one read, delivery-reads.ts).
 */
export async function loopReason(deps: Deps, ticketId: number, body: string, now = deps.clock.now(), known?: Recent[]): Promise<LoopReason | null> {
  const text = body.trim();
  const recent = known ?? (await recentMessages(deps, ticketId, now));
  if (text.length > 20 && recent.some((m) => m.fromMe && m.isAutomatic && m.body === text)) return "echo";
  if (looksAutomated(text)) return "menu";
  const inbound = recent.filter((m) => !m.fromMe);
  const same = inbound.filter((m) => m.body === text);
  if (same.length >= REPEATS) {
    const times = same.slice(0, REPEATS).map((m) => m.at);
    if (times.every((t, i) => i === 0 || times[i - 1] - t <= FAST_MS)) return "repeat";
  }
  if (recent.filter((m) => m.fromMe && m.isAutomatic).length >= LOOP_MAX_AUTOMATIC) return "flood";
  return null;
}
