import { Elysia } from "elysia";
import { PageQuery } from "../../contract/schemas/common";
import { TagCreateBody, TagUpdateBody } from "../../contract/schemas/tags";
import { authPlugin } from "../auth";
import type { Deps } from "../../core/deps";
import { parse } from "../../core/errors";
import { createTag, deleteTag, kanbanTags, listAllTags, listTags, showTag, updateTag } from "../../modules/tags";
import { byId, created, deleted, page, updated } from "./kit";

/** /tags routes (R-API-1). */
export const tagsRoutes = (deps: Deps) =>
  new Elysia()
    .use(authPlugin(deps))
    .get("/tags", page(listTags))
    .get("/tags/list", ({ ctx, query }) => listAllTags(ctx, parse(PageQuery, query).searchParam))
    .get("/tags/kanban", ({ ctx }) => kanbanTags(ctx))
    .get("/tags/:id", byId(showTag))
    .post("/tags", created(TagCreateBody, createTag))
    .put("/tags/:id", updated(TagUpdateBody, updateTag))
    .delete("/tags/:id", deleted(deleteTag, "Tag deleted"));
