import { Elysia } from "elysia";
import { IdParam } from "../../contract/schemas/common";
import { PlanCreateBody, PlanUpdateBody } from "../../contract/schemas/plans";
import { authPlugin } from "../auth";
import type { Deps } from "../../core/deps";
import { parse } from "../../core/errors";
import { createPlan, deletePlan, listAllPlans, listPublicPlans, showPlan, updatePlan } from "../../modules/plans";

/** /plans routes (R-API-1): the public list for the signup page, the CRUD for super users. */
export const plansRoutes = (deps: Deps) =>
  new Elysia()
    .use(authPlugin(deps))
    .get("/plans/list", () => listPublicPlans(deps.db))
    .get("/plans/all", ({ ctx }) => listAllPlans(ctx))
    .get("/plans/:id", ({ ctx, params }) => showPlan(ctx, parse(IdParam, params).id))
    .post("/plans", ({ ctx, body, set }) => {
      const plan = createPlan(ctx, parse(PlanCreateBody, body));
      set.status = 201;
      return plan;
    })
    .put("/plans/:id", ({ ctx, params, body }) => updatePlan(ctx, parse(IdParam, params).id, parse(PlanUpdateBody, body)))
    .delete("/plans/:id", ({ ctx, params }) => {
      deletePlan(ctx, parse(IdParam, params).id);
      return { message: "Plan deleted" };
    });
