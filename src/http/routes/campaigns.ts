import { Elysia } from "elysia";
import { CampaignBody, CampaignSettingsBody } from "../../contract/schemas/campaigns";
import { IdParam, PageQuery } from "../../contract/schemas/common";
import { authPlugin } from "../auth";
import type { Deps } from "../../core/deps";
import { parse } from "../../core/errors";
import { requireCampaigns } from "../../modules/campaigns";
import {
  cancelCampaign,
  createCampaign,
  deleteCampaign,
  listCampaigns,
  listShipments,
  restartCampaign,
  resumeCampaign,
  setCampaignMedia,
  showCampaign,
  startCampaign,
  updateCampaign,
} from "../../modules/campaigns";
import { listCampaignSettings, saveCampaignSettings } from "../../modules/campaigns";

/** /campaigns and /campaign-settings (R-API-1), behind the campaign condition. */
export const campaignsRoutes = (deps: Deps) =>
  new Elysia()
    .use(authPlugin(deps))
    // local to this plugin: every route below is behind the campaign condition
    .onBeforeHandle(({ ctx }) => requireCampaigns(ctx))
    .get("/campaign-settings", ({ ctx }) => listCampaignSettings(ctx))
    .post("/campaign-settings", ({ ctx, body }) => saveCampaignSettings(ctx, parse(CampaignSettingsBody, body).settings))
    .get("/campaigns", ({ ctx, query }) => {
      const q = parse(PageQuery, query);
      return listCampaigns(ctx, q.searchParam, q.pageNumber);
    })
    .get("/campaigns/:id", ({ ctx, params }) => showCampaign(ctx, parse(IdParam, params).id))
    .get("/campaigns/:id/shipping", ({ ctx, params, query }) => listShipments(ctx, parse(IdParam, params).id, parse(PageQuery, query).pageNumber))
    .post("/campaigns", ({ ctx, body, set }) => {
      const campaign = createCampaign(ctx, parse(CampaignBody, body));
      set.status = 201;
      return campaign;
    })
    .put("/campaigns/:id", ({ ctx, params, body }) => updateCampaign(ctx, parse(IdParam, params).id, parse(CampaignBody, body)))
    .delete("/campaigns/:id", ({ ctx, params }) => {
      deleteCampaign(ctx, parse(IdParam, params).id);
      return { message: "Campaign deleted" };
    })
    .post("/campaigns/:id/media-upload", ({ ctx, params, body }) =>
      setCampaignMedia(ctx, parse(IdParam, params).id, (body as Record<string, unknown> | null)?.file ?? undefined),
    )
    .delete("/campaigns/:id/media-upload", ({ ctx, params }) => setCampaignMedia(ctx, parse(IdParam, params).id, null))
    .post("/campaigns/:id/start", ({ ctx, params }) => startCampaign(ctx, parse(IdParam, params).id))
    .post("/campaigns/:id/cancel", ({ ctx, params, set }) => {
      cancelCampaign(ctx, parse(IdParam, params).id);
      set.status = 204;
    })
    .post("/campaigns/:id/restart", ({ ctx, params, set }) => {
      restartCampaign(ctx, parse(IdParam, params).id);
      set.status = 204;
    })
    .post("/campaigns/:id/resume", ({ ctx, params, set }) => {
      resumeCampaign(ctx, parse(IdParam, params).id);
      set.status = 204;
    });
