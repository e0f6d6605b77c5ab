import { can } from "../../contract/permissions";
import type { Ctx } from "../../http/context";
import { forbidden } from "../../http/errors";
import { requirePlanFlag } from "../../http/plan";
import { getSetting } from "../settings/service";

/**
 * The campaign condition (features.md §2.1, BEHAVIOUR.md decision 2) on the server: the user manages
 * campaigns (`campaigns:manage`) and the company's plan allows campaigns, or its campaignsEnabled
 * setting is on. Guards every campaign, contact-list and campaign-settings route.
 */
export function requireCampaigns(ctx: Ctx) {
  if (!can(ctx.user, "campaigns:manage")) throw forbidden();
  if (getSetting(ctx.db, ctx.companyId, "campaignsEnabled") === "true") return;
  requirePlanFlag(ctx, "useCampaigns");
}
