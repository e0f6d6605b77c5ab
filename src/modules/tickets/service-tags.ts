import type { Ctx } from "../../core/deps";
import { notFound } from "../../core/errors";
import { companyTagIds, kanbanTagIds, linkTicketTag, replaceTicketTags, unlinkTicketTags } from "../tags";
import { publishTicket } from "./events";
import { getVisibleTicket, loadTicket } from "./service";

function announce(ctx: Ctx, ticketId: number) {
  const t = loadTicket(ctx, ctx.companyId, ticketId)!;
  publishTicket(ctx, t);
  return t;
}

/** POST /tags/sync: replaces all tag links of a ticket (unknown or foreign tags answer 404). */
export function syncTicketTags(ctx: Ctx, ticketId: number, tagIds: number[]) {
  getVisibleTicket(ctx, ticketId);
  const wanted = [...new Set(tagIds)];
  const valid = companyTagIds(ctx.db, ctx.companyId, wanted);
  if (valid.length !== wanted.length) throw notFound("ERR_NO_TAG_FOUND");
  ctx.db.transaction((tx) => replaceTicketTags(tx, ticketId, valid));
  return announce(ctx, ticketId);
}

/** PUT /ticket-tags/{ticketId}/{tagId}: adds one link (kanban move, second half). */
export function addTicketTag(ctx: Ctx, ticketId: number, tagId: number) {
  getVisibleTicket(ctx, ticketId);
  if (!companyTagIds(ctx.db, ctx.companyId, [tagId]).length) throw notFound("ERR_NO_TAG_FOUND");
  linkTicketTag(ctx.db, ticketId, tagId);
  return announce(ctx, ticketId);
}

/** DELETE /ticket-tags/{ticketId}: removes the ticket's links to kanban tags only (kanban move, first half). */
export function removeKanbanTags(ctx: Ctx, ticketId: number) {
  getVisibleTicket(ctx, ticketId);
  unlinkTicketTags(ctx.db, ticketId, kanbanTagIds(ctx.db, ctx.companyId));
  return announce(ctx, ticketId);
}

/**
 * PUT /ticket-tags/{ticketId}/kanban (tagId, or null for the first lane "Em aberto"): the whole kanban
 * move in one transaction, so the ticket ends with exactly one kanban tag (or none) and one frame.
 * Its other (non-kanban) tags are kept.
 */
export function moveKanbanTag(ctx: Ctx, ticketId: number, tagId: number | null) {
  getVisibleTicket(ctx, ticketId);
  const kanbanIds = kanbanTagIds(ctx.db, ctx.companyId);
  if (tagId !== null && !kanbanIds.includes(tagId)) throw notFound("ERR_NO_TAG_FOUND");
  ctx.db.transaction((tx) => {
    unlinkTicketTags(tx, ticketId, kanbanIds);
    if (tagId !== null) linkTicketTag(tx, ticketId, tagId);
  });
  return announce(ctx, ticketId);
}
