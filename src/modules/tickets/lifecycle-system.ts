/**
 * The ticket lifecycle, part 2: what the system does to tickets — the inbound path (find, open or
 * reopen a contact's ticket inside the message's transaction), message bookkeeping (preview, unread),
 * the chatbot's state, ratings, jobs (inactivity close, auto-transfer, rating timeout) and tickets
 * for messages we start (schedules, campaigns, the send API, imported history). Same rules as
 * lifecycle.ts: one transaction per change, tracking kept, announced after commit.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { DB, DbOrTx } from "../../core/db";
import { prepared } from "../../db/prepared";
import type { Deps } from "../../core/deps";
import { isoNow } from "../../lib/clock";
import { uuid } from "../../lib/ids";
import { log } from "../../lib/logger";
export type { Place };
import {
  announce,
  casUpdate,
  isActiveTicketConflict,
  finishTracking,
  openTracking,
  type Place,
  patchTracking,
  placeOf,
  plainUpdate,
  startTracking,
  type TicketPatch,
} from "./lifecycle-core";
import { findUser } from "../users";
import { findActiveTicket, findCurrentTicket, findLatestTicket } from "./queries";
import { type TicketRow, tickets, ticketTracking, userRatings } from "./schema";
import type { TicketDto } from "./serialize";

const BOT_OFF: TicketPatch = { chatbot: false, queueOptionId: null, amountUsedBotQueues: 0 };

/** Inserts a new ticket row (the rest of its state starts at the column defaults). */
async function insertTicket(
  tx: DbOrTx,
  values: Pick<TicketRow, "companyId" | "contactId" | "whatsappId" | "status" | "isGroup"> & { queueId?: number | null },
  now: string,
) {
  return (
    await tx
      .insert(tickets)
      .values({ uuid: uuid(), ...values, createdAt: now, updatedAt: now })
      .returning()
  )[0];
}

/** The contact's ticket on a connection: the active one first, else the latest. */
async function currentTicket(tx: DbOrTx, companyId: number, contactId: number, whatsappId: number | null) {
  return (await findActiveTicket(tx, companyId, contactId, whatsappId)) ?? (await findLatestTicket(tx, companyId, contactId, whatsappId));
}

export interface InboundTicket {
  ticket: TicketRow;
  /** Where the ticket was before this message (null: created now); the frame removes it from there. */
  before: Place | null;
}

/**
 * Inside the inbound message's transaction (R-IN-5): the contact's ticket on this
 * connection, created as pending when there is none; a closed one reopens as pending (no owner, no
 * queue, a new stretch of tracking) when the customer writes — never for our own echoes.
 */
export async function ticketForInbound(
  tx: DB,
  spec: { companyId: number; contactId: number; whatsappId: number; isGroup: boolean; fromMe: boolean },
  now: string,
): Promise<InboundTicket> {
  const found = await findCurrentTicket(tx, spec.companyId, spec.contactId, spec.whatsappId);
  if (!found) {
    const ticket = await insertTicket(
      tx,
      { companyId: spec.companyId, contactId: spec.contactId, whatsappId: spec.whatsappId, status: "pending", isGroup: spec.isGroup },
      now,
    );
    await startTracking(tx, ticket, now, { queuedAt: now });
    return { ticket, before: null };
  }
  if (found.status !== "closed" || spec.fromMe) return { ticket: found, before: placeOf(found) };
  const ticket = await plainUpdate(tx, found.id, { status: "pending", userId: null, queueId: null, ...BOT_OFF, awaitingRatingSince: null, updatedAt: now });
  await startTracking(tx, ticket, now, { queuedAt: now });
  return { ticket, before: placeOf(found) };
}

/** How a new message changes its ticket's card. */
export interface MessageNote {
  /** Text shown on the card (body, caption or file name). */
  preview: string;
  fromMe: boolean;
  /** A customer's message: one more unread. */
  inbound: boolean;
  /** A person's answer reads the ticket; the bot's texts leave the customer's messages unread. */
  automatic?: boolean;
}

/**
 * Inside a message's transaction: last message preview, who spoke last, unread counter (+1 for the
 * customer, 0 for a person's answer, unchanged for automatic texts), activity time.
 */
