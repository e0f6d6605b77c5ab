import { Elysia } from "elysia";
import * as v from "valibot";
import type { Deps } from "../../core/deps";
import { parse } from "../../core/errors";
import { listConnectionTemplates, refreshConnectionTemplates } from "../../modules/connections";
import { authPlugin } from "../auth";
import { byId } from "./kit";

const KeyParam = v.object({ key: v.pipe(v.string(), v.regex(/^[\w-]{16,64}$/)) });

/** The Cloud API's webhook (Meta's subscription check and signed deliveries) and a connection's message templates. */
export const cloudApiRoutes = (deps: Deps) =>
  new Elysia()
    .get("/cloudapi/webhook/:key", ({ params, query }) =>
      deps.cloudApi.verifySubscription(parse(KeyParam, params).key, query as Record<string, string | undefined>),
    )
    .post(
      "/cloudapi/webhook/:key",
      async ({ params, body, request }) => {
        const raw = body instanceof ArrayBuffer ? new Uint8Array(body) : new Uint8Array(0);
        await deps.cloudApi.receiveWebhook(parse(KeyParam, params).key, raw, request.headers.get("x-hub-signature-256"));
        return "EVENT_RECEIVED";
      },
      { parse: "arrayBuffer" },
    )
    .use(authPlugin(deps))
    .get("/whatsapp/:id/templates", byId(listConnectionTemplates))
    .post("/whatsapp/:id/templates/refresh", byId(refreshConnectionTemplates));
