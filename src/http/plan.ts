import type { PlanFlag } from "../contract/limits";
import { getCompanyPlan } from "../modules/companies/queries";
import type { Ctx } from "./context";
import { AppError } from "./errors";

/** Refuses a feature the company's plan does not include (BEHAVIOUR.md decision 2). */
export function requirePlanFlag(ctx: Ctx, flag: PlanFlag) {
  const row = getCompanyPlan(ctx.db, ctx.companyId);
  if (!row?.plan[flag]) throw new AppError("ERR_NO_PERMISSION", 403, { feature: flag });
}
