import { Elysia } from "elysia";
import * as v from "valibot";
import { IdParam, idField, PageQuery } from "../../contract/schemas/common";
import { QueueIntegrationBody } from "../../contract/schemas/integrations";
import { authPlugin } from "../auth";
import type { Deps } from "../../core/deps";
import { parse } from "../../core/errors";
import { createIntegration, deleteIntegration, listIntegrations, showIntegration, testIntegration, updateIntegration } from "../../modules/integrations";

const TestBody = v.object({ ...QueueIntegrationBody.entries, id: v.optional(v.nullable(idField)) });

/** /queueIntegration routes (R-INT-4); plan flag useIntegrations, admins. */
export const integrationsRoutes = (deps: Deps) =>
  new Elysia()
    .use(authPlugin(deps))
    .get("/queueIntegration", ({ ctx, query }) => {
      const q = parse(PageQuery, query);
      return listIntegrations(ctx, q.searchParam, q.pageNumber);
    })
    .post("/queueIntegration/testSession", ({ ctx, body }) => {
      const { id, ...input } = parse(TestBody, body);
      return testIntegration(ctx, input, id ?? null);
    })
    .get("/queueIntegration/:id", ({ ctx, params }) => showIntegration(ctx, parse(IdParam, params).id))
    .post("/queueIntegration", ({ ctx, body, set }) => {
      const record = createIntegration(ctx, parse(QueueIntegrationBody, body));
      set.status = 201;
      return record;
    })
    .put("/queueIntegration/:id", ({ ctx, params, body }) => updateIntegration(ctx, parse(IdParam, params).id, parse(QueueIntegrationBody, body)))
    .delete("/queueIntegration/:id", ({ ctx, params }) => {
      deleteIntegration(ctx, parse(IdParam, params).id);
      return { message: "Integration deleted" };
    });
