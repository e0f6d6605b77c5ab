/**
 * The ticket lifecycle, part 1: the transitions people make (R-TKT-1 to R-TKT-9).
 * Each transition checks that it is allowed from the ticket's state, writes the ticket and its
 * tracking row in one transaction with a compare-and-set on the state it read (two agents accepting
 * one ticket: one wins, the other gets 409 with the owner), and announces the change after commit.
 * Automatic texts that follow a change (greeting, transfer text, completion message) are the
 * caller's (service-update.ts), sent through the outbox after the change is committed.
 */
import { and, eq } from "drizzle-orm";
import type { Tx } from "../../core/db";
import type { Ctx } from "../../core/deps";
import { AppError, forbidden, notFound } from "../../core/errors";
import { isoNow } from "../../lib/clock";
import { uuid } from "../../lib/ids";
import { defaultConnection, findConnection } from "../connections";
import { findContact } from "../contacts";
import { queues } from "../queues";
import { findUser } from "../users";
import {
  announce,
  casUpdate,
  changedError,
  finishTracking,
  isActiveTicketConflict,
  patchTracking,
  placeOf,
  startTracking,
  type TicketPatch,
} from "./lifecycle-core";
import { publishTicketDeleted } from "./events";
import { audit, diffFields } from "../audit";
import { canDeleteTicket, canHandleEveryTicket } from "./policy";
import { findActiveTicket, findLatestTicket, findTicketRow } from "./queries";
import { type TicketRow, tickets } from "./schema";
import type { TicketDto } from "./serialize";
import { getVisibleTicket, loadTicket, otherOpenTicketError } from "./service";

const handlesAny = (ctx: Ctx) => canHandleEveryTicket(ctx.user);

/** Bot and integration state cleared whenever a person takes a ticket or it closes. */
const BOT_OFF: TicketPatch = { chatbot: false, queueOptionId: null, amountUsedBotQueues: 0 };
const INTEGRATION_OFF: TicketPatch = { useIntegration: false, integrationId: null, promptId: null };

/** An agent may act on a ticket that is pending or theirs; admins on any. Someone else's open ticket answers 409 with its owner. */
export async function assertMayHandle(ctx: Ctx, t: TicketRow) {
  if (handlesAny(ctx) || t.status !== "open" || !t.userId || t.userId === ctx.user.id) return;
  throw await changedError(ctx.db, ctx.companyId, t.id);
}

async function queueOf(ctx: Ctx, queueId: number) {
  const q = (
    await ctx.db
      .select()
      .from(queues)
      .where(and(eq(queues.companyId, ctx.companyId), eq(queues.id, queueId)))
      .limit(1)
  )[0];
  if (!q) throw notFound("ERR_NO_QUEUE_FOUND");
  return q;
}

async function userOf(ctx: Ctx, userId: number) {
  const u = await findUser(ctx.db, ctx.companyId, userId);
  if (!u) throw notFound("ERR_NO_USER_FOUND");
  return u;
}

/** Runs a compare-and-set transition; a lost race answers 409, the one-active-ticket index 409 with the other ticket. */
async function commit(ctx: Ctx, before: TicketRow, write: (tx: Tx) => Promise<TicketRow | null>): Promise<TicketRow> {
  try {
    const after = await ctx.db.transaction((tx) => write(tx));
    if (!after) throw await changedError(ctx.db, ctx.companyId, before.id);
    return after;
  } catch (e) {
    if (!isActiveTicketConflict(e)) throw e;
    const other = await findActiveTicket(ctx.db, ctx.companyId, before.contactId, undefined);
    throw other && other.id !== before.id ? await otherOpenTicketError(ctx, ctx.companyId, other.id) : await changedError(ctx.db, ctx.companyId, before.id);
  }
}

/** pending → open with an owner (the caller, or a user an admin names). Idempotent for the same owner. */
export async function accept(ctx: Ctx, id: number, ownerId = ctx.user.id): Promise<{ before: TicketRow; ticket: TicketDto; changed: boolean }> {
  const before = await getVisibleTicket(ctx, id);
  if (ownerId !== ctx.user.id) {
    if (!handlesAny(ctx)) throw forbidden();
    await userOf(ctx, ownerId);
  }
  if (before.status === "open" && before.userId === ownerId) return { before, ticket: (await loadTicket(ctx, ctx.companyId, id))!, changed: false };
  if (before.status !== "pending") throw await changedError(ctx.db, ctx.companyId, id);
  const now = isoNow(ctx.clock);
  const after = await commit(ctx, before, async (tx) => {
    const row = await casUpdate(tx, before, { status: "open", userId: ownerId, ...BOT_OFF, unreadMessages: 0, updatedAt: now });
    if (row) await patchTracking(tx, row, now, { startedAt: now, userId: ownerId, ratingAt: null, rated: false });
    return row;
  });
  return { before, ticket: await announce(ctx, placeOf(before), after), changed: true };
}

