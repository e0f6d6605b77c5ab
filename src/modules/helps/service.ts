import { asc, count, eq } from "drizzle-orm";
import type { Page } from "../../contract/dto/common";
import type { HelpDto } from "../../contract/dto/helps";
import { LIMITS } from "../../contract/limits";
import type { HelpCreateInput, HelpUpdateInput } from "../../contract/schemas/helps";
import { containsAny } from "../../db/paging";
import type { Ctx } from "../../core/deps";
import { notFound } from "../../core/errors";
import { nowIso } from "../../lib/dates";
import { requirePermission } from "../../core/policy";
import { type HelpRow, helps } from "./schema";

const PAGE = LIMITS.pageSize;

/** The public shape of a help video. */
export const serializeHelp = (h: HelpRow): HelpDto => ({ id: h.id, title: h.title, description: h.description, video: h.video, createdAt: h.createdAt });

async function getHelp(ctx: Ctx, id: number) {
  const row = (await ctx.db.select().from(helps).where(eq(helps.id, id)).limit(1))[0];
  if (!row) throw notFound("ERR_NO_HELP_FOUND");
  return row;
}

/** GET /helps: a page ordered by title, searched by title or description (any signed-in user). */
export async function listHelps(ctx: Ctx, search: string, page: number): Promise<Page<"helps", HelpDto>> {
  const where = search ? containsAny(search, helps.title, helps.description) : undefined;
  const total = (await ctx.db.select({ n: count() }).from(helps).where(where).limit(1))[0]?.n ?? 0;
  const rows = await ctx.db
    .select()
    .from(helps)
    .where(where)
    .orderBy(asc(helps.title), asc(helps.id))
    .limit(PAGE)
    .offset((page - 1) * PAGE);
  return { helps: rows.map(serializeHelp), count: total, hasMore: total > page * PAGE };
}

/** GET /helps/list: every help video (the /helps grid), at most 500. */
export const listAllHelps = async (ctx: Ctx) => (await ctx.db.select().from(helps).orderBy(asc(helps.title), asc(helps.id)).limit(500)).map(serializeHelp);

/** GET /helps/{id}. */
export const showHelp = async (ctx: Ctx, id: number) => serializeHelp(await getHelp(ctx, id));

/** POST /helps (super users). */
export async function createHelp(ctx: Ctx, input: HelpCreateInput) {
  requirePermission(ctx, "helps:manage");
  const now = nowIso();
  return serializeHelp(
    (
      await ctx.db
        .insert(helps)
        .values({ ...input, createdAt: now, updatedAt: now })
        .returning()
    )[0],
  );
}

/** PUT /helps/{id} (super users). */
export async function updateHelp(ctx: Ctx, id: number, input: HelpUpdateInput) {
  requirePermission(ctx, "helps:manage");
  await getHelp(ctx, id);
  return serializeHelp(
    (
      await ctx.db
        .update(helps)
        .set({ ...input, updatedAt: nowIso() })
        .where(eq(helps.id, id))
        .returning()
    )[0],
  );
}

/** DELETE /helps/{id} (super users). */
export async function deleteHelp(ctx: Ctx, id: number) {
  requirePermission(ctx, "helps:manage");
  await getHelp(ctx, id);
  await ctx.db.delete(helps).where(eq(helps.id, id));
}
