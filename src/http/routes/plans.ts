import { Elysia } from "elysia";
import { PlanCreateBody, PlanUpdateBody } from "../../contract/schemas/plans";
import { authPlugin } from "../auth";
import type { Deps } from "../../core/deps";
import { createPlan, deletePlan, listAllPlans, listPublicPlans, showPlan, updatePlan } from "../../modules/plans";
import { byId, created, deleted, updated } from "./kit";

/** /plans routes (R-API-1): the public list for the signup page, the CRUD for super users. */
export const plansRoutes = (deps: Deps) =>
  new Elysia()
    .use(authPlugin(deps))
    .get("/plans/list", () => listPublicPlans(deps.db))
    .get("/plans/all", ({ ctx }) => listAllPlans(ctx))
    .get("/plans/:id", byId(showPlan))
    .post("/plans", created(PlanCreateBody, createPlan))
    .put("/plans/:id", updated(PlanUpdateBody, updatePlan))
    .delete("/plans/:id", deleted(deletePlan, "Plan deleted"));