export async function noteMessage(db: DB, ticketId: number, note: MessageNote, now: string): Promise<TicketRow> {
  const q = prepared(db, "tickets.noteMessage", (d) =>
    d
      .update(tickets)
      .set({
        lastMessage: sql`${sql.placeholder("preview")}`,
        fromMe: sql`${sql.placeholder("fromMe")}`,
        unreadMessages: sql`case cast(${sql.placeholder("unread")} as integer) when 1 then ${tickets.unreadMessages} + 1 when 0 then 0 else ${tickets.unreadMessages} end`,
        updatedAt: sql`${sql.placeholder("now")}`,
      })
      .where(eq(tickets.id, sql.placeholder("id")))
      .returning()
      .prepare(),
  );
  const unread = note.inbound ? 1 : note.automatic ? -1 : 0;
  return (await q.get({ id: ticketId, preview: note.preview, fromMe: note.fromMe ? 1 : 0, unread, now }))!;
}

/** The card's preview after a message was deleted: the newest message still shown (R-MSG-8). */
export async function refreshPreview(tx: DbOrTx, ticketId: number, preview: string) {
  await tx.update(tickets).set({ lastMessage: preview }).where(eq(tickets.id, ticketId));
}

/** The unread counter goes to zero (the ticket was read). Answers whether it changed. */
export async function clearUnread(tx: DbOrTx, ticketId: number): Promise<boolean> {
  return !!(
    await tx
      .update(tickets)
      .set({ unreadMessages: 0 })
      .where(and(eq(tickets.id, ticketId), sql`${tickets.unreadMessages} > 0`))
      .returning({ id: tickets.id })
  )[0];
}

export interface OutboundSpec {
  companyId: number;
  contactId: number;
  whatsappId: number | null;
  isGroup?: boolean;
  /**
   * When the contact has no active ticket on the connection: "pending" opens (or reopens) one in the
   * waiting list; "closed" keeps the message in the history of a closed ticket (created closed if needed).
   */
  whenInactive: "pending" | "closed";
  queueId?: number | null;
}

/**
 * The ticket a message we start belongs to (schedules, campaigns, the send API, imported history):
 * the contact's active ticket on the connection, else per `whenInactive`. Announced when it changed.
 */
export async function ticketForOutbound(deps: Deps, spec: OutboundSpec): Promise<TicketRow> {
  const now = isoNow(deps.clock);
  const res = await deps.db.transaction(async (tx) => {
    const found = await currentTicket(tx, spec.companyId, spec.contactId, spec.whatsappId);
    if (found && found.status !== "closed") return { ticket: found, before: undefined };
    if (found && spec.whenInactive === "closed") return { ticket: found, before: undefined };
    if (found) {
      const ticket = (await casUpdate(tx, found, { status: "pending", userId: null, queueId: spec.queueId ?? null, ...BOT_OFF, updatedAt: now })) ?? found;
      if (ticket !== found) await startTracking(tx, ticket, now, { queuedAt: now });
      return { ticket, before: placeOf(found) as Place | null };
    }
    const ticket = await insertTicket(
      tx,
      {
        companyId: spec.companyId,
        contactId: spec.contactId,
        whatsappId: spec.whatsappId,
        status: spec.whenInactive,
        queueId: spec.queueId ?? null,
        isGroup: spec.isGroup ?? false,
      },
      now,
    );
    if (spec.whenInactive === "pending") await startTracking(tx, ticket, now, { queuedAt: now });
    return { ticket, before: null as Place | null };
  });
  if (res.before !== undefined) await announce(deps, res.before, res.ticket);
  return res.ticket;
}

/** The chatbot's own state (menu position, menu sends): no status change, nobody else needs to know. */
export function setBotState(deps: Deps, ticket: TicketRow, patch: Pick<TicketPatch, "queueOptionId" | "amountUsedBotQueues" | "chatbot">): Promise<TicketRow> {
  return plainUpdate(deps.db, ticket.id, patch);
}

/** The queue menu was sent: count it and remember when the bot first ran in this stretch (chatbotAt). */
export function botMenuSent(deps: Deps, ticket: TicketRow): Promise<TicketRow> {
  const now = isoNow(deps.clock);
  return deps.db.transaction(async (tx) => {
    const row = await plainUpdate(tx, ticket.id, { amountUsedBotQueues: ticket.amountUsedBotQueues + 1 });
    const tr = await openTracking(tx, ticket.id);
    if (!tr?.chatbotAt) await patchTracking(tx, row, now, { chatbotAt: now });
    return row;
  });
}

