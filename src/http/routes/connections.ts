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
import { byId, created, deleted, updated } from "./kit";

/** /whatsapp and /whatsappsession routes (R-API-1). */
export const connectionsRoutes = (deps: Deps) =>
  new Elysia()
    .use(authPlugin(deps))
    .get("/whatsapp", ({ ctx, query }) => {
      parse(ConnectionListQuery, query);
      return listConnections(ctx);
    })
    .get("/whatsapp/:id", byId(showConnection))
    .post("/whatsapp", created(ConnectionCreateBody, createConnection))
    .put("/whatsapp/:id", updated(ConnectionUpdateBody, updateConnection))
    .delete("/whatsapp/:id", deleted(deleteConnection, "Whatsapp deleted."))
    .post("/whatsappsession/:id", byId(startSession))
    .put("/whatsappsession/:id", ({ ctx, params, body }) =>
      refreshSession(ctx, parse(IdParam, params).id, parse(SessionRestartBody, body ?? {}).pairingNumber || undefined),
    )
    .delete("/whatsappsession/:id", byId(endSession));
