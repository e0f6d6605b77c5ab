import type { PlanFlag } from "../contract/limits";
import { featureEnabled } from "../modules/companies/features";
import type { Ctx } from "./context";
import { AppError } from "./errors";

/**
 * Refuses a feature the company does not have (D2, issue 22): its plan grants
 * it or the super user granted it beyond the plan, and no company setting hides it.
 */
export function requireFeature(ctx: Ctx, flag: PlanFlag) {
  if (!featureEnabled(ctx.db, ctx.companyId, flag)) throw new AppError("ERR_NO_PERMISSION", 403, { feature: flag });
}
