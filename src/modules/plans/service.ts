import { asc, eq } from "drizzle-orm";
import type { DB } from "../../db/client";
import { type PlanRow, plans } from "./schema";

/** The public shape of a plan. */
export function serializePlan(p: PlanRow) {
  const { createdAt: _c, updatedAt: _u, ...rest } = p;
  return rest;
}
export type PlanDto = ReturnType<typeof serializePlan>;

/** GET /plans/list (public): plans offered on the signup page, ordered by name. */
export function listPublicPlans(db: DB) {
  return db.select().from(plans).where(eq(plans.isPublic, true)).orderBy(asc(plans.name)).all().map(serializePlan);
}

export const findPlan = (db: DB, id: number) => db.select().from(plans).where(eq(plans.id, id)).get();
