import { and, eq, isNull } from "drizzle-orm";
import type { TicketUpdateInput } from "../../contract/schemas/tickets";
import type { Ctx, Deps } from "../../http/context";
import { forbidden, notFound } from "../../http/errors";
import { nowIso } from "../../lib/dates";
import { renderTemplate } from "../../lib/template";
import { findConnection } from "../connections/queries";
import { findContact } from "../contacts/queries";
import { contacts } from "../contacts/schema";
import { markTicketRead, sendMessage } from "../messages/service";
import { queues } from "../queues/schema";
import { getSetting } from "../settings/service";
import { findUser } from "../users/queries";
import { requestRating } from "../../bot/rating";
import { publishTicket } from "./events";
import { findActiveTicket } from "./queries";
import { type TicketRow, tickets, ticketTracking } from "./schema";
import { getVisibleTicket, loadTicket, otherOpenTicketError } from "./service";

/** Closes the open tracking row or opens one, keeping the dashboard's timeline (BEHAVIOUR.md §4.5). */
function track(deps: Deps, t: TicketRow, patch: Partial<typeof ticketTracking.$inferInsert>, open = true) {
  const current = deps.db
    .select()
    .from(ticketTracking)
    .where(and(eq(ticketTracking.ticketId, t.id), isNull(ticketTracking.finishedAt)))
    .get();
  if (current) deps.db.update(ticketTracking).set(patch).where(eq(ticketTracking.id, current.id)).run();
  else if (open) {
    deps.db
      .insert(ticketTracking)
      .values({ ticketId: t.id, companyId: t.companyId, whatsappId: t.whatsappId, createdAt: nowIso(), ...patch })
      .run();
  }
}

/** Transfer texts when sendMsgTransfTicket is enabled (BEHAVIOUR.md §3.6). */
function transferText(before: TicketRow, after: { queueId: number | null; userId: number | null }, names: { queue?: string; user?: string }) {
  const header = "*Mensagem automática*:\n";
  const queueChanged = after.queueId !== null && after.queueId !== before.queueId;
  const userChanged = after.userId !== null && after.userId !== before.userId;
  if (queueChanged && userChanged && before.userId !== null) {
    return `${header}Você foi transferido para o departamento *${names.queue}* e será atendido por *${names.user}*.`;
  }
  if (queueChanged && (after.userId === null || after.userId === before.userId)) {
    return `${header}Você foi transferido para o departamento *${names.queue}*, aguarde que já vamos atender!`;
  }
  if (userChanged && before.userId !== null && !queueChanged) {
    return `${header}Você foi transferido para o atendente *${names.user}*, aguarde que já vamos atender!`;
  }
  return null;
}

/**
 * PUT /tickets/{id} (core.md §4.1, BEHAVIOUR.md §4.2): accept (pending → open, the caller as owner),
 * return (open → pending, no owner), resolve (→ closed, completion message), reopen (closed → open),
 * transfer (queue, optional user and connection). The bot stops on any change made by a person.
 */
