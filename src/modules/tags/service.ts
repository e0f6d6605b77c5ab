import type { Page } from "../../contract/dto/common";
import type { FramePayload } from "../../contract/frames";
import type { TagDto } from "../../contract/dto/tags";
import { eq } from "drizzle-orm";
import { LIMITS } from "../../contract/limits";
import type { TagCreateInput, TagUpdateInput } from "../../contract/schemas/tags";
import { audit, diffFields } from "../audit";
import type { Ctx } from "../../core/deps";
import { AppError, forbidden, notFound } from "../../core/errors";
import { nowIso } from "../../lib/dates";
import { rooms } from "../../contract/rooms";
import { canSetKanban } from "./policy";
import { clearTagLinks, findTag, listCompanyTags, listKanbanTags, pageTags, type TagRow, tagWithName, ticketsCountByTag } from "./queries";
import { tags } from "./schema";

const PAGE = LIMITS.pageSize;

/** The public shape of a tag. */
export function serializeTag(t: TagRow, ticketsCount = 0): TagDto {
  return {
    id: t.id,
    name: t.name,
    color: t.color,
    kanban: t.kanban,
    userId: t.userId,
    companyId: t.companyId,
    ticketsCount,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  };
}
export type { TagDto };

async function withCounts(ctx: Ctx, rows: TagRow[]) {
  const counts = await ticketsCountByTag(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => serializeTag(r, counts.get(r.id) ?? 0));
}

function publish(ctx: Ctx, frame: FramePayload<"tag">) {
  ctx.hub.publish(rooms.main(ctx.companyId), { channel: "tag", ...frame });
}

/** A tag of the caller's company, or 404 ERR_NO_TAG_FOUND (for the tickets module too). */
export async function getTag(ctx: Ctx, id: number): Promise<TagRow> {
  const t = await findTag(ctx.db, ctx.companyId, id);
  if (!t) throw notFound("ERR_NO_TAG_FOUND");
  return t;
}

/** GET /tags: a page ordered by name with ticket counts. */
export async function listTags(ctx: Ctx, search: string, page: number): Promise<Page<"tags", TagDto>> {
  const { rows, total } = await pageTags(ctx.db, ctx.companyId, search, page, PAGE);
  return { tags: await withCounts(ctx, rows), count: total, hasMore: total > page * PAGE };
}

/** GET /tags/list: every tag of the company (pickers). */
export const listAllTags = async (ctx: Ctx, search = "") => withCounts(ctx, await listCompanyTags(ctx.db, ctx.companyId, search));

/** GET /tags/kanban: `{ lista }` of kanban tags. */
export const kanbanTags = async (ctx: Ctx) => ({ lista: await withCounts(ctx, await listKanbanTags(ctx.db, ctx.companyId)) });

/** GET /tags/{id}. */
export const showTag = async (ctx: Ctx, id: number) => (await withCounts(ctx, [await getTag(ctx, id)]))[0];

/** POST /tags: any user; only admins and supervisors may create a kanban tag. */
export async function createTag(ctx: Ctx, input: TagCreateInput) {
  if (input.kanban === 1 && !canSetKanban(ctx.user)) throw forbidden();
  if (await tagWithName(ctx.db, ctx.companyId, input.name)) throw new AppError("ERR_TAG_NAME_ALREADY_EXISTS", 409);
  const now = nowIso();
  const row = await ctx.db.transaction(async (tx) => {
    const created = (
      await tx
        .insert(tags)
        .values({
          companyId: ctx.companyId,
          name: input.name,
          color: input.color,
          kanban: input.kanban ?? 0,
          userId: ctx.user.id || null,
          createdAt: now,
          updatedAt: now,
        })
        .returning()
    )[0];
    await audit(
      ctx,
      "tag.created",
      { type: "tag", id: created.id, label: created.name },
      diffFields(null, { name: created.name, color: created.color, kanban: created.kanban }),
      tx,
    );
    return created;
  });
  const tag = serializeTag(row);
  publish(ctx, { action: "create", tag });
  return tag;
}

/** PUT /tags/{id}: changing the kanban flag needs `tags:kanban`. */
export async function updateTag(ctx: Ctx, id: number, input: TagUpdateInput) {
  const current = await getTag(ctx, id);
  if (input.kanban !== undefined && input.kanban !== current.kanban && !canSetKanban(ctx.user)) throw forbidden();
  if (input.name !== undefined && (await tagWithName(ctx.db, ctx.companyId, input.name, id))) throw new AppError("ERR_TAG_NAME_ALREADY_EXISTS", 409);
  const patch: Partial<TagRow> = {
    updatedAt: nowIso(),
    ...(input.name !== undefined && { name: input.name }),
    ...(input.color !== undefined && { color: input.color }),
    ...(input.kanban !== undefined && { kanban: input.kanban }),
  };
  const row = await ctx.db.transaction(async (tx) => {
    const updated = (await tx.update(tags).set(patch).where(eq(tags.id, id)).returning())[0];
    const { updatedAt: _, ...fields } = patch;
    await audit(ctx, "tag.updated", { type: "tag", id, label: updated.name }, diffFields(current, fields), tx);
    return updated;
  });
  const tag = (await withCounts(ctx, [row]))[0];
  publish(ctx, { action: "update", tag });
  return tag;
}

/** DELETE /tags/{id}: removes its ticket links too; deleting a kanban lane needs `tags:kanban`. */
export async function deleteTag(ctx: Ctx, id: number) {
  const current = await getTag(ctx, id);
  if (current.kanban === 1 && !canSetKanban(ctx.user)) throw forbidden();
  await ctx.db.transaction(async (tx) => {
    await clearTagLinks(tx as unknown as Ctx["db"], id);
    await tx.delete(tags).where(eq(tags.id, id));
    await audit(ctx, "tag.deleted", { type: "tag", id, label: current.name }, undefined, tx);
  });
  publish(ctx, { action: "delete", tagId: id });
}