/** When the bot first ran in the current stretch of service (the greeting and menu limits read it). */
export const botStartedAt = async (deps: Deps, ticketId: number): Promise<string | null> => (await openTracking(deps.db, ticketId))?.chatbotAt ?? null;

/** The customer chose a queue (or the connection has one): the ticket joins it, the bot walks its options when it has any. */
export async function botChooseQueue(deps: Deps, ticket: TicketRow, queueId: number, chatbot: boolean): Promise<TicketRow> {
  const now = isoNow(deps.clock);
  const after = await deps.db.transaction(async (tx) => {
    const row = await plainUpdate(tx, ticket.id, { queueId, chatbot, queueOptionId: null, amountUsedBotQueues: 0, updatedAt: now });
    await patchTracking(tx, row, now, { queuedAt: now });
    return row;
  });
  await announce(deps, placeOf(ticket), after);
  return after;
}

/** "#": back to the queue menu — no queue, bot state reset. */
export async function botResetToMenu(deps: Deps, ticket: TicketRow): Promise<TicketRow> {
  const after = await plainUpdate(deps.db, ticket.id, { queueId: null, ...BOT_OFF });
  if (ticket.queueId !== null) await announce(deps, placeOf(ticket), after);
  return after;
}

/** The bot stops and leaves the ticket to a person (an agent wrote, the tree ended, a loop). */
export async function handToHuman(deps: Deps, ticket: TicketRow): Promise<TicketRow> {
  if (!ticket.chatbot && ticket.queueOptionId === null) return ticket;
  const after = await plainUpdate(deps.db, ticket.id, { chatbot: false, queueOptionId: null });
  await announce(deps, null, after);
  return after;
}

/** Integration or AI state of a ticket (queue integrations, prompts), as their handlers set it. */
export function setIntegrationState(
  deps: Deps,
  ticket: TicketRow,
  patch: Pick<TicketPatch, "useIntegration" | "integrationId" | "promptId">,
): Promise<TicketRow> {
  return plainUpdate(deps.db, ticket.id, patch);
}

/** Closing with userRating on (D9): the ticket waits for the customer's 1-3, visibly. */
export async function awaitRating(deps: Deps, ticket: TicketRow): Promise<TicketDto> {
  const now = isoNow(deps.clock);
  const after = await deps.db.transaction(async (tx) => {
    const row = await plainUpdate(tx, ticket.id, { awaitingRatingSince: now, chatbot: false, queueOptionId: null, updatedAt: now });
    await patchTracking(tx, row, now, { ratingAt: now });
    return row;
  });
  return announce(deps, placeOf(ticket), after);
}

export type SystemCloseReason = "bot" | "rating" | "rating-timeout" | "inactivity" | "campaign" | "connection-deleted" | "api";

/**
 * Closes a ticket as the system (R-BOT-13, R-BOT-12): the stretch of tracking is finished
 * (credited to the owner), an answered rating is stored with it, bot and integration state cleared.
 * Answers null when the ticket was already closed or changed meanwhile.
 */
export async function closeBySystem(deps: Deps, ticket: TicketRow, reason: SystemCloseReason, rating?: number | null): Promise<TicketDto | null> {
  if (ticket.status === "closed") return null;
  const now = isoNow(deps.clock);
  const after = await deps.db.transaction(async (tx) => {
    const row = await casUpdate(tx, ticket, {
      status: "closed",
      ...BOT_OFF,
      useIntegration: false,
      integrationId: null,
      promptId: null,
      unreadMessages: 0,
      awaitingRatingSince: null,
      updatedAt: now,
    });
    if (!row) return null;
    if (rating) await tx.insert(userRatings).values({ ticketId: row.id, companyId: row.companyId, userId: row.userId, rate: rating, createdAt: now });
    await finishTracking(tx, row, now, rating ? { rated: true } : {});
    return row;
  });
  if (!after) {
    log.info("system close skipped: the ticket changed", { ticketId: ticket.id, reason });
    return null;
  }
  return announce(deps, placeOf(ticket), after);
}

