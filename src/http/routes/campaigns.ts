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
import { byId, created, deleted, page, updated } from "./kit";

/** /campaigns and /campaign-settings (R-API-1), behind the campaign condition. */
export const campaignsRoutes = (deps: Deps) =>
  new Elysia()
    .use(authPlugin(deps))
    // local to this plugin: every route below is behind the campaign condition
    .onBeforeHandle(({ ctx }) => requireCampaigns(ctx))
    .get("/campaign-settings", ({ ctx }) => listCampaignSettings(ctx))
    .post("/campaign-settings", ({ ctx, body }) => saveCampaignSettings(ctx, parse(CampaignSettingsBody, body).settings))
    .get("/campaigns", page(listCampaigns))
    .get("/campaigns/:id", byId(showCampaign))
    .get("/campaigns/:id/shipping", ({ ctx, params, query }) => listShipments(ctx, parse(IdParam, params).id, parse(PageQuery, query).pageNumber))
    .post("/campaigns", created(CampaignBody, createCampaign))
    .put("/campaigns/:id", updated(CampaignBody, updateCampaign))
    .delete("/campaigns/:id", deleted(deleteCampaign, "Campaign deleted"))
    .post("/campaigns/:id/media-upload", ({ ctx, params, body }) =>
      setCampaignMedia(ctx, parse(IdParam, params).id, (body as Record<string, unknown> | null)?.file ?? undefined),
    )
    .delete("/campaigns/:id/media-upload", ({ ctx, params }) => setCampaignMedia(ctx, parse(IdParam, params).id, null))
    .post("/campaigns/:id/start", byId(startCampaign))
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
