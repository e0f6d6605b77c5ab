import { Elysia } from "elysia";
import { SettingKeyParam, SettingUpdateBody } from "../../contract/schemas/settings";
import { authPlugin } from "../auth";
import type { Deps } from "../../core/deps";
import { parse } from "../../core/errors";
import { readSettings, updateSetting } from "../../modules/settings";

/** /settings routes (R-API-1). */
export const settingsRoutes = (deps: Deps) =>
  new Elysia()
    .use(authPlugin(deps))
    .get("/settings", ({ ctx }) => readSettings(ctx.db, ctx.companyId))
    .put("/settings/:key", ({ ctx, params, body }) => updateSetting(ctx, parse(SettingKeyParam, params).key, parse(SettingUpdateBody, body).value));
