import { and, eq, isNull } from "drizzle-orm";
import type { Deps } from "../http/context";
import { systemCtx } from "../http/context";
import { nowIso } from "../lib/dates";
import { renderTemplate } from "../lib/template";
import type { WhatsappRow } from "../modules/connections/schema";
import { publishTicket } from "../modules/tickets/events";
import { type TicketRow, tickets, ticketTracking, userRatings } from "../modules/tickets/schema";
import { loadTicket } from "../modules/tickets/service";
import { updateTicket } from "../modules/tickets/service-update";
import { sendBot } from "./send";

/** How long a ticket waits for the customer's rating before it closes without one (decision 9). */
export const RATING_WINDOW_MS = 24 * 3600_000;

export const RATING_PROMPT = "Digite de 1 a 3 para qualificar nosso atendimento:\n\n*1* - _Insatisfeito_\n*2* - _Satisfeito_\n*3* - _Muito Satisfeito_";

/**
 * Closing with userRating on: instead of closing, the customer is asked to rate (1-3) and the ticket
 * shows "awaiting rating" until the answer or the window ends.
 */
export async function requestRating(deps: Deps, ticket: TicketRow, conn: WhatsappRow, contactName: string) {
  const now = nowIso();
  const intro = renderTemplate(conn.ratingMessage, { name: contactName }, deps.config.timezone).trim();
  deps.db.update(tickets).set({ awaitingRatingSince: now, chatbot: false, queueOptionId: null, updatedAt: now }).where(eq(tickets.id, ticket.id)).run();
  deps.db
    .update(ticketTracking)
    .set({ ratingAt: now })
    .where(and(eq(ticketTracking.ticketId, ticket.id), isNull(ticketTracking.finishedAt)))
    .run();
  const fresh = deps.db.select().from(tickets).where(eq(tickets.id, ticket.id)).get()!;
  await sendBot(deps, fresh, intro ? `${intro}\n\n${RATING_PROMPT}` : RATING_PROMPT);
  const dto = loadTicket(deps, ticket.companyId, ticket.id);
  if (dto) publishTicket(deps, dto);
}

/** Parses a rating answer: only 1, 2 or 3 count. */
export const parseRating = (body: string): number | null => {
  const m = /^\s*([1-3])\s*[.!]?\s*$/.exec(body);
  return m ? Number(m[1]) : null;
};

/**
 * The customer's answer while a rating is awaited: 1-3 is stored as the rating of the agent who held
 * the ticket; anything else stays a normal message. Either way the ticket then closes (with the
 * completion message).
 */
export async function handleRatingAnswer(deps: Deps, ticket: TicketRow, body: string) {
  const rate = parseRating(body);
  const now = nowIso();
  deps.db.transaction((tx) => {
    if (rate) {
      tx.insert(userRatings).values({ ticketId: ticket.id, companyId: ticket.companyId, userId: ticket.userId, rate, createdAt: now }).run();
      tx.update(ticketTracking)
        .set({ rated: true })
        .where(and(eq(ticketTracking.ticketId, ticket.id), isNull(ticketTracking.finishedAt)))
        .run();
    }
    tx.update(tickets).set({ awaitingRatingSince: null }).where(eq(tickets.id, ticket.id)).run();
  });
  await closeWithoutRating(deps, ticket);
  return rate;
}

/** Closes a ticket as the system (completion message included), skipping the rating step. */
export async function closeWithoutRating(deps: Deps, ticket: TicketRow) {
  deps.db.update(tickets).set({ awaitingRatingSince: null }).where(eq(tickets.id, ticket.id)).run();
  await updateTicket(systemCtx(deps, ticket.companyId), ticket.id, { status: "closed" }, { skipRating: true });
}