export async function updateTicket(ctx: Ctx, id: number, input: TicketUpdateInput, opts: { skipRating?: boolean } = {}) {
  const before = getVisibleTicket(ctx, id);
  const admin = ctx.user.profile === "admin";
  const status = input.status ?? before.status;
  let userId = input.userId === undefined ? before.userId : input.userId;
  let queueId = input.queueId === undefined ? before.queueId : input.queueId;
  const whatsappId = input.whatsappId === undefined ? before.whatsappId : input.whatsappId;

  if (status === "open" && before.status !== "open" && input.userId === undefined) userId = ctx.user.id;
  if (status === "pending" && input.userId === undefined) userId = null;
  if (userId && userId !== before.userId) {
    const target = findUser(ctx.db, ctx.companyId, userId);
    if (!target) throw notFound("ERR_NO_USER_FOUND");
    if (userId !== ctx.user.id && status === "open" && before.status !== "open" && !admin) throw forbidden();
  }
  let queueName: string | undefined;
  if (queueId && queueId !== before.queueId) {
    const q = ctx.db
      .select()
      .from(queues)
      .where(and(eq(queues.companyId, ctx.companyId), eq(queues.id, queueId)))
      .get();
    if (!q) throw notFound("ERR_NO_QUEUE_FOUND");
    queueName = q.name;
  }
  if (whatsappId && whatsappId !== before.whatsappId && !findConnection(ctx.db, ctx.companyId, whatsappId)) {
    throw notFound("ERR_NO_WAPP_FOUND");
  }
  if ((before.status === "closed" && status !== "closed") || whatsappId !== before.whatsappId) {
    const other = findActiveTicket(ctx.db, ctx.companyId, before.contactId, whatsappId);
    if (other && other.id !== before.id) throw otherOpenTicketError(ctx, ctx.companyId, other.id);
  }
  if (status === "closed") queueId = input.queueId === undefined ? before.queueId : queueId;

  const now = nowIso();
  const closing = status === "closed" && before.status !== "closed";
  if (closing && !opts.skipRating && !before.awaitingRatingSince && wantsRating(ctx, before)) {
    const conn = findConnection(ctx.db, ctx.companyId, before.whatsappId!)!;
    const contact = ctx.db.select({ name: contacts.name }).from(contacts).where(eq(contacts.id, before.contactId)).get();
    await requestRating(ctx, before, conn, contact?.name ?? "");
    return loadTicket(ctx, ctx.companyId, id)!;
  }
  const patch: Partial<TicketRow> = {
    status,
    userId,
    queueId,
    whatsappId,
    chatbot: input.chatbot ?? false,
    queueOptionId: input.queueOptionId ?? null,
    useIntegration: closing ? false : (input.useIntegration ?? false),
    integrationId: closing ? null : (input.integrationId ?? null),
    promptId: closing ? null : (input.promptId ?? null),
    unreadMessages: 0,
    awaitingRatingSince: closing ? null : before.awaitingRatingSince,
    updatedAt: now,
    ...(closing || queueId !== before.queueId ? { amountUsedBotQueues: 0 } : {}),
  };
  try {
    ctx.db.transaction((tx) => {
      tx.update(tickets).set(patch).where(eq(tickets.id, id)).run();
    });
  } catch (e) {
    if (String(e).includes("UNIQUE constraint failed: tickets")) {
      const other = findActiveTicket(ctx.db, ctx.companyId, before.contactId, whatsappId);
      if (other) throw otherOpenTicketError(ctx, ctx.companyId, other.id);
    }
    throw e;
  }
  const after = { ...before, ...patch } as TicketRow;
  if (status === "pending" && before.status !== "pending") track(ctx, after, { queuedAt: now, startedAt: null, userId: null });
  else if (status === "open" && before.status !== "open") track(ctx, after, { startedAt: now, userId, ratingAt: null, rated: false });
  else if (queueId !== before.queueId && queueId) track(ctx, after, { queuedAt: now });
  if (closing) track(ctx, after, { finishedAt: now, userId: before.userId, whatsappId }, false);
  markTicketRead(ctx, after);

  const ticket = loadTicket(ctx, ctx.companyId, id)!;
  publishTicket(ctx, ticket, before);
  await automaticTexts(ctx, before, after, { queue: queueName ?? ticket.queue?.name, user: ticket.user?.name });
  return loadTicket(ctx, ctx.companyId, id)!;
}

/** Closing asks for a rating when userRating is on, for an agent's 1:1 ticket on a connection. */
function wantsRating(ctx: Ctx, t: TicketRow) {
  return (
    !t.isGroup &&
    !!t.userId &&
    !!t.whatsappId &&
    t.status === "open" &&
    getSetting(ctx.db, ctx.companyId, "userRating") === "enabled" &&
    !!findConnection(ctx.db, ctx.companyId, t.whatsappId)
  );
}

/** Accept greeting, transfer text and completion message, sent after the change is saved. */
async function automaticTexts(ctx: Ctx, before: TicketRow, after: TicketRow, names: { queue?: string; user?: string }) {
  const contact = findContact(ctx.db, ctx.companyId, after.contactId);
  const render = (text: string) => renderTemplate(text, { name: contact?.name }, ctx.config.timezone);
  const send = (body: string) => sendMessage(ctx, after, { body, isAutomatic: true, userId: ctx.user.id });
  if (!after.isGroup && after.status === "open" && before.status === "pending" && getSetting(ctx.db, ctx.companyId, "sendGreetingAccepted") === "enabled") {
    await send(render(`*Mensagem Automática*:\n{{ms}} *{{name}}*, meu nome é *${ctx.user.name}* e agora vou prosseguir com seu atendimento!`));
  }
  if (getSetting(ctx.db, ctx.companyId, "sendMsgTransfTicket") === "enabled" && after.status !== "closed") {
    const text = transferText(before, after, names);
    if (text) await send(text);
  }
  if (after.status === "closed" && before.status !== "closed" && after.whatsappId && !after.isGroup) {
    const conn = findConnection(ctx.db, ctx.companyId, after.whatsappId);
    if (conn?.complationMessage.trim()) await send(render(conn.complationMessage));
  }
}
