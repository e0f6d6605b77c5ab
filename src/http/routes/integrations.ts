import { Elysia } from "elysia";
import * as v from "valibot";
import { idField } from "../../contract/schemas/common";
import { QueueIntegrationBody } from "../../contract/schemas/integrations";
import { authPlugin } from "../auth";
import type { Deps } from "../../core/deps";
import { parse } from "../../core/errors";
import { createIntegration, deleteIntegration, listIntegrations, showIntegration, testIntegration, updateIntegration } from "../../modules/integrations";
import { byId, created, deleted, page, updated } from "./kit";

const TestBody = v.object({ ...QueueIntegrationBody.entries, id: v.optional(v.nullable(idField)) });

/** /queueIntegration routes (R-INT-4); plan flag useIntegrations, admins. */
export const integrationsRoutes = (deps: Deps) =>
  new Elysia()
    .use(authPlugin(deps))
    .get("/queueIntegration", page(listIntegrations))
    .post("/queueIntegration/testSession", ({ ctx, body }) => {
      const { id, ...input } = parse(TestBody, body);
      return testIntegration(ctx, input, id ?? null);
    })
    .get("/queueIntegration/:id", byId(showIntegration))
    .post("/queueIntegration", created(QueueIntegrationBody, createIntegration))
    .put("/queueIntegration/:id", updated(QueueIntegrationBody, updateIntegration))
    .delete("/queueIntegration/:id", deleted(deleteIntegration, "Integration deleted"));