/**
 * A flow hands the pending ticket to a named user of its company (Typebot's `{"queueId":n,"userId":m}`,
 * R-INT-6): pending → open with that owner, as if they had accepted it. Null when the
 * ticket moved meanwhile (someone accepted it first) or the user is not of the company.
 */
export async function botAssignUser(deps: Deps, ticket: TicketRow, userId: number): Promise<TicketDto | null> {
  if (ticket.status !== "pending" || !(await findUser(deps.db, ticket.companyId, userId))) return null;
  const now = isoNow(deps.clock);
  try {
    const after = await deps.db.transaction(async (tx) => {
      const row = await casUpdate(tx, ticket, { status: "open", userId, ...BOT_OFF, updatedAt: now });
      if (row) await patchTracking(tx, row, now, { startedAt: now, userId, ratingAt: null, rated: false });
      return row;
    });
    return after ? await announce(deps, placeOf(ticket), after) : null;
  } catch (e) {
    // The contact already has another active ticket (the one-active-ticket index): leave this one pending.
    if (isActiveTicketConflict(e)) return null;
    throw e;
  }
}

/** tickets.auto-transfer (R-BOT-14): a pending queue-less ticket moves to the connection's queue. */
export async function autoTransfer(deps: Deps, ticket: TicketRow, queueId: number): Promise<TicketDto | null> {
  const now = isoNow(deps.clock);
  const after = await deps.db.transaction(async (tx) => {
    const row = await casUpdate(tx, ticket, { queueId, chatbot: false, updatedAt: now });
    if (row) await patchTracking(tx, row, now, { queuedAt: now });
    return row;
  });
  return after ? await announce(deps, placeOf(ticket), after) : null;
}

/** A deleted connection: its contacts' active tickets that would clash with a connection-less one are closed. */
export async function closeClashingTicketsOfConnection(tx: DbOrTx, companyId: number, whatsappId: number, now: string) {
  const clashing = await tx
    .select()
    .from(tickets)
    .where(
      and(
        eq(tickets.companyId, companyId),
        eq(tickets.whatsappId, whatsappId),
        inArray(tickets.status, ["open", "pending"]),
        sql`${tickets.contactId} in (select t2.contact_id from tickets t2 where t2.company_id = ${companyId} and t2.whatsapp_id is null and t2.status in ('open', 'pending'))`,
      ),
    );
  for (const t of clashing) {
    const row = await plainUpdate(tx, t.id, { status: "closed", ...BOT_OFF, updatedAt: now });
    await finishTracking(tx, row, now);
  }
}

/**
 * Two contacts turned out to be one person (a LID learned its number): the duplicate's tickets move
 * to the surviving contact; an active one that would clash with the survivor's active ticket on the
 * same connection is closed first (BAILEYS.md §2, R3).
 */
export async function moveTicketsToContact(tx: DbOrTx, companyId: number, fromContactId: number, toContactId: number, now: string) {
  const from = await tx
    .select()
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, fromContactId)));
  for (const t of from) {
    if (t.status !== "closed" && (await findActiveTicket(tx, companyId, toContactId, t.whatsappId))) {
      const row = await plainUpdate(tx, t.id, { status: "closed", ...BOT_OFF, updatedAt: now });
      await finishTracking(tx, row, now);
    }
  }
  await tx.update(tickets).set({ contactId: toContactId }).where(eq(tickets.contactId, fromContactId));
  await tx
    .update(ticketTracking)
    .set({ contactId: toContactId })
    .where(and(eq(ticketTracking.companyId, companyId), eq(ticketTracking.contactId, fromContactId)));
}

/** Tickets whose tracking shows more than one unfinished stretch (a broken invariant; tests and doctor use it). */
export async function ticketsWithTwoOpenStretches(db: DbOrTx, companyId: number): Promise<number[]> {
  return (
    await db
      .select({ ticketId: ticketTracking.ticketId })
      .from(ticketTracking)
      .where(and(eq(ticketTracking.companyId, companyId), sql`${ticketTracking.finishedAt} is null`))
      .groupBy(ticketTracking.ticketId)
      .having(sql`count(*) > 1`)
  ).map((r) => r.ticketId);
}