/** open → pending without an owner (back to the queue's waiting list). */
export async function returnToPending(ctx: Ctx, id: number): Promise<{ before: TicketRow; ticket: TicketDto }> {
  const before = await getVisibleTicket(ctx, id);
  await assertMayHandle(ctx, before);
  if (before.status !== "open") throw await changedError(ctx.db, ctx.companyId, id);
  const now = isoNow(ctx.clock);
  const after = await commit(ctx, before, async (tx) => {
    const row = await casUpdate(tx, before, { status: "pending", userId: null, ...BOT_OFF, awaitingRatingSince: null, updatedAt: now });
    if (row) await patchTracking(tx, row, now, { queuedAt: now, startedAt: null, userId: null });
    return row;
  });
  return { before, ticket: await announce(ctx, placeOf(before), after) };
}

export interface TransferInput {
  queueId: number | null;
  userId: number | null;
  whatsappId?: number | null;
}

/**
 * Transfer (R-TKT-5): to a queue, optionally a user (then open and theirs) and a connection;
 * without a user it waits as pending in the queue. A connection change respects one active ticket per contact.
 */
export async function transfer(ctx: Ctx, id: number, input: TransferInput): Promise<{ before: TicketRow; ticket: TicketDto }> {
  const before = await getVisibleTicket(ctx, id);
  await assertMayHandle(ctx, before);
  if (before.status === "closed") throw await changedError(ctx.db, ctx.companyId, id);
  if (input.queueId && input.queueId !== before.queueId) await queueOf(ctx, input.queueId);
  if (input.userId && input.userId !== before.userId) await userOf(ctx, input.userId);
  const whatsappId = input.whatsappId ?? before.whatsappId;
  if (whatsappId !== before.whatsappId) {
    if (whatsappId && !(await findConnection(ctx.db, ctx.companyId, whatsappId))) throw notFound("ERR_NO_WAPP_FOUND");
    const other = await findActiveTicket(ctx.db, ctx.companyId, before.contactId, whatsappId);
    if (other && other.id !== before.id) throw await otherOpenTicketError(ctx, ctx.companyId, other.id);
  }
  const status = input.userId ? "open" : "pending";
  const queueId = input.queueId ?? before.queueId;
  const now = isoNow(ctx.clock);
  const after = await commit(ctx, before, async (tx) => {
    const row = await casUpdate(tx, before, { status, userId: input.userId, queueId, whatsappId, ...BOT_OFF, unreadMessages: 0, updatedAt: now });
    if (!row) return null;
    const queued = queueId !== before.queueId || status === "pending" ? { queuedAt: now } : {};
    if (status === "pending") await patchTracking(tx, row, now, { ...queued, startedAt: null, userId: null });
    else if (before.status !== "open" || before.userId !== row.userId) await patchTracking(tx, row, now, { ...queued, startedAt: now, userId: row.userId });
    else await patchTracking(tx, row, now, queued);
    await audit(
      ctx,
      "ticket.transferred",
      { type: "ticket", id: row.id },
      diffFields(before, { queueId: row.queueId, userId: row.userId, whatsappId: row.whatsappId, status: row.status }),
      tx,
    );
    return row;
  });
  return { before, ticket: await announce(ctx, placeOf(before), after) };
}

/**
 * open|pending → closed by a person (the rating step is decided by the caller before this). The
 * stretch of service ends in tracking; bot and integration state is cleared. Closing a closed
 * ticket changes nothing.
 */
export async function closeByAgent(ctx: Ctx, id: number): Promise<{ before: TicketRow; ticket: TicketDto; changed: boolean }> {
  const before = await getVisibleTicket(ctx, id);
  await assertMayHandle(ctx, before);
  if (before.status === "closed") return { before, ticket: (await loadTicket(ctx, ctx.companyId, id))!, changed: false };
  const now = isoNow(ctx.clock);
  const after = await commit(ctx, before, async (tx) => {
    const row = await casUpdate(tx, before, { status: "closed", ...BOT_OFF, ...INTEGRATION_OFF, unreadMessages: 0, awaitingRatingSince: null, updatedAt: now });
    if (row) await finishTracking(tx, row, now);
    return row;
  });
  return { before, ticket: await announce(ctx, placeOf(before), after), changed: true };
}

/** closed → open with the caller as owner (R-TKT-7), in the given queue or its own. */
export async function reopen(ctx: Ctx, id: number, queueId?: number | null): Promise<{ before: TicketRow; ticket: TicketDto }> {
  const before = await getVisibleTicket(ctx, id);
  if (before.status !== "closed") throw await changedError(ctx.db, ctx.companyId, id);
  if (queueId && queueId !== before.queueId) await queueOf(ctx, queueId);
  const other = await findActiveTicket(ctx.db, ctx.companyId, before.contactId, before.whatsappId);
  if (other) throw await otherOpenTicketError(ctx, ctx.companyId, other.id);
  const now = isoNow(ctx.clock);
  const after = await commit(ctx, before, async (tx) => {
    const row = await casUpdate(tx, before, {
      status: "open",
      userId: ctx.user.id,
      queueId: queueId === undefined ? before.queueId : queueId,
      ...BOT_OFF,
      unreadMessages: 0,
      updatedAt: now,
    });
    if (row) await startTracking(tx, row, now, { queuedAt: now, startedAt: now, userId: ctx.user.id });
    return row;
  });
  return { before, ticket: await announce(ctx, placeOf(before), after) };
}

