import { Elysia } from "elysia";
import { CampaignBody, CampaignSettingsBody } from "../../contract/schemas/campaigns";
import { IdParam, PageQuery } from "../../contract/schemas/common";
import { authPlugin } from "../auth";
import type { Deps } from "../../core/deps";
import { parse } from "../../core/errors";
import * as campaigns from "../../modules/campaigns";
import { byId, created, deleted, page, updated, withoutFile } from "./kit";

/** /campaigns and /campaign-settings (R-API-1), behind the campaign condition. */
export const campaignsRoutes = (deps: Deps) =>
  new Elysia()
    .use(authPlugin(deps))
    // local to this plugin: every route below is behind the campaign condition
    .onBeforeHandle(({ ctx }) => campaigns.requireCampaigns(ctx))
    .get("/campaign-settings", ({ ctx }) => campaigns.listCampaignSettings(ctx))
    .post("/campaign-settings", ({ ctx, body }) => campaigns.saveCampaignSettings(ctx, parse(CampaignSettingsBody, body).settings))
    .get("/campaigns", page(campaigns.listCampaigns))
    .get("/campaigns/:id", byId(campaigns.showCampaign))
    .get("/campaigns/:id/shipping", ({ ctx, params, query }) => campaigns.listShipments(ctx, parse(IdParam, params).id, parse(PageQuery, query).pageNumber))
    .post("/campaigns", created(CampaignBody, campaigns.createCampaign))
    .put("/campaigns/:id", updated(CampaignBody, campaigns.updateCampaign))
    .delete("/campaigns/:id", deleted(campaigns.deleteCampaign, "Campaign deleted"))
    .post("/campaigns/:id/media-upload", ({ ctx, params, body }) =>
      campaigns.setCampaignMedia(ctx, parse(IdParam, params).id, (body as Record<string, unknown> | null)?.file ?? undefined),
    )
    .delete("/campaigns/:id/media-upload", withoutFile(campaigns.setCampaignMedia))
    .post("/campaigns/:id/start", byId(campaigns.startCampaign))
    .post("/campaigns/:id/cancel", async ({ ctx, params, set }) => {
      await campaigns.cancelCampaign(ctx, parse(IdParam, params).id);
      set.status = 204;
    })
    .post("/campaigns/:id/restart", async ({ ctx, params, set }) => {
      await campaigns.restartCampaign(ctx, parse(IdParam, params).id);
      set.status = 204;
    })
    .post("/campaigns/:id/resume", async ({ ctx, params, set }) => {
      await campaigns.resumeCampaign(ctx, parse(IdParam, params).id);
      set.status = 204;
    });
