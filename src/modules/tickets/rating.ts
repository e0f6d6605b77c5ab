import type { Deps } from "../../core/deps";
import { renderTemplate } from "../../lib/template";
import type { WhatsappRow } from "../connections";
import { sendCompletionMessage } from "./automatic-texts";
import { awaitRating, closeBySystem } from "./lifecycle-system";
import type { TicketRow } from "./schema";
import type { TicketDto } from "./serialize";

/** How long a ticket waits for the customer's rating before it closes without one (D9). */
export const RATING_WINDOW_MS = 24 * 3600_000;

export const RATING_PROMPT = "Digite de 1 a 3 para qualificar nosso atendimento:\n\n*1* - _Insatisfeito_\n*2* - _Satisfeito_\n*3* - _Muito Satisfeito_";

/**
 * Closing with userRating on: instead of closing, the ticket shows "awaiting rating" and the
 * customer is asked to rate (1-3) until the answer or the window ends.
 */
export async function requestRating(deps: Deps, ticket: TicketRow, conn: WhatsappRow, contactName: string): Promise<TicketDto> {
  const intro = renderTemplate(conn.ratingMessage, { name: contactName }, deps.config.timezone).trim();
  const dto = await awaitRating(deps, ticket);
  await deps.outbox.send(ticket, { body: intro ? `${intro}\n\n${RATING_PROMPT}` : RATING_PROMPT, isAutomatic: true });
  return dto;
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
  if (await closeBySystem(deps, ticket, "rating", rate)) await sendCompletionMessage(deps, ticket);
  return rate;
}

/** tickets.rating-timeout: closes a ticket whose rating never came (completion message included). */
export async function closeWithoutRating(deps: Deps, ticket: TicketRow) {
  if (await closeBySystem(deps, ticket, "rating-timeout")) await sendCompletionMessage(deps, ticket);
}
