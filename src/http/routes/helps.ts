import { Elysia } from "elysia";
import { HelpCreateBody, HelpUpdateBody } from "../../contract/schemas/helps";
import { authPlugin } from "../auth";
import type { Deps } from "../../core/deps";
import { createHelp, deleteHelp, listAllHelps, listHelps, showHelp, updateHelp } from "../../modules/helps";
import { byId, created, deleted, page, updated } from "./kit";

/** /helps routes (R-API-1): everyone reads, super users manage. */
export const helpsRoutes = (deps: Deps) =>
  new Elysia()
    .use(authPlugin(deps))
    .get("/helps", page(listHelps))
    .get("/helps/list", ({ ctx }) => listAllHelps(ctx))
    .get("/helps/:id", byId(showHelp))
    .post("/helps", created(HelpCreateBody, createHelp))
    .put("/helps/:id", updated(HelpUpdateBody, updateHelp))
    .delete("/helps/:id", deleted(deleteHelp, "Help deleted"));
