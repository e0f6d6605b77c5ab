import { and, asc, eq, ne } from "drizzle-orm";
import type { PlanDto } from "../../contract/dto/plans";
import type { PlanCreateInput, PlanUpdateInput } from "../../contract/schemas/plans";
import type { DB, DbOrTx } from "../../core/db";
import { audit, diffFields } from "../audit";
import type { Ctx } from "../../core/deps";
import { AppError, notFound } from "../../core/errors";
import { nowIso } from "../../lib/dates";
import { type PlanRow, plans } from "./schema";
import { requirePermission } from "../../core/policy";

/** The public shape of a plan. */
export function serializePlan(p: PlanRow): PlanDto {
  const { createdAt: _c, updatedAt: _u, ...rest } = p;
  return rest;
}
export type { PlanDto };

/** GET /plans/list (public): plans offered on the signup page, ordered by name. */
export async function listPublicPlans(db: DB) {
  return (await db.select().from(plans).where(eq(plans.isPublic, true)).orderBy(asc(plans.name))).map(serializePlan);
}

export const findPlan = async (db: DbOrTx, id: number) => (await db.select().from(plans).where(eq(plans.id, id)).limit(1))[0];

/** First boot (seed): the first plan there is, or the default one (10 users, connections and queues, 30 a month). */
export async function firstOrDefaultPlan(tx: DbOrTx, now: string): Promise<PlanRow> {
  return (
    (await tx.select().from(plans).limit(1))[0] ??
    (await tx.insert(plans).values({ name: "Plano 1", users: 10, connections: 10, queues: 10, value: 30, createdAt: now, updatedAt: now }).returning())[0]
  );
}

async function getPlan(ctx: Ctx, id: number) {
  const row = await findPlan(ctx.db, id);
  if (!row) throw notFound("ERR_NO_PLAN_FOUND");
  return row;
}

async function assertFreeName(ctx: Ctx, name: string, exceptId = 0) {
  const clash = (
    await ctx.db
      .select({ id: plans.id })
      .from(plans)
      .where(and(eq(plans.name, name), ne(plans.id, exceptId)))
      .limit(1)
  )[0];
  if (clash) throw new AppError("ERR_PLAN_NAME_ALREADY_EXISTS", 409);
}

/** GET /plans/all (super users): every plan, hidden ones included, ordered by name. */
export async function listAllPlans(ctx: Ctx) {
  requirePermission(ctx, "platform:plans");
  return (await ctx.db.select().from(plans).orderBy(asc(plans.name))).map(serializePlan);
}

/** GET /plans/{id} (super users). */
export async function showPlan(ctx: Ctx, id: number) {
  requirePermission(ctx, "platform:plans");
  return serializePlan(await getPlan(ctx, id));
}

/** POST /plans (super users): names are unique. */
export async function createPlan(ctx: Ctx, input: PlanCreateInput) {
  requirePermission(ctx, "platform:plans");
  await assertFreeName(ctx, input.name);
  const now = nowIso();
  const row = await ctx.db.transaction(async (tx) => {
    const created = (
      await tx
        .insert(plans)
        .values({ ...input, createdAt: now, updatedAt: now })
        .returning()
    )[0];
    await audit(ctx, "plan.created", { type: "plan", id: created.id, label: created.name }, diffFields(null, input), tx);
    return created;
  });
  return serializePlan(row);
}

/** PUT /plans/{id} (super users). */
export async function updatePlan(ctx: Ctx, id: number, input: PlanUpdateInput) {
  requirePermission(ctx, "platform:plans");
  const before = await getPlan(ctx, id);
  if (input.name !== undefined) await assertFreeName(ctx, input.name, id);
  const row = await ctx.db.transaction(async (tx) => {
    const updated = (
      await tx
        .update(plans)
        .set({ ...input, updatedAt: nowIso() })
        .where(eq(plans.id, id))
        .returning()
    )[0];
    await audit(ctx, "plan.updated", { type: "plan", id, label: updated.name }, diffFields(before, input), tx);
    return updated;
  });
  return serializePlan(row);
}

/** DELETE /plans/{id} (super users): a plan some company uses cannot go (409 ERR_PLAN_IN_USE with the count). */
export async function deletePlan(ctx: Ctx, id: number) {
  requirePermission(ctx, "platform:plans");
  const before = await getPlan(ctx, id);
  const used = await ctx.hooks.companiesOnPlan(ctx.db, id);
  if (used > 0) throw new AppError("ERR_PLAN_IN_USE", 409, { companies: used });
  await ctx.db.transaction(async (tx) => {
    await tx.delete(plans).where(eq(plans.id, id));
    await audit(ctx, "plan.deleted", { type: "plan", id, label: before.name }, undefined, tx);
  });
}
