import { Elysia } from "elysia";
import { IdParam, PageQuery } from "../../contract/schemas/common";
import { PromptBody } from "../../contract/schemas/prompts";
import { authPlugin } from "../auth";
import type { Deps } from "../../core/deps";
import { parse } from "../../core/errors";
import { createPrompt, deletePrompt, listPrompts, showPrompt, updatePrompt } from "../../modules/prompts";

/** /prompt routes (R-INT-11); plan flag useOpenAi, admins. */
export const promptsRoutes = (deps: Deps) =>
  new Elysia()
    .use(authPlugin(deps))
    .get("/prompt", ({ ctx, query }) => {
      const q = parse(PageQuery, query);
      return listPrompts(ctx, q.searchParam, q.pageNumber);
    })
    .get("/prompt/:id", ({ ctx, params }) => showPrompt(ctx, parse(IdParam, params).id))
    .post("/prompt", ({ ctx, body, set }) => {
      const record = createPrompt(ctx, parse(PromptBody, body));
      set.status = 201;
      return record;
    })
    .put("/prompt/:id", ({ ctx, params, body }) => updatePrompt(ctx, parse(IdParam, params).id, parse(PromptBody, body)))
    .delete("/prompt/:id", ({ ctx, params }) => {
      deletePrompt(ctx, parse(IdParam, params).id);
      return { message: "Prompt deleted" };
    });
