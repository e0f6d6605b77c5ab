import type { QueueOptionDto } from "../../contract/dto/queues";
import { eq } from "drizzle-orm";
import type { QueueOptionCreateInput, QueueOptionUpdateInput } from "../../contract/schemas/queues";
import type { Ctx } from "../../core/deps";
import { forbidden, notFound } from "../../core/errors";
import { mediaUrl, removeMedia, replaceAttachment } from "../media";
import { nowIso } from "../../lib/dates";
import { canManageQueues } from "./policy";
import { getQueue } from "./service";
import { findOption, listOptions, type QueueOptionRow, subtreeMedia } from "./options-queries";
import { queueOptions } from "./schema";

/** The public shape of an option. */
export function serializeOption(o: QueueOptionRow): QueueOptionDto {
  return {
    id: o.id,
    queueId: o.queueId,
    parentId: o.parentId,
    title: o.title,
    message: o.message,
    option: o.option,
    mediaPath: o.mediaPath,
    mediaName: o.mediaName,
    mediaUrl: mediaUrl(o.mediaPath),
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
  };
}
export type { QueueOptionDto };

/** An option of the caller's company, or 404 ERR_NO_QUEUE_OPTION_FOUND. */
export async function getOption(ctx: Ctx, id: number): Promise<QueueOptionRow> {
  const o = await findOption(ctx.db, ctx.companyId, id);
  if (!o) throw notFound("ERR_NO_QUEUE_OPTION_FOUND");
  return o;
}

/** GET /queue-options?queueId&parentId (-1 = root level; no parentId = whole tree). */
export async function listQueueOptions(ctx: Ctx, queueId?: number, parentId?: number | null) {
  if (queueId !== undefined) await getQueue(ctx, queueId);
  return (await listOptions(ctx.db, ctx.companyId, queueId, parentId)).map(serializeOption);
}

/** Children of a node (null = root) for the chatbot, ordered by ordinal. */
export const optionChildren = (ctx: Ctx, queueId: number, parentId: number | null) => listOptions(ctx.db, ctx.companyId, queueId, parentId);

/** POST /queue-options: admins; the parent must be an option of the same queue. */
export async function createQueueOption(ctx: Ctx, input: QueueOptionCreateInput) {
  if (!canManageQueues(ctx.user)) throw forbidden();
  await getQueue(ctx, input.queueId);
  const parentId = input.parentId ?? null;
  if (parentId !== null && (await getOption(ctx, parentId)).queueId !== input.queueId) throw notFound("ERR_NO_QUEUE_OPTION_FOUND");
  const now = nowIso();
  const row = (
    await ctx.db
      .insert(queueOptions)
      .values({ queueId: input.queueId, parentId, title: input.title, message: input.message ?? "", option: input.option, createdAt: now, updatedAt: now })
      .returning()
  )[0];
  return serializeOption(row);
}

/** PUT /queue-options/{id}: title, message, ordinal. */
export async function updateQueueOption(ctx: Ctx, id: number, input: QueueOptionUpdateInput) {
  if (!canManageQueues(ctx.user)) throw forbidden();
  await getOption(ctx, id);
  const patch: Partial<QueueOptionRow> = {
    updatedAt: nowIso(),
    ...(input.title !== undefined && { title: input.title }),
    ...(input.message !== undefined && { message: input.message }),
    ...(input.option !== undefined && { option: input.option }),
  };
  return serializeOption((await ctx.db.update(queueOptions).set(patch).where(eq(queueOptions.id, id)).returning())[0]);
}

/** DELETE /queue-options/{id}: the subtree goes with it (ON DELETE CASCADE), files too. */
export async function deleteQueueOption(ctx: Ctx, id: number) {
  if (!canManageQueues(ctx.user)) throw forbidden();
  await getOption(ctx, id);
  const files = await subtreeMedia(ctx.db, id);
  await ctx.db.delete(queueOptions).where(eq(queueOptions.id, id));
  for (const f of files) void removeMedia(ctx.blobs, ctx.companyId, f);
}

/** POST /queue-options/{id}/media-upload (a file) and DELETE (null): replaces or removes the option's attachment. */
export async function setOptionMedia(ctx: Ctx, id: number, file: unknown) {
  if (!canManageQueues(ctx.user)) throw forbidden();
  const o = await getOption(ctx, id);
  return serializeOption(
    await replaceAttachment(
      ctx,
      "queue-options",
      file,
      o.mediaPath,
      async (media) => (await ctx.db.update(queueOptions).set(media).where(eq(queueOptions.id, id)).returning())[0] as QueueOptionRow,
    ),
  );
}
