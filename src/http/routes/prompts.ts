import { Elysia } from "elysia";
import { PromptBody } from "../../contract/schemas/prompts";
import { authPlugin } from "../auth";
import type { Deps } from "../../core/deps";
import { createPrompt, deletePrompt, listPrompts, showPrompt, updatePrompt } from "../../modules/prompts";
import { byId, created, deleted, page, updated } from "./kit";

/** /prompt routes (R-INT-11); plan flag useOpenAi, admins. */
export const promptsRoutes = (deps: Deps) =>
  new Elysia()
    .use(authPlugin(deps))
    .get("/prompt", page(listPrompts))
    .get("/prompt/:id", byId(showPrompt))
    .post("/prompt", created(PromptBody, createPrompt))
    .put("/prompt/:id", updated(PromptBody, updatePrompt))
    .delete("/prompt/:id", deleted(deletePrompt, "Prompt deleted"));
