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
export function listPublicPlans(db: DB) {
  return db.select().from(plans).where(eq(plans.isPublic, true)).orderBy(asc(plans.name)).all().map(serializePlan);
}

export const findPlan = (db: DbOrTx, id: number) => db.select().from(plans).where(eq(plans.id, id)).get();

/** First boot (seed): the first plan there is, or the default one (10 users, connections and queues, 30 a month). */
export function firstOrDefaultPlan(tx: DbOrTx, now: string): PlanRow {
  return (
    tx.select().from(plans).get() ??
    tx.insert(plans).values({ name: "Plano 1", users: 10, connections: 10, queues: 10, value: 30, createdAt: now, updatedAt: now }).returning().get()
  );
}

function getPlan(ctx: Ctx, id: number) {
  const row = findPlan(ctx.db, id);
  if (!row) throw notFound("ERR_NO_PLAN_FOUND");
  return row;
}

function assertFreeName(ctx: Ctx, name: string, exceptId = 0) {
  const clash = ctx.db
    .select({ id: plans.id })
    .from(plans)
    .where(and(eq(plans.name, name), ne(plans.id, exceptId)))
    .get();
  if (clash) throw new AppError("ERR_PLAN_NAME_ALREADY_EXISTS", 409);
}

/** GET /plans/all (super users): every plan, hidden ones included, ordered by name. */
export function listAllPlans(ctx: Ctx) {
  requirePermission(ctx, "platform:plans");
  return ctx.db.select().from(plans).orderBy(asc(plans.name)).all().map(serializePlan);
}

/** GET /plans/{id} (super users). */
export function showPlan(ctx: Ctx, id: number) {
  requirePermission(ctx, "platform:plans");
  return serializePlan(getPlan(ctx, id));
}

/** POST /plans (super users): names are unique. */
export function createPlan(ctx: Ctx, input: PlanCreateInput) {
  requirePermission(ctx, "platform:plans");
  assertFreeName(ctx, input.name);
  const now = nowIso();
  const row = ctx.db.transaction((tx) => {
    const created = tx
      .insert(plans)
      .values({ ...input, createdAt: now, updatedAt: now })
      .returning()
      .get();
    audit(ctx, "plan.created", { type: "plan", id: created.id, label: created.name }, diffFields(null, input), tx);
    return created;
  });
  return serializePlan(row);
}

/** PUT /plans/{id} (super users). */
export function updatePlan(ctx: Ctx, id: number, input: PlanUpdateInput) {
  requirePermission(ctx, "platform:plans");
  const before = getPlan(ctx, id);
  if (input.name !== undefined) assertFreeName(ctx, input.name, id);
  const row = ctx.db.transaction((tx) => {
    const updated = tx
      .update(plans)
      .set({ ...input, updatedAt: nowIso() })
      .where(eq(plans.id, id))
      .returning()
      .get();
    audit(ctx, "plan.updated", { type: "plan", id, label: updated.name }, diffFields(before, input), tx);
    return updated;
  });
  return serializePlan(row);
}

/** DELETE /plans/{id} (super users): a plan some company uses cannot go (409 ERR_PLAN_IN_USE with the count). */
export function deletePlan(ctx: Ctx, id: number) {
  requirePermission(ctx, "platform:plans");
  const before = getPlan(ctx, id);
  const used = ctx.hooks.companiesOnPlan(ctx.db, id);
  if (used > 0) throw new AppError("ERR_PLAN_IN_USE", 409, { companies: used });
  ctx.db.transaction((tx) => {
    tx.delete(plans).where(eq(plans.id, id)).run();
    audit(ctx, "plan.deleted", { type: "plan", id, label: before.name }, undefined, tx);
  });
}
