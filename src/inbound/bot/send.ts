import { and, eq, gt } from "drizzle-orm";
import type { MenuSpec } from "../../core/channel";
import type { Deps } from "../../core/deps";
import { mimeOfName } from "../../modules/media";
import { messages } from "../../modules/messages";
import type { TicketRow } from "../../modules/tickets";

/** True when this exact automatic text went to the ticket within the last `withinMs`. */
export async function sentAutomaticallySince(deps: Deps, ticketId: number, body: string, withinMs: number): Promise<boolean> {
  const since = new Date(deps.clock.now() - withinMs).toISOString();
  return !!(
    await deps.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.ticketId, ticketId), eq(messages.isAutomatic, true), eq(messages.body, body), gt(messages.createdAt, since)))
      .limit(1)
  )[0];
}

/**
 * Sends an automatic (bot) text, optionally followed by a stored media file. A menu rides with the
 * text: channels with buttons show it as such, the others send the text.
 */
export async function sendBot(deps: Deps, ticket: TicketRow, body: string, media?: { mediaPath: string | null; mediaName: string | null }, menu?: MenuSpec) {
  if (body.trim()) await deps.outbox.send(ticket, { body, isAutomatic: true, menu });
  if (media?.mediaPath) {
    const ext = media.mediaPath.split(".").pop()?.toLowerCase() ?? "";
    const mime = mimeOfName(media.mediaPath);
    await deps.outbox.send(ticket, {
      body: "",
      isAutomatic: true,
      media: { mediaPath: media.mediaPath, mime, fileName: media.mediaName ?? `arquivo.${ext}` },
    });
  }
}
