import { and, eq } from "drizzle-orm";
import type { TicketUpdateInput } from "../../contract/schemas/tickets";
import type { Ctx } from "../../core/deps";
import { requestRating } from "./rating";
import { findConnection } from "../connections";
import { findContact } from "../contacts";
import { getSetting } from "../settings";
import { sendAcceptGreeting, sendCompletionMessage, sendTransferText } from "./automatic-texts";
import { accept, assertMayHandle, closeByAgent, reopen, returnToPending, transfer } from "./lifecycle";
import { findTicketRow } from "./queries";
import { type TicketRow, tickets } from "./schema";
import type { TicketDto } from "./serialize";
import { getVisibleTicket, loadTicket } from "./service";

/**
 * PUT /tickets/{id} (R-TKT-8): tells which lifecycle transition the body asks for — accept
 * (pending → open), return (open → pending), resolve (→ closed, with the rating step when it
 * applies), reopen (closed → open), transfer (queue, user or connection changes) — runs it, then
 * sends the automatic texts that follow it. A body that changes nothing reads the ticket.
 */
export async function updateTicket(ctx: Ctx, id: number, input: TicketUpdateInput): Promise<TicketDto> {
  const before = await getVisibleTicket(ctx, id);
  const status = input.status ?? before.status;
  const queueChanges = input.queueId !== undefined && input.queueId !== null && input.queueId !== before.queueId;
  const connectionChanges = !!input.whatsappId && input.whatsappId !== before.whatsappId;
  const ownerChanges = status === "open" && before.status === "open" && input.userId !== undefined && input.userId !== before.userId;

  if (status === "closed") return resolve(ctx, before);
  if (before.status === "closed") return after(ctx, await reopen(ctx, id, input.queueId));
  if (queueChanges || connectionChanges || ownerChanges || (status === "pending" && input.queueId && before.status === "pending")) {
    const userId = status === "open" ? (input.userId ?? ctx.user.id) : null;
    const res = await transfer(ctx, id, { queueId: input.queueId ?? before.queueId, userId, whatsappId: input.whatsappId });
    const row = (await findTicketRow(ctx.db, ctx.companyId, id))!;
    await sendTransferText(ctx, res.before, row, { queue: res.ticket.queue?.name, user: res.ticket.user?.name }, ctx.user.id);
    return after(ctx, res);
  }
  if (status === "open" && (before.status === "pending" || (before.userId !== ctx.user.id && input.userId === undefined))) {
    const res = await accept(ctx, id, input.userId ?? ctx.user.id);
    if (res.changed) await sendAcceptGreeting(ctx, (await findTicketRow(ctx.db, ctx.companyId, id))!, ctx.user);
    return after(ctx, res);
  }
  if (status === "pending" && before.status === "open") return after(ctx, await returnToPending(ctx, id));
  ctx.outbox.markRead(before);
  return (await loadTicket(ctx, ctx.companyId, id))!;
}

/** Reads the ticket after a person's change and answers its fresh wire shape. */
async function after(ctx: Ctx, res: { ticket: TicketDto }): Promise<TicketDto> {
  const row = await findTicketRow(ctx.db, ctx.companyId, res.ticket.id);
  if (row) ctx.outbox.markRead(row);
  return (await loadTicket(ctx, ctx.companyId, res.ticket.id)) ?? res.ticket;
}

/**
 * Resolve (R-BOT-12, R-BOT-11, D9): with userRating on, an agent's 1:1 open ticket asks
 * the customer for 1-3 and waits ("awaiting rating"); otherwise it closes and the completion message goes out.
 */
async function resolve(ctx: Ctx, before: TicketRow): Promise<TicketDto> {
  await assertMayHandle(ctx, before);
  if (!before.awaitingRatingSince && (await wantsRating(ctx, before))) {
    const conn = (await findConnection(ctx.db, ctx.companyId, before.whatsappId!))!;
    const contact = await findContact(ctx.db, ctx.companyId, before.contactId);
    return requestRating(ctx, before, conn, contact?.name ?? "");
  }
  const res = await closeByAgent(ctx, before.id);
  if (res.changed) await sendCompletionMessage(ctx, (await findTicketRow(ctx.db, ctx.companyId, before.id))!, ctx.user.id);
  return (await loadTicket(ctx, ctx.companyId, before.id)) ?? res.ticket;
}

/** Closing asks for a rating when userRating is on, for an agent's 1:1 open ticket on a connection. */
async function wantsRating(ctx: Ctx, t: TicketRow) {
  return (
    !t.isGroup &&
    !!t.userId &&
    !!t.whatsappId &&
    t.status === "open" &&
    (await getSetting(ctx, ctx.companyId, "userRating")) === "enabled" &&
    !!(await findConnection(ctx.db, ctx.companyId, t.whatsappId))
  );
}

/** A user is being deleted (R-TKT-11): each of their open tickets goes back to pending, with the texts that follow. */
export async function releaseUserTickets(ctx: Ctx, userId: number) {
  const open = await ctx.db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.companyId, ctx.companyId), eq(tickets.userId, userId), eq(tickets.status, "open")));
  for (const t of open) await updateTicket(ctx, t.id, { status: "pending", userId: null });
}
