/**
 * The building blocks of the ticket lifecycle (lifecycle.ts, lifecycle-system.ts): compare-and-set
 * writes of a ticket, its tracking row, and the announcement after commit. Nothing outside the
 * lifecycle files writes `tickets` or `ticket_tracking` (tests/unit/ownership.test.ts enforces it).
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../core/db";
import { canPrepare, prepared } from "../../db/prepared";
import type { Deps } from "../../core/deps";
import { AppError } from "../../core/errors";
import { findUser } from "../users";
import { publishTicket } from "./events";
import { findTicketRow } from "./queries";
import { type TicketRow, tickets, ticketTracking } from "./schema";
import { loadTicket } from "./service";
import type { TicketDto } from "./serialize";

/** Where a ticket is listed: the rooms that follow it depend on these three. */
export type Place = Pick<TicketRow, "status" | "queueId" | "userId">;

export const placeOf = (t: Place): Place => ({ status: t.status, queueId: t.queueId, userId: t.userId });

export type TicketPatch = Partial<Omit<TicketRow, "id" | "uuid" | "companyId" | "createdAt">>;
type TrackingPatch = Partial<Omit<typeof ticketTracking.$inferInsert, "id" | "ticketId" | "companyId" | "createdAt">>;

/**
 * Writes a patch only if the ticket is still where the caller read it (status and owner):
 * answers the new row, or null when another writer changed it first.
 */
export async function casUpdate(tx: DbOrTx, before: TicketRow, patch: TicketPatch): Promise<TicketRow | null> {
  return (
    (
      await tx
        .update(tickets)
        .set(patch)
        .where(and(eq(tickets.id, before.id), eq(tickets.status, before.status), sql`coalesce(${tickets.userId}, 0) = ${before.userId ?? 0}`))
        .returning()
    )[0] ?? null
  );
}

/** Writes a patch that does not depend on the ticket's place (bot state, previews). */
export async function plainUpdate(tx: DbOrTx, id: number, patch: TicketPatch): Promise<TicketRow> {
  return (await tx.update(tickets).set(patch).where(eq(tickets.id, id)).returning())[0]!;
}

/** The open tracking row of a ticket (the one not finished yet), if any. */
export async function openTracking(tx: DbOrTx, ticketId: number) {
  if (canPrepare(tx)) {
    return prepared(tx, "tracking.open", (d) =>
      d
        .select()
        .from(ticketTracking)
        .where(and(eq(ticketTracking.ticketId, sql.placeholder("ticketId")), isNull(ticketTracking.finishedAt)))
        .prepare(),
    ).get({ ticketId });
  }
  return (
    await tx
      .select()
      .from(ticketTracking)
      .where(and(eq(ticketTracking.ticketId, ticketId), isNull(ticketTracking.finishedAt)))
      .limit(1)
  )[0];
}

/** Starts a new stretch of service; an unfinished previous one is finished first (one open row at most). */
export async function startTracking(tx: DbOrTx, t: TicketRow, now: string, patch: TrackingPatch) {
  const current = await openTracking(tx, t.id);
  if (current) await tx.update(ticketTracking).set({ finishedAt: now }).where(eq(ticketTracking.id, current.id));
  await tx
    .insert(ticketTracking)
    .values({ ticketId: t.id, companyId: t.companyId, contactId: t.contactId, whatsappId: t.whatsappId, createdAt: now, ...patch });
}

/** Updates the open tracking row, creating one when there is none (R-TKT-15). */
export async function patchTracking(tx: DbOrTx, t: TicketRow, now: string, patch: TrackingPatch) {
  const current = await openTracking(tx, t.id);
  if (current) await tx.update(ticketTracking).set(patch).where(eq(ticketTracking.id, current.id));
  else await startTracking(tx, t, now, { queuedAt: now, ...patch });
}

/** Finishes the open tracking row: the stretch ends, credited to the ticket's owner. */
export async function finishTracking(tx: DbOrTx, t: TicketRow, now: string, patch: TrackingPatch = {}) {
  const current = await openTracking(tx, t.id);
  const values = { finishedAt: now, userId: t.userId, whatsappId: t.whatsappId, ...patch };
  if (current) await tx.update(ticketTracking).set(values).where(eq(ticketTracking.id, current.id));
  else await tx.insert(ticketTracking).values({ ticketId: t.id, companyId: t.companyId, contactId: t.contactId, queuedAt: now, createdAt: now, ...values });
}

/**
 * The 409 answer when a ticket changed under the caller: `ERR_TICKET_ALREADY_ACCEPTED` with the owner
 * when someone else holds it now, else `ERR_TICKET_CHANGED` with its current status.
 */
export async function changedError(db: DbOrTx, companyId: number, id: number): Promise<AppError> {
  const now = await findTicketRow(db, companyId, id);
  if (!now) return new AppError("ERR_NO_TICKET_FOUND", 404);
  if (now.status === "open" && now.userId) {
    const owner = await findUser(db, companyId, now.userId);
    return new AppError("ERR_TICKET_ALREADY_ACCEPTED", 409, { ticketId: id, user: owner ? { id: owner.id, name: owner.name } : null });
  }
  return new AppError("ERR_TICKET_CHANGED", 409, { ticketId: id, status: now.status });
}

/** True when an error is the one-active-ticket-per-contact index refusing a write. */
export const isActiveTicketConflict = (e: unknown) => String((e as Error)?.message ?? e).includes("UNIQUE constraint failed: tickets");

/** Announces a committed change (after commit): its old rooms forget it, its new rooms get it. Answers the DTO. */
export async function announce(deps: Deps, before: Place | null, after: TicketRow): Promise<TicketDto> {
  const dto = (await loadTicket(deps, after.companyId, after.id))!;
  publishTicket(deps, dto, before ?? undefined);
  return dto;
}
