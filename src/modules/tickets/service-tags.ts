import type { Ctx } from "../../core/deps";
import { notFound } from "../../core/errors";
import { companyTagIds, kanbanTagIds, linkTicketTag, replaceTicketTags, unlinkTicketTags } from "../tags";
import { publishTicket } from "./events";
import { getVisibleTicket, loadTicket } from "./service";

async function announce(ctx: Ctx, ticketId: number) {
  const t = (await loadTicket(ctx, ctx.companyId, ticketId))!;
  publishTicket(ctx, t);
  return t;
}

/** POST /tags/sync: replaces all tag links of a ticket (unknown or foreign tags answer 404). */
export async function syncTicketTags(ctx: Ctx, ticketId: number, tagIds: number[]) {
  await getVisibleTicket(ctx, ticketId);
  const wanted = [...new Set(tagIds)];
  const valid = await companyTagIds(ctx.db, ctx.companyId, wanted);
  if (valid.length !== wanted.length) throw notFound("ERR_NO_TAG_FOUND");
  await ctx.db.transaction((tx) => replaceTicketTags(tx, ticketId, valid));
  return announce(ctx, ticketId);
}

/** PUT /ticket-tags/{ticketId}/{tagId}: adds one link (kanban move, second half). */
export async function addTicketTag(ctx: Ctx, ticketId: number, tagId: number) {
  await getVisibleTicket(ctx, ticketId);
  if (!(await companyTagIds(ctx.db, ctx.companyId, [tagId])).length) throw notFound("ERR_NO_TAG_FOUND");
  await linkTicketTag(ctx.db, ticketId, tagId);
  return announce(ctx, ticketId);
}

/** DELETE /ticket-tags/{ticketId}: removes the ticket's links to kanban tags only (kanban move, first half). */
export async function removeKanbanTags(ctx: Ctx, ticketId: number) {
  await getVisibleTicket(ctx, ticketId);
  await unlinkTicketTags(ctx.db, ticketId, await kanbanTagIds(ctx.db, ctx.companyId));
  return announce(ctx, ticketId);
}

/**
 * PUT /ticket-tags/{ticketId}/kanban (tagId, or null for the first lane "Em aberto"): the whole kanban
 * move in one transaction, so the ticket ends with exactly one kanban tag (or none) and one frame.
 * Its other (non-kanban) tags are kept.
 */
export async function moveKanbanTag(ctx: Ctx, ticketId: number, tagId: number | null) {
  await getVisibleTicket(ctx, ticketId);
  const kanbanIds = await kanbanTagIds(ctx.db, ctx.companyId);
  if (tagId !== null && !kanbanIds.includes(tagId)) throw notFound("ERR_NO_TAG_FOUND");
  await ctx.db.transaction(async (tx) => {
    await unlinkTicketTags(tx, ticketId, kanbanIds);
    if (tagId !== null) await linkTicketTag(tx, ticketId, tagId);
  });
  return announce(ctx, ticketId);
}
