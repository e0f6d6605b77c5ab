import { Elysia } from "elysia";
import { DashboardQuery } from "../../contract/schemas/dashboard";
import { authPlugin } from "../auth";
import type { Deps } from "../../core/deps";
import { parse } from "../../core/errors";
import { dashboard } from "../../modules/dashboard";

/** GET /dashboard (R-API-1): the admin's counters, attendants and today's hourly tickets. */
export const dashboardRoutes = (deps: Deps) =>
  new Elysia().use(authPlugin(deps)).get("/dashboard", ({ ctx, query }) => dashboard(ctx, parse(DashboardQuery, query)));
