import type { ExternalSendDto } from "../../contract/dto/external-api";
import { LIMITS } from "../../contract/limits";
import type { ExternalSendInput } from "../../contract/schemas/externalApi";
import { type Ctx, type Deps, systemCtx } from "../../core/deps";
import { audit } from "../audit";
import { AppError } from "../../core/errors";
import { requireFeature } from "../companies";
import { checkUpload, storeUpload } from "../media";
import { isPastDue } from "../../lib/dates";
import { renderTemplate } from "../../lib/template";
import { findCompany } from "../companies";
import { findConnectionByToken } from "../connections";
import type { WhatsappRow } from "../connections";
import { upsertPeerContact } from "../contacts";
import { assertWindowOpen } from "../messages";
import type { MessageDto } from "../messages";
import { sendCompletionMessage } from "../tickets";
import { closeBySystem, ticketForOutbound } from "../tickets";
import { findTicketRow } from "../tickets";

/**
 * The caller of the send API: the connection whose token this is (R-API-9). A missing or
 * unknown token answers 401; a lapsed company 402 (D1); a plan without useExternalApi 403
 * (D2); more than LIMITS.apiSendsPerMinute calls per token in a minute 429.
 */
export async function authenticateApiToken(deps: Deps, header: string | null): Promise<{ ctx: Ctx; connection: WhatsappRow }> {
  const token = header?.startsWith("Bearer ") ? header.slice(7).trim() : "";
  const connection = token.length >= 2 && token.length <= 200 ? await findConnectionByToken(deps.db, token) : undefined;
  if (!connection) throw new AppError("ERR_API_TOKEN_INVALID", 401);
  const company = await findCompany(deps.db, connection.companyId);
  if (!company?.status || isPastDue(company.dueDate, deps.config.timezone)) throw new AppError("ERR_SUBSCRIPTION_EXPIRED", 402, { dueDate: company?.dueDate });
  const ctx = systemCtx(deps, connection.companyId);
  await requireFeature(ctx, "useExternalApi");
  const key = `conn-${connection.id}`;
  const wait = await deps.limiters.api.take(key);
  if (wait) throw new AppError("ERR_TOO_MANY_ATTEMPTS", 429, { retryAfter: wait });
  return { ctx, connection };
}

/**
 * POST /api/messages/send: the number is checked on WhatsApp through this connection (canonical
 * digits), the contact found or created (named after the number), its ticket on this connection
 * found or opened as pending (lifecycle), then the text, or each file with the text as caption of
 * the first, goes out through the outbox; `closeTicket` then resolves the ticket (completion message).
 * Nothing is stored when the connection is not connected.
 */
export async function sendFromApi(ctx: Ctx, connection: WhatsappRow, input: ExternalSendInput, files: unknown[]): Promise<ExternalSendDto> {
  if (files.length > LIMITS.apiFilesMax) throw new AppError("ERR_VALIDATION", 400, { fields: { medias: "validation.tooLong" } });
  if (input.template && connection.channel !== "cloudapi") throw new AppError("ERR_CLOUD_ONLY", 400, { fields: { template: "validation.invalid" } });
  if (input.template && files.length) throw new AppError("ERR_VALIDATION", 400, { fields: { medias: "validation.invalid" } });
  if (!files.length && !input.body.trim() && !input.template) throw new AppError("ERR_VALIDATION", 400, { fields: { body: "validation.required" } });
  const checked = files.map((f) => checkUpload(ctx, f, "attachment"));
  // Several nodes: the session may run on another node (the number is checked there, the message sent from there).
  const adapter = await ctx.sessions.reach(connection.id);
  if (!adapter || (adapter.status !== undefined && adapter.status !== "CONNECTED")) throw new AppError("ERR_WAPP_NOT_INITIALIZED", 409);
  let found: Awaited<ReturnType<typeof adapter.checkNumber>>;
  try {
    found = await adapter.checkNumber(input.number);
  } catch {
    throw new AppError("ERR_WAPP_CHECK_CONTACT", 400);
  }
  if (!found?.exists) throw new AppError("ERR_CHECK_NUMBER", 400);
  const number = found.number || input.number;
  const address = found.address;
  const contact = await ctx.db.transaction(
    async (tx) => (await upsertPeerContact(tx, ctx.companyId, { number, address, pushName: number }, { name: number, whatsappId: connection.id })).contact,
  );
  // A template goes whatever the 24-hour window; free text only inside it (Cloud API), refused before anything is stored.
  const template = input.template
    ? { ...input.template, params: input.template.params.map((p) => renderTemplate(p, { name: contact.name }, ctx.config.timezone)) }
    : null;
  if (template) await ctx.cloudApi.ensureTemplates(connection.id, ctx.clock.now());
  const templateText = template ? (await ctx.cloudApi.resolveTemplate(connection.id, template)).text : null;
  if (!template) await assertWindowOpen(ctx, { companyId: ctx.companyId, whatsappId: connection.id, contactId: contact.id });
  const ticket = await ticketForOutbound(ctx, { companyId: ctx.companyId, contactId: contact.id, whatsappId: connection.id, whenInactive: "pending" });
  const body = renderTemplate(input.body, { name: contact.name }, ctx.config.timezone);
  const sent: MessageDto[] = [];
  if (template && templateText !== null) sent.push(await ctx.outbox.send(ticket, { body: templateText, template }));
  else if (!checked.length) sent.push(await ctx.outbox.send(ticket, { body }));
  for (const [i, c] of checked.entries()) {
    const stored = await storeUpload(ctx.blobs, ctx.companyId, "messages", c);
    sent.push(
      await ctx.outbox.send(ticket, {
        body: i === 0 ? body : "",
        media: { mediaPath: stored.mediaPath, mime: stored.mime, fileName: stored.mediaName },
      }),
    );
  }
  await audit(
    { ...ctx, actor: { type: "token", id: connection.id, name: `API · ${connection.name}` } },
    "message.sent-by-api",
    { type: "ticket", id: ticket.id, label: number },
    { messages: [null, sent.length], closeTicket: [null, !!input.closeTicket] },
  );
  if (input.closeTicket) {
    const current = await findTicketRow(ctx.db, ctx.companyId, ticket.id);
    if (current && (await closeBySystem(ctx, current, "api")))
      await sendCompletionMessage(ctx, (await findTicketRow(ctx.db, ctx.companyId, ticket.id)) ?? current);
  }
  return {
    mensagem: "Mensagem enviada",
    ticketId: ticket.id,
    contactId: contact.id,
    messages: sent.map((m) => ({ id: m.id, wid: m.wid, status: m.sendStatus ?? "queued", mediaType: m.mediaType })),
  };
}
