import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../core/db";
import type { Ctx } from "../../core/deps";
import { notFound } from "../../core/errors";
import { tags } from "../tags/schema";
import { publishTicket } from "./events";
import { ticketTags } from "./schema";
import { getVisibleTicket, loadTicket } from "./service";

function companyTagIds(ctx: Ctx, ids: number[]) {
  if (!ids.length) return [];
  return ctx.db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.companyId, ctx.companyId), inArray(tags.id, ids)))
    .all()
    .map((r) => r.id);
}

function announce(ctx: Ctx, ticketId: number) {
  const t = loadTicket(ctx, ctx.companyId, ticketId)!;
  publishTicket(ctx, t);
  return t;
}

/** POST /tags/sync: replaces all tag links of a ticket (unknown or foreign tags answer 404). */
export function syncTicketTags(ctx: Ctx, ticketId: number, tagIds: number[]) {
  getVisibleTicket(ctx, ticketId);
  const wanted = [...new Set(tagIds)];
  const valid = companyTagIds(ctx, wanted);
  if (valid.length !== wanted.length) throw notFound("ERR_NO_TAG_FOUND");
  ctx.db.transaction((tx) => {
    tx.delete(ticketTags).where(eq(ticketTags.ticketId, ticketId)).run();
    if (valid.length)
      tx.insert(ticketTags)
        .values(valid.map((tagId) => ({ ticketId, tagId })))
        .run();
  });
  return announce(ctx, ticketId);
}

/** PUT /ticket-tags/{ticketId}/{tagId}: adds one link (kanban move, second half). */
export function addTicketTag(ctx: Ctx, ticketId: number, tagId: number) {
  getVisibleTicket(ctx, ticketId);
  if (!companyTagIds(ctx, [tagId]).length) throw notFound("ERR_NO_TAG_FOUND");
  ctx.db.insert(ticketTags).values({ ticketId, tagId }).onConflictDoNothing().run();
  return announce(ctx, ticketId);
}

const kanbanTagIds = (ctx: Ctx) =>
  ctx.db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.companyId, ctx.companyId), eq(tags.kanban, 1)))
    .all()
    .map((r) => r.id);

function unlinkKanban(tx: DbOrTx, ticketId: number, kanbanIds: number[]) {
  if (kanbanIds.length)
    tx.delete(ticketTags)
      .where(and(eq(ticketTags.ticketId, ticketId), inArray(ticketTags.tagId, kanbanIds)))
      .run();
}

/** DELETE /ticket-tags/{ticketId}: removes the ticket's links to kanban tags only (kanban move, first half). */
export function removeKanbanTags(ctx: Ctx, ticketId: number) {
  getVisibleTicket(ctx, ticketId);
  unlinkKanban(ctx.db, ticketId, kanbanTagIds(ctx));
  return announce(ctx, ticketId);
}

/**
 * PUT /ticket-tags/{ticketId}/kanban (tagId, or null for the first lane "Em aberto"): the whole kanban
 * move in one transaction, so the ticket ends with exactly one kanban tag (or none) and one frame.
 * Its other (non-kanban) tags are kept.
 */
export function moveKanbanTag(ctx: Ctx, ticketId: number, tagId: number | null) {
  getVisibleTicket(ctx, ticketId);
  const kanbanIds = kanbanTagIds(ctx);
  if (tagId !== null && !kanbanIds.includes(tagId)) throw notFound("ERR_NO_TAG_FOUND");
  ctx.db.transaction((tx) => {
    unlinkKanban(tx, ticketId, kanbanIds);
    if (tagId !== null) tx.insert(ticketTags).values({ ticketId, tagId }).run();
  });
  return announce(ctx, ticketId);
}
