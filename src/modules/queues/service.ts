import type { QueueDto } from "../../contract/dto/queues";
import { eq } from "drizzle-orm";
import { defaultOpeningHours } from "../../contract/limits";
import type { QueueCreateInput, QueueUpdateInput } from "../../contract/schemas/queues";
import { audit, diffFields } from "../audit";
import type { Ctx } from "../../core/deps";
import { AppError, forbidden, notFound } from "../../core/errors";
import { mediaUrl, removeMedia, replaceAttachment } from "../media";
import { nowIso } from "../../lib/dates";
import { rooms } from "../../contract/rooms";
import { getCompanyPlan } from "../companies";
import { optionMediaOfQueue } from "./options-queries";
import { companyAutoText } from "../settings";
import { canManageQueues } from "./policy";
import { countQueues, findQueue, listCompanyQueues, type QueueRow, queueWithColor, queueWithName } from "./queries";
import { queues } from "./schema";

/** The public shape of a queue. */
export function serializeQueue(q: QueueRow): QueueDto {
  return {
    id: q.id,
    name: q.name,
    color: q.color,
    greetingMessage: q.greetingMessage,
    outOfHoursMessage: q.outOfHoursMessage,
    orderQueue: q.orderQueue,
    integrationId: q.integrationId,
    promptId: q.promptId,
    schedules: q.schedules?.length ? q.schedules : defaultOpeningHours(),
    mediaPath: q.mediaPath,
    mediaName: q.mediaName,
    mediaUrl: mediaUrl(q.mediaPath),
    companyId: q.companyId,
    createdAt: q.createdAt,
    updatedAt: q.updatedAt,
  };
}
export type { QueueDto };

function publishUpdate(ctx: Ctx, q: QueueRow) {
  const queue = serializeQueue(q);
  ctx.hub.publish(rooms.main(ctx.companyId), { channel: "queue", action: "update", queue });
  return queue;
}

/** A queue row of the caller's company, or 404 ERR_NO_QUEUE_FOUND (for other modules too). */
export async function getQueue(ctx: Ctx, id: number): Promise<QueueRow> {
  const q = await findQueue(ctx.db, ctx.companyId, id);
  if (!q) throw notFound("ERR_NO_QUEUE_FOUND");
  return q;
}

/** GET /queue: every queue of the company (a company has at most its plan's count). */
export const listQueues = async (ctx: Ctx) => (await listCompanyQueues(ctx.db, ctx.companyId)).map(serializeQueue);

/** GET /queue/{id}. */
export const showQueue = async (ctx: Ctx, id: number) => serializeQueue(await getQueue(ctx, id));

async function assertUnique(ctx: Ctx, name: string | undefined, color: string | undefined, exceptId = 0) {
  if (name !== undefined && (await queueWithName(ctx.db, ctx.companyId, name, exceptId))) {
    throw new AppError("ERR_QUEUE_NAME_ALREADY_EXISTS", 409);
  }
  if (color !== undefined && (await queueWithColor(ctx.db, ctx.companyId, color, exceptId))) {
    throw new AppError("ERR_QUEUE_COLOR_ALREADY_EXISTS", 409);
  }
}

/**
 * POST /queue: admins; the plan's queue count is a hard limit. The new queue joins the connections
 * that serve every other queue (connections/queue-links.ts), so the chatbot offers it at once.
 */
