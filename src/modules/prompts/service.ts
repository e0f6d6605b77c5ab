import { eq } from "drizzle-orm";
import type { Page } from "../../contract/dto/common";
import type { PromptDto } from "../../contract/dto/prompts";
import type { FramePayload } from "../../contract/frames";
import { LIMITS } from "../../contract/limits";
import { can } from "../../contract/permissions";
import type { PromptInput } from "../../contract/schemas/prompts";
import { audit, diffFields } from "../audit";
import type { Ctx } from "../../core/deps";
import { AppError, forbidden, notFound } from "../../core/errors";
import { requireFeature } from "../companies";
import { nowIso } from "../../lib/dates";
import { rooms } from "../../contract/rooms";
import { maskToken } from "../../lib/mask";
import { findQueue } from "../queues";
import { findPrompt, pagePrompts, type PromptRow, promptInUse, promptNameTaken, queuesById } from "./queries";
import { prompts } from "./schema";

const PAGE = LIMITS.pageSize;

/** The public shape of a prompt: keys masked ("sk-a••••••••"), never returned in full. */
export function serializePrompt(p: PromptRow, queue: PromptDto["queue"]): PromptDto {
  const { apiKey, voiceKey, ...rest } = p;
  return { ...rest, apiKey: maskToken(apiKey), hasApiKey: !!apiKey, voiceKey: maskToken(voiceKey), queue };
}

const load = async (ctx: Ctx, p: PromptRow) => serializePrompt(p, (await queuesById(ctx.db, [p.queueId])).get(p.queueId ?? 0) ?? null);
const publish = (ctx: Ctx, frame: FramePayload<"prompt">) => ctx.hub.publish(rooms.main(ctx.companyId), { channel: "prompt", ...frame });

async function gate(ctx: Ctx) {
  await requireFeature(ctx, "useOpenAi");
  if (!can(ctx.user, "prompts:manage")) throw forbidden();
}

async function getPrompt(ctx: Ctx, id: number) {
  const p = await findPrompt(ctx.db, ctx.companyId, id);
  if (!p) throw notFound("ERR_NO_PROMPT_FOUND");
  return p;
}

/** A key left empty, or sent back as its mask, keeps the stored one. */
const keepSecret = (incoming: string, stored: string) => (!incoming || incoming === maskToken(stored) ? stored : incoming);

async function check(ctx: Ctx, input: PromptInput, exceptId = 0) {
  if (!(await findQueue(ctx.db, ctx.companyId, input.queueId))) throw new AppError("ERR_VALIDATION", 400, { fields: { queueId: "validation.selectSector" } });
  if (await promptNameTaken(ctx.db, ctx.companyId, input.name, exceptId))
    throw new AppError("ERR_VALIDATION", 400, { fields: { name: "validation.nameTaken" } });
}

/** GET /prompt: a page by name (prompts, count, hasMore). */
export async function listPrompts(ctx: Ctx, search: string, page: number): Promise<Page<"prompts", PromptDto>> {
  await gate(ctx);
  const { rows, total } = await pagePrompts(ctx.db, ctx.companyId, search, page, PAGE);
  const q = await queuesById(
    ctx.db,
    rows.map((r) => r.queueId),
  );
  return { prompts: rows.map((r) => serializePrompt(r, q.get(r.queueId ?? 0) ?? null)), count: total, hasMore: total > page * PAGE };
}

/** GET /prompt/{id}. */
export async function showPrompt(ctx: Ctx, id: number) {
  await gate(ctx);
  return load(ctx, await getPrompt(ctx, id));
}

/** POST /prompt: the API key is required. */
export async function createPrompt(ctx: Ctx, input: PromptInput) {
  await gate(ctx);
  if (!input.apiKey) throw new AppError("ERR_VALIDATION", 400, { fields: { apiKey: "validation.required" } });
  await check(ctx, input);
  const now = nowIso();
  const row = await ctx.db.transaction(async (tx) => {
    const created = (
      await tx
        .insert(prompts)
        .values({ ...input, companyId: ctx.companyId, createdAt: now, updatedAt: now })
        .returning()
    )[0];
    await audit(ctx, "prompt.created", { type: "prompt", id: created.id, label: created.name }, diffFields(null, input), tx);
    return created;
  });
  const dto = await load(ctx, row);
  publish(ctx, { action: "update", prompt: dto });
  return dto;
}

/** PUT /prompt/{id}. */
export async function updatePrompt(ctx: Ctx, id: number, input: PromptInput) {
  await gate(ctx);
  const current = await getPrompt(ctx, id);
  await check(ctx, input, id);
  const patch = { ...input, apiKey: keepSecret(input.apiKey, current.apiKey), voiceKey: keepSecret(input.voiceKey, current.voiceKey) };
  const row = await ctx.db.transaction(async (tx) => {
    const updated = (
      await tx
        .update(prompts)
        .set({ ...patch, updatedAt: nowIso() })
        .where(eq(prompts.id, id))
        .returning()
    )[0];
    await audit(ctx, "prompt.updated", { type: "prompt", id, label: updated.name }, diffFields(current, patch), tx);
    return updated;
  });
  const dto = await load(ctx, row);
  publish(ctx, { action: "update", prompt: dto });
  return dto;
}

/** DELETE /prompt/{id}: refused while a queue or a connection answers with it. */
export async function deletePrompt(ctx: Ctx, id: number) {
  await gate(ctx);
  const current = await getPrompt(ctx, id);
  if (await promptInUse(ctx.db, ctx.companyId, id)) throw new AppError("ERR_PROMPT_IN_USE", 409);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(prompts).where(eq(prompts.id, id));
    await audit(ctx, "prompt.deleted", { type: "prompt", id, label: current.name }, undefined, tx);
  });
  publish(ctx, { action: "delete", promptId: id });
}
