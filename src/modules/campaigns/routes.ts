import { Elysia } from "elysia";
import { CampaignSettingsBody } from "../../contract/schemas/campaigns";
import { authPlugin } from "../../http/auth";
import type { Deps } from "../../http/context";
import { parse } from "../../http/errors";
import { requireCampaigns } from "./policy";
import { listCampaignSettings, saveCampaignSettings } from "./settings";

/** /campaigns and /campaign-settings (features.md §7), behind the campaign condition. */
export const campaignsRoutes = (deps: Deps) =>
  new Elysia()
    .use(authPlugin(deps))
    // local to this plugin: every route below is behind the campaign condition
    .onBeforeHandle(({ ctx }) => requireCampaigns(ctx))
    .get("/campaign-settings", ({ ctx }) => listCampaignSettings(ctx))
    .post("/campaign-settings", ({ ctx, body }) => saveCampaignSettings(ctx, parse(CampaignSettingsBody, body).settings));
