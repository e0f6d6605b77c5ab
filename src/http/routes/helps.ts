import { Elysia } from "elysia";
import { IdParam, PageQuery } from "../../contract/schemas/common";
import { HelpCreateBody, HelpUpdateBody } from "../../contract/schemas/helps";
import { authPlugin } from "../auth";
import type { Deps } from "../../core/deps";
import { parse } from "../../core/errors";
import { createHelp, deleteHelp, listAllHelps, listHelps, showHelp, updateHelp } from "../../modules/helps";

/** /helps routes (R-API-1): everyone reads, super users manage. */
export const helpsRoutes = (deps: Deps) =>
  new Elysia()
    .use(authPlugin(deps))
    .get("/helps", ({ ctx, query }) => {
      const q = parse(PageQuery, query);
      return listHelps(ctx, q.searchParam, q.pageNumber);
    })
    .get("/helps/list", ({ ctx }) => listAllHelps(ctx))
    .get("/helps/:id", ({ ctx, params }) => showHelp(ctx, parse(IdParam, params).id))
    .post("/helps", ({ ctx, body, set }) => {
      const help = createHelp(ctx, parse(HelpCreateBody, body));
      set.status = 201;
      return help;
    })
    .put("/helps/:id", ({ ctx, params, body }) => updateHelp(ctx, parse(IdParam, params).id, parse(HelpUpdateBody, body)))
    .delete("/helps/:id", ({ ctx, params }) => {
      deleteHelp(ctx, parse(IdParam, params).id);
      return { message: "Help deleted" };
    });