export interface OpenInput {
  contactId: number;
  queueId?: number | null;
  userId?: number | null;
  whatsappId?: number | null;
}

/**
 * POST /tickets (R-TKT-9): opens a ticket for a contact, status open, owned by the caller
 * (or a user an admin names). The connection is the given one, else the caller's default, else the
 * company's. Another active ticket of the contact answers 409 with its owner and queue; the caller's
 * own one is answered as is. The contact's latest closed ticket on that connection is reused.
 */
export async function openForContact(ctx: Ctx, input: OpenInput): Promise<{ ticket: TicketDto; created: boolean }> {
  const admin = handlesAny(ctx);
  const contact = await findContact(ctx.db, ctx.companyId, input.contactId);
  if (!contact) throw notFound("ERR_NO_CONTACT_FOUND");
  const queueId = input.queueId ?? null;
  if (!queueId && !admin) throw new AppError("ERR_VALIDATION", 400, { fields: { queueId: "validation.selectQueue" } });
  if (queueId) {
    await queueOf(ctx, queueId);
    if (!admin && !ctx.user.queueIds.includes(queueId)) throw forbidden();
  }
  let ownerId = ctx.user.id;
  if (input.userId && input.userId !== ctx.user.id) {
    if (!admin) throw forbidden();
    ownerId = (await userOf(ctx, input.userId)).id;
  }
  let whatsappId: number | null;
  if (input.whatsappId) {
    if (!(await findConnection(ctx.db, ctx.companyId, input.whatsappId))) throw notFound("ERR_NO_WAPP_FOUND");
    whatsappId = input.whatsappId;
  } else {
    const own = ctx.user.whatsappId ? await findConnection(ctx.db, ctx.companyId, ctx.user.whatsappId) : undefined;
    whatsappId = (own ?? (await defaultConnection(ctx.db, ctx.companyId)))?.id ?? null;
  }
  const mineOrConflict = async (otherId: number, otherUser: number | null) => {
    if (otherUser === ctx.user.id) return { ticket: (await loadTicket(ctx, ctx.companyId, otherId))!, created: false };
    throw await otherOpenTicketError(ctx, ctx.companyId, otherId);
  };
  const existing = await findActiveTicket(ctx.db, ctx.companyId, contact.id, input.whatsappId ? whatsappId : undefined);
  if (existing) return mineOrConflict(existing.id, existing.userId);
  const now = isoNow(ctx.clock);
  let created: { before: TicketRow | null; after: TicketRow };
  try {
    created = await ctx.db.transaction(async (tx) => {
      const latest = await findLatestTicket(tx, ctx.companyId, contact.id, whatsappId);
      const values = { status: "open" as const, userId: ownerId, queueId, whatsappId, unreadMessages: 0, ...BOT_OFF, updatedAt: now };
      const reuse = latest?.status === "closed" ? latest : null;
      const after = reuse
        ? await casUpdate(tx, reuse, values)
        : (
            await tx
              .insert(tickets)
              .values({ ...values, uuid: uuid(), companyId: ctx.companyId, contactId: contact.id, isGroup: contact.isGroup, createdAt: now })
              .returning()
          )[0];
      if (!after) throw new AppError("ERR_CREATING_TICKET", 409);
      await startTracking(tx, after, now, { queuedAt: now, startedAt: now, userId: ownerId });
      return { before: reuse, after };
    });
  } catch (e) {
    if (!isActiveTicketConflict(e)) throw e;
    // A concurrent create or an inbound message won the race: answer like the pre-check would.
    const other = await findActiveTicket(ctx.db, ctx.companyId, contact.id, whatsappId);
    if (!other) throw new AppError("ERR_CREATING_TICKET", 409);
    return mineOrConflict(other.id, other.userId);
  }
  return { ticket: await announce(ctx, created.before ? placeOf(created.before) : null, created.after), created: true };
}

/** DELETE /tickets/{id}: admins only; messages, tags and tracking go with it. */
export async function deleteTicket(ctx: Ctx, id: number) {
  const row = await findTicketRow(ctx.db, ctx.companyId, id);
  if (!row) throw notFound("ERR_NO_TICKET_FOUND");
  if (!canDeleteTicket(ctx.user)) throw forbidden();
  await ctx.db.transaction(async (tx) => {
    await tx.delete(tickets).where(eq(tickets.id, id));
    await audit(ctx, "ticket.deleted", { type: "ticket", id }, diffFields(row, { contactId: null, status: null }), tx);
  });
  publishTicketDeleted(ctx, ctx.companyId, id, row);
}
