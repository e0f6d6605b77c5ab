import { eq } from "drizzle-orm";
import type { Ctx } from "../../http/context";
import { AppError, forbidden, notFound } from "../../http/errors";
import type { MediaHints } from "../../channels/media/describe";
import { isVoiceNote, keepHints, voiceNoteUpload } from "../../channels/media/prepare";
import { type CheckedFile, checkUpload, storeUpload } from "../../http/uploads";
import { renderTemplate } from "../../lib/template";
import { contacts } from "../contacts/schema";
import { getVisibleTicket } from "../tickets/service";
import { findMessage } from "./queries";
import { markTicketRead, sendMessage } from "./service";
import type { MessageDto } from "./serialize";

export interface AgentSend {
  body: string;
  quotedId?: number | null;
  files?: unknown[];
  /** What the browser measured of each file (same order): video thumbnails, sizes, durations. */
  hints?: (MediaHints | null)[];
}

/**
 * POST /messages/{ticketId}: an agent answers an open ticket with text (template variables filled)
 * or with media files (each sent with the body as caption). The ticket is read at the same time.
 */
export async function sendFromAgent(ctx: Ctx, ticketId: number, input: AgentSend): Promise<MessageDto[]> {
  const ticket = getVisibleTicket(ctx, ticketId);
  if (ticket.status !== "open") throw new AppError("ERR_TICKET_NOT_OPEN", 400);
  if (ticket.userId !== ctx.user.id && ctx.user.profile !== "admin") throw forbidden();
  let quotedMsgId: number | null = null;
  if (input.quotedId) {
    const q = findMessage(ctx.db, ctx.companyId, input.quotedId);
    if (!q || q.ticketId !== ticket.id) throw notFound("ERR_NO_MESSAGE_FOUND");
    quotedMsgId = q.id;
  }
  const contact = ctx.db.select({ name: contacts.name }).from(contacts).where(eq(contacts.id, ticket.contactId)).get();
  const body = renderTemplate(input.body, { name: contact?.name }, ctx.config.timezone);
  const files = input.files ?? [];
  const checked = files.map((f) => {
    const name = f instanceof File ? f.name : "";
    return checkUpload(f, isVoiceNote(name) ? "voice" : "attachment");
  });
  // voice notes become Ogg/Opus before anything is sent, so a bad recording sends nothing
  const ready: CheckedFile[] = [];
  for (const c of checked) ready.push(isVoiceNote(c.originalName) ? await voiceNoteUpload(c) : c);
  markTicketRead(ctx, ticket);
  if (!checked.length) {
    if (!body.trim()) throw new AppError("ERR_VALIDATION", 400, { fields: { body: "validation.required" } });
    return [await sendMessage(ctx, ticket, { body, userId: ctx.user.id, quotedMsgId })];
  }
  const out: MessageDto[] = [];
  for (const [i, c] of ready.entries()) {
    const stored = await storeUpload(ctx.config.mediaDir, ctx.companyId, "messages", c);
    await keepHints(`${ctx.config.mediaDir}/${stored.mediaPath}`, stored.mime, input.hints?.[i] ?? undefined);
    out.push(
      await sendMessage(ctx, ticket, {
        body: i === 0 ? body : "",
        userId: ctx.user.id,
        quotedMsgId: i === 0 ? quotedMsgId : null,
        media: {
          path: `${ctx.config.mediaDir}/${stored.mediaPath}`,
          mediaPath: stored.mediaPath,
          mime: stored.mime,
          fileName: stored.mediaName,
          ptt: isVoiceNote(c.originalName),
        },
      }),
    );
  }
  return out;
}
