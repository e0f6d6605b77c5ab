import { Elysia } from "elysia";
import { IdParam } from "../../contract/schemas/common";
import { ConnectionCreateBody, ConnectionListQuery, ConnectionUpdateBody, SessionRestartBody } from "../../contract/schemas/connections";
import { authPlugin } from "../auth";
import type { Deps } from "../../core/deps";
import { parse } from "../../core/errors";
import {
  createConnection,
  deleteConnection,
  endSession,
  listConnections,
  refreshSession,
  showConnection,
  startSession,
  updateConnection,
} from "../../modules/connections";

/** /whatsapp and /whatsappsession routes (R-API-1). */
export const connectionsRoutes = (deps: Deps) =>
  new Elysia()
    .use(authPlugin(deps))
    .get("/whatsapp", ({ ctx, query }) => {
      parse(ConnectionListQuery, query);
      return listConnections(ctx);
    })
    .get("/whatsapp/:id", ({ ctx, params }) => showConnection(ctx, parse(IdParam, params).id))
    .post("/whatsapp", async ({ ctx, body, set }) => {
      const w = await createConnection(ctx, parse(ConnectionCreateBody, body));
      set.status = 201;
      return w;
    })
    .put("/whatsapp/:id", ({ ctx, params, body }) => updateConnection(ctx, parse(IdParam, params).id, parse(ConnectionUpdateBody, body)))
    .delete("/whatsapp/:id", async ({ ctx, params }) => {
      await deleteConnection(ctx, parse(IdParam, params).id);
      return { message: "Whatsapp deleted." };
    })
    .post("/whatsappsession/:id", ({ ctx, params }) => startSession(ctx, parse(IdParam, params).id))
    .put("/whatsappsession/:id", ({ ctx, params, body }) =>
      refreshSession(ctx, parse(IdParam, params).id, parse(SessionRestartBody, body ?? {}).pairingNumber || undefined),
    )
    .delete("/whatsappsession/:id", ({ ctx, params }) => endSession(ctx, parse(IdParam, params).id));
