import { Elysia } from "elysia";
import { IdParam, PageQuery } from "../../contract/schemas/common";
import { TagCreateBody, TagUpdateBody } from "../../contract/schemas/tags";
import { authPlugin } from "../auth";
import type { Deps } from "../../core/deps";
import { parse } from "../../core/errors";
import { createTag, deleteTag, kanbanTags, listAllTags, listTags, showTag, updateTag } from "../../modules/tags";

/** /tags routes (R-API-1). */
export const tagsRoutes = (deps: Deps) =>
  new Elysia()
    .use(authPlugin(deps))
    .get("/tags", ({ ctx, query }) => {
      const q = parse(PageQuery, query);
      return listTags(ctx, q.searchParam, q.pageNumber);
    })
    .get("/tags/list", ({ ctx, query }) => listAllTags(ctx, parse(PageQuery, query).searchParam))
    .get("/tags/kanban", ({ ctx }) => kanbanTags(ctx))
    .get("/tags/:id", ({ ctx, params }) => showTag(ctx, parse(IdParam, params).id))
    .post("/tags", ({ ctx, body, set }) => {
      const tag = createTag(ctx, parse(TagCreateBody, body));
      set.status = 201;
      return tag;
    })
    .put("/tags/:id", ({ ctx, params, body }) => updateTag(ctx, parse(IdParam, params).id, parse(TagUpdateBody, body)))
    .delete("/tags/:id", ({ ctx, params }) => {
      deleteTag(ctx, parse(IdParam, params).id);
      return { message: "Tag deleted" };
    });
