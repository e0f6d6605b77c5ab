import { can } from "../../contract/permissions";
import type { Ctx } from "../../core/deps";
import { forbidden } from "../../core/errors";
import { requireFeature } from "../companies";

/**
 * The campaign condition on the server: the user manages campaigns (`campaigns:manage`) and the
 * company has the feature: its plan (or the super user) grants it and its campaignsEnabled setting
 * does not hide it; the setting alone never grants it (issue 22, D2).
 * Guards every campaign, contact-list and campaign-settings route.
 */
export async function requireCampaigns(ctx: Ctx) {
  if (!can(ctx.user, "campaigns:manage")) throw forbidden();
  await requireFeature(ctx, "useCampaigns");
}