export async function createQueue(ctx: Ctx, input: QueueCreateInput) {
  if (!canManageQueues(ctx.user)) throw forbidden();
  const plan = await getCompanyPlan(ctx.db, ctx.companyId);
  if (plan && (await countQueues(ctx.db, ctx.companyId)) >= plan.plan.queues) {
    throw new AppError("ERR_PLAN_LIMIT_QUEUES", 400, { limit: plan.plan.queues });
  }
  await assertUnique(ctx, input.name, input.color);
  await ctx.hooks.assertBotRefs(ctx, input);
  const now = nowIso();
  const greeting = await companyAutoText(ctx, ctx.companyId, "connectionGreeting");
  // The plan's limit holds under parallel creation: counted again where the row is written.
  const { row, announce } = await ctx.db.transaction(async (tx) => {
    if (plan && (await countQueues(tx, ctx.companyId)) >= plan.plan.queues) throw new AppError("ERR_PLAN_LIMIT_QUEUES", 400, { limit: plan.plan.queues });
    const created = (
      await tx
        .insert(queues)
        .values({
          companyId: ctx.companyId,
          name: input.name,
          color: input.color,
          greetingMessage: input.greetingMessage ?? "",
          outOfHoursMessage: input.outOfHoursMessage ?? "",
          orderQueue: input.orderQueue ?? null,
          integrationId: input.integrationId ?? null,
          promptId: input.promptId ?? null,
          schedules: input.schedules ?? defaultOpeningHours(),
          createdAt: now,
          updatedAt: now,
        })
        .returning()
    )[0];
    await audit(
      ctx,
      "queue.created",
      { type: "queue", id: created.id, label: created.name },
      diffFields(null, { name: created.name, color: created.color }),
      tx,
    );
    return { row: created, announce: await ctx.hooks.queueCreated(tx, ctx.companyId, created.id, greeting) };
  });
  const queue = publishUpdate(ctx, row);
  await announce();
  return queue;
}

/** PUT /queue/{id}: admins. */
export async function updateQueue(ctx: Ctx, id: number, input: QueueUpdateInput) {
  if (!canManageQueues(ctx.user)) throw forbidden();
  const before = await getQueue(ctx, id);
  await assertUnique(ctx, input.name, input.color, id);
  await ctx.hooks.assertBotRefs(ctx, input);
  const patch: Partial<QueueRow> = { updatedAt: nowIso() };
  for (const k of ["name", "color", "greetingMessage", "outOfHoursMessage", "orderQueue", "integrationId", "promptId", "schedules"] as const) {
    if (input[k] !== undefined) (patch as Record<string, unknown>)[k] = input[k];
  }
  const row = await ctx.db.transaction(async (tx) => {
    const updated = (await tx.update(queues).set(patch).where(eq(queues.id, id)).returning())[0];
    const { updatedAt: _, ...fields } = patch;
    await audit(ctx, "queue.updated", { type: "queue", id, label: updated.name }, diffFields(before, fields), tx);
    return updated;
  });
  return publishUpdate(ctx, row);
}

/** DELETE /queue/{id}: admins; options go with it (cascade), and so do their files. */
export async function deleteQueue(ctx: Ctx, id: number) {
  if (!canManageQueues(ctx.user)) throw forbidden();
  const q = await getQueue(ctx, id);
  const files = [q.mediaPath, ...(await optionMediaOfQueue(ctx.db, id))];
  await ctx.db.transaction(async (tx) => {
    await tx.delete(queues).where(eq(queues.id, id));
    await audit(ctx, "queue.deleted", { type: "queue", id, label: q.name }, undefined, tx);
  });
  for (const f of files) void removeMedia(ctx.blobs, ctx.companyId, f);
  ctx.hub.publish(rooms.main(ctx.companyId), { channel: "queue", action: "delete", queueId: id });
}

/** POST /queue/{id}/media-upload (a file) and DELETE (null): replaces or removes the queue's attachment. */
export async function setQueueMedia(ctx: Ctx, id: number, file: unknown) {
  if (!canManageQueues(ctx.user)) throw forbidden();
  const q = await getQueue(ctx, id);
  return publishUpdate(
    ctx,
    await replaceAttachment(
      ctx,
      "queues",
      file,
      q.mediaPath,
      async (media) => (await ctx.db.update(queues).set(media).where(eq(queues.id, id)).returning())[0] as QueueRow,
    ),
  );
}
