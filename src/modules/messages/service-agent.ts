import { canHandleEveryTicket } from "../tickets";
import { eq } from "drizzle-orm";
import type { Ctx } from "../../core/deps";
import { AppError, forbidden, notFound } from "../../core/errors";
import type { MediaHints } from "../media";
import { isVoiceNote, keepHints, voiceNoteUpload } from "../media";
import { type CheckedFile, checkUpload, storeUpload } from "../media";
import { renderTemplate } from "../../lib/template";
import { contacts } from "../contacts";
import { getVisibleTicket } from "../tickets";
import type { TemplateChoice } from "../../contract/templates";
import { findMessage } from "./queries";
import { assertWindowOpen, sendsTemplates } from "./window";
import { markTicketRead, sendMessage } from "./service";
import type { MessageDto } from "./serialize";

/** The ticket an agent may write to: visible, open, and theirs (an admin writes to any). */
async function answerableTicket(ctx: Ctx, ticketId: number) {
  const ticket = await getVisibleTicket(ctx, ticketId);
  if (ticket.status !== "open") throw new AppError("ERR_TICKET_NOT_OPEN", 400);
  if (ticket.userId !== ctx.user.id && !canHandleEveryTicket(ctx.user)) throw forbidden();
  return ticket;
}

/**
 * POST /messages/{ticketId}/template: an agent sends one of the connection's approved templates
 * (Cloud API; inside or outside the 24-hour window), its variables filled with the contact's values
 * ({{name}}, {{firstName}}…). The message shows the text the customer reads.
 */
export async function sendTemplateFromAgent(ctx: Ctx, ticketId: number, choice: TemplateChoice): Promise<MessageDto> {
  const ticket = await answerableTicket(ctx, ticketId);
  if (!ticket.whatsappId || !(await sendsTemplates(ctx, ticket))) throw new AppError("ERR_CLOUD_ONLY", 400);
  const contact = (await ctx.db.select({ name: contacts.name }).from(contacts).where(eq(contacts.id, ticket.contactId)).limit(1))[0];
  const params = choice.params.map((p) => renderTemplate(p, { name: contact?.name }, ctx.config.timezone));
  const filled = { ...choice, params };
  await ctx.cloudApi.ensureTemplates(ticket.whatsappId, ctx.clock.now());
  const { text } = await ctx.cloudApi.resolveTemplate(ticket.whatsappId, filled);
  await markTicketRead(ctx, ticket);
  return sendMessage(ctx, ticket, { body: text, userId: ctx.user.id, template: filled });
}

/** POST /messages/reaction/{id}: an agent reacts to a message of a ticket they may write to. */
export async function reactFromAgent(ctx: Ctx, messageId: number, emoji: string): Promise<MessageDto> {
  const target = await findMessage(ctx.db, ctx.companyId, messageId);
  if (!target || target.isDeleted || target.mediaType === "reactionMessage") throw notFound("ERR_NO_MESSAGE_FOUND");
  const ticket = await answerableTicket(ctx, target.ticketId);
  await assertWindowOpen(ctx, ticket);
  return sendMessage(ctx, ticket, { body: emoji, userId: ctx.user.id, quotedMsgId: target.id, reaction: true });
}

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
  const ticket = await answerableTicket(ctx, ticketId);
  // Outside the 24-hour window (Cloud API) WhatsApp refuses free-form messages: only a template goes.
  await assertWindowOpen(ctx, ticket);
  let quotedMsgId: number | null = null;
  if (input.quotedId) {
    const q = await findMessage(ctx.db, ctx.companyId, input.quotedId);
    if (!q || q.ticketId !== ticket.id) throw notFound("ERR_NO_MESSAGE_FOUND");
    quotedMsgId = q.id;
  }
  const contact = (await ctx.db.select({ name: contacts.name }).from(contacts).where(eq(contacts.id, ticket.contactId)).limit(1))[0];
  const body = renderTemplate(input.body, { name: contact?.name }, ctx.config.timezone);
  const files = input.files ?? [];
  const checked = files.map((f) => {
    const name = f instanceof File ? f.name : "";
    return checkUpload(ctx, f, isVoiceNote(name) ? "voice" : "attachment");
  });
  // voice notes become Ogg/Opus before anything is sent, so a bad recording sends nothing
  const ready: CheckedFile[] = [];
  for (const c of checked) ready.push(isVoiceNote(c.originalName) ? await voiceNoteUpload(c) : c);
  await markTicketRead(ctx, ticket);
  if (!checked.length) {
    if (!body.trim()) throw new AppError("ERR_VALIDATION", 400, { fields: { body: "validation.required" } });
    return [await sendMessage(ctx, ticket, { body, userId: ctx.user.id, quotedMsgId })];
  }
  const out: MessageDto[] = [];
  for (const [i, c] of ready.entries()) {
    const stored = await storeUpload(ctx.blobs, ctx.companyId, "messages", c);
    await keepHints(ctx.blobs, stored.mediaPath, stored.mime, input.hints?.[i] ?? undefined);
    out.push(
      await sendMessage(ctx, ticket, {
        body: i === 0 ? body : "",
        userId: ctx.user.id,
        quotedMsgId: i === 0 ? quotedMsgId : null,
        media: {
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
