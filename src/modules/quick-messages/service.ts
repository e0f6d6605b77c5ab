import type { Page } from "../../contract/dto/common";
import type { FramePayload } from "../../contract/frames";
import type { QuickMessageDto } from "../../contract/dto/quick-messages";
import { eq } from "drizzle-orm";
import { LIMITS } from "../../contract/limits";
import type { QuickMessageCreateInput, QuickMessageUpdateInput } from "../../contract/schemas/quickMessages";
import { audit, diffFields } from "../audit";
import type { Ctx } from "../../core/deps";
import { AppError, forbidden, notFound } from "../../core/errors";
import { mediaUrl, removeMedia, replaceAttachment } from "../media";
import { nowIso } from "../../lib/dates";
import { rooms } from "../../contract/rooms";
import { canEditQuickMessage, canReadQuickMessage } from "./policy";
import { findQuickMessage, listVisible, pageQuickMessages, type QuickMessageRow, shortcodeTaken } from "./queries";
import { quickMessages } from "./schema";

const PAGE = LIMITS.pageSize;

/** The public shape of a quick message. */
export function serializeQuickMessage(q: QuickMessageRow): QuickMessageDto {
  return {
    id: q.id,
    shortcode: q.shortcode,
    message: q.message,
    geral: q.geral,
    status: q.status,
    userId: q.userId,
    companyId: q.companyId,
    mediaPath: q.mediaPath,
    mediaName: q.mediaName,
    mediaUrl: mediaUrl(q.mediaPath),
    isMedia: !!q.mediaPath,
    createdAt: q.createdAt,
    updatedAt: q.updatedAt,
  };
}
export type { QuickMessageDto };

/** Geral messages go to the whole company; personal ones only to their author's sockets. */
function publish(ctx: Ctx, q: QuickMessageRow, frame: FramePayload<"quickMessage">) {
  const room = q.geral ? rooms.main(ctx.companyId) : rooms.user(q.userId ?? 0);
  ctx.hub.publish(room, { channel: "quickMessage", ...frame });
}

/** A message the caller may read, or 404 (another user's personal ones do not exist for them). */
async function getReadable(ctx: Ctx, id: number): Promise<QuickMessageRow> {
  const q = await findQuickMessage(ctx.db, ctx.companyId, id);
  if (!q || !canReadQuickMessage(ctx.user, q)) throw notFound("ERR_NO_QUICK_MESSAGE_FOUND");
  return q;
}

async function getEditable(ctx: Ctx, id: number): Promise<QuickMessageRow> {
  const q = await getReadable(ctx, id);
  if (!canEditQuickMessage(ctx.user, q)) throw forbidden();
  return q;
}

/** GET /quick-messages: own and geral, paged, ordered by shortcode. */
export async function listQuickMessages(ctx: Ctx, search: string, page: number): Promise<Page<"records", QuickMessageDto>> {
  const { rows, total } = await pageQuickMessages(ctx.db, ctx.companyId, ctx.user.id, search, page, PAGE);
  return { records: rows.map(serializeQuickMessage), count: total, hasMore: total > page * PAGE };
}

/** GET /quick-messages/list: own OR geral (R-LIB-2); the tenant and user come from the token. */
export const listAllQuickMessages = async (ctx: Ctx) => (await listVisible(ctx.db, ctx.companyId, ctx.user.id)).map(serializeQuickMessage);

/** GET /quick-messages/{id}. */
export const showQuickMessage = async (ctx: Ctx, id: number) => serializeQuickMessage(await getReadable(ctx, id));

/** POST /quick-messages: the caller is the author. */
export async function createQuickMessage(ctx: Ctx, input: QuickMessageCreateInput) {
  if (await shortcodeTaken(ctx.db, ctx.companyId, ctx.user.id, input.geral, input.shortcode)) {
    throw new AppError("ERR_QUICK_MESSAGE_SHORTCODE_EXISTS", 409);
  }
  const now = nowIso();
  const row = await ctx.db.transaction(async (tx) => {
    const created = (
      await tx
        .insert(quickMessages)
        .values({
          companyId: ctx.companyId,
          userId: ctx.user.id,
          shortcode: input.shortcode,
          message: input.message,
          geral: input.geral,
          status: input.status,
          createdAt: now,
          updatedAt: now,
        })
        .returning()
    )[0];
    await audit(
      ctx,
      "quick-message.created",
      { type: "quick-message", id: created.id, label: created.shortcode },
      diffFields(null, { shortcode: created.shortcode, geral: created.geral }),
      tx,
    );
    return created;
  });
  const record = serializeQuickMessage(row);
  publish(ctx, row, { action: "create", record });
  return record;
}

/** PUT /quick-messages/{id}. */
export async function updateQuickMessage(ctx: Ctx, id: number, input: QuickMessageUpdateInput) {
  const current = await getEditable(ctx, id);
  const geral = input.geral ?? current.geral;
  const shortcode = input.shortcode ?? current.shortcode;
  if (await shortcodeTaken(ctx.db, ctx.companyId, current.userId, geral, shortcode, id)) {
    throw new AppError("ERR_QUICK_MESSAGE_SHORTCODE_EXISTS", 409);
  }
  const patch: Partial<QuickMessageRow> = {
    updatedAt: nowIso(),
    shortcode,
    geral,
    ...(input.message !== undefined && { message: input.message }),
    ...(input.status !== undefined && { status: input.status }),
  };
  const row = await ctx.db.transaction(async (tx) => {
    const updated = (await tx.update(quickMessages).set(patch).where(eq(quickMessages.id, id)).returning())[0];
    const { updatedAt: _, ...fields } = patch;
    await audit(ctx, "quick-message.updated", { type: "quick-message", id, label: updated.shortcode }, diffFields(current, fields), tx);
    return updated;
  });
  const record = serializeQuickMessage(row);
  // A message that became personal disappears from the others' lists.
  if (current.geral && !row.geral) publish(ctx, current, { action: "delete", id });
  publish(ctx, row, { action: "update", record });
  return record;
}

/** DELETE /quick-messages/{id}. */
export async function deleteQuickMessage(ctx: Ctx, id: number) {
  const current = await getEditable(ctx, id);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(quickMessages).where(eq(quickMessages.id, id));
    await audit(ctx, "quick-message.deleted", { type: "quick-message", id, label: current.shortcode }, undefined, tx);
  });
  void removeMedia(ctx.blobs, ctx.companyId, current.mediaPath);
  publish(ctx, current, { action: "delete", id });
}

/** POST /quick-messages/{id}/media-upload (file) and DELETE (file null): the message's attachment. */
export async function setQuickMessageMedia(ctx: Ctx, id: number, file: unknown | null) {
  const current = await getEditable(ctx, id);
  const row = await replaceAttachment(
    ctx,
    "quick-messages",
    file,
    current.mediaPath,
    async (media) => (await ctx.db.update(quickMessages).set(media).where(eq(quickMessages.id, id)).returning())[0] as QuickMessageRow,
  );
  const record = serializeQuickMessage(row);
  publish(ctx, row, { action: "update", record });
  return record;
}
