import { FEATURE_SETTINGS, PLAN_FLAGS, type PlanFlag } from "../../contract/limits";
import type { Ctx, Deps } from "../../core/deps";
import { AppError } from "../../core/errors";
import { getSetting } from "../settings";
import { getCompanyPlan } from "./queries";

/** Each feature on or off for a company. */
export type Features = Record<PlanFlag, boolean>;

/**
 * The one rule for a company's features (issue 22): the plan grants a feature, or the super user
 * grants it beyond the plan (`companies.featureGrants`); a company setting may then hide it
 * (FEATURE_SETTINGS: "false" hides), never grant it.
 */
export function resolveFeatures(plan: Partial<Features> | null | undefined, grants: readonly string[], setting: (key: string) => string): Features {
  const out = {} as Features;
  for (const flag of PLAN_FLAGS) {
    const granted = !!plan?.[flag] || grants.includes(flag);
    const hideKey = FEATURE_SETTINGS[flag];
    out[flag] = granted && !(hideKey && setting(hideKey) === "false");
  }
  return out;
}

/** A company's features now (all off for an unknown company). */
export async function companyFeatures(deps: Pick<Deps, "db" | "caches">, companyId: number): Promise<Features> {
  const row = await getCompanyPlan(deps.db, companyId);
  const hidden = new Map<string, string>();
  for (const key of new Set(Object.values(FEATURE_SETTINGS))) if (key) hidden.set(key, await getSetting(deps, companyId, key));
  return resolveFeatures(row?.plan, row?.company.featureGrants ?? [], (key) => hidden.get(key) ?? "");
}

/** Whether a company has one feature (see resolveFeatures). */
export async function featureEnabled(deps: Pick<Deps, "db" | "caches">, companyId: number, flag: PlanFlag): Promise<boolean> {
  return (await companyFeatures(deps, companyId))[flag];
}

/**
 * Refuses a feature the company does not have (D2, issue 22): its plan grants
 * it or the super user granted it beyond the plan, and no company setting hides it.
 */
export async function requireFeature(ctx: Ctx, flag: PlanFlag) {
  if (!(await featureEnabled(ctx, ctx.companyId, flag))) throw new AppError("ERR_NO_PERMISSION", 403, { feature: flag });
}
