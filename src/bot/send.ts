import { and, count, eq, gt } from "drizzle-orm";
import type { Deps } from "../http/context";
import { mimeOfName } from "../http/uploads";
import { log } from "../lib/logger";
import { messages } from "../modules/messages/schema";
import { sendMessage } from "../modules/messages/service";
import { type TicketRow, tickets } from "../modules/tickets/schema";

/** More automatic messages than this on one ticket within the window means two bots are talking. */
export const LOOP_MAX = 8;
export const LOOP_WINDOW_MS = 2 * 60_000;

/** Automatic messages sent on a ticket since a moment. */
function automaticSince(deps: Deps, ticketId: number, sinceIso: string) {
  return (
    deps.db
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.ticketId, ticketId), eq(messages.isAutomatic, true), gt(messages.createdAt, sinceIso)))
      .get()?.n ?? 0
  );
}

/** True when this exact automatic text went to the ticket within the last `withinMs`. */
export function sentAutomaticallySince(deps: Deps, ticketId: number, body: string, withinMs: number): boolean {
  const since = new Date(Date.now() - withinMs).toISOString();
  return !!deps.db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.ticketId, ticketId), eq(messages.isAutomatic, true), eq(messages.body, body), gt(messages.createdAt, since)))
    .get();
}

/**
 * The loop breaker: true when the bot must stay silent on this ticket because it has already sent
 * too many automatic messages lately, or because the customer's text is one of our own recent bot
 * texts echoed back (another bot on the other side). Silencing also hands the ticket to a human.
 */
export function botLooping(deps: Deps, ticket: TicketRow, inboundBody: string): boolean {
  const since = new Date(Date.now() - LOOP_WINDOW_MS).toISOString();
  const echoed = inboundBody.trim().length > 20 && sentAutomaticallySince(deps, ticket.id, inboundBody, LOOP_WINDOW_MS);
  if (echoed || automaticSince(deps, ticket.id, since) >= LOOP_MAX) {
    if (ticket.chatbot) deps.db.update(tickets).set({ chatbot: false, queueOptionId: null }).where(eq(tickets.id, ticket.id)).run();
    log.warn("bot loop breaker engaged", { ticketId: ticket.id, echoed });
    return true;
  }
  return false;
}

/** Sends an automatic (bot) text, optionally followed by a stored media file. */
export async function sendBot(deps: Deps, ticket: TicketRow, body: string, media?: { mediaPath: string | null; mediaName: string | null }) {
  if (body.trim()) await sendMessage(deps, ticket, { body, isAutomatic: true });
  if (media?.mediaPath) {
    const ext = media.mediaPath.split(".").pop()?.toLowerCase() ?? "";
    const mime = mimeOfName(media.mediaPath);
    await sendMessage(deps, ticket, {
      body: "",
      isAutomatic: true,
      media: { path: `${deps.config.mediaDir}/${media.mediaPath}`, mediaPath: media.mediaPath, mime, fileName: media.mediaName ?? `arquivo.${ext}` },
    });
  }
}
