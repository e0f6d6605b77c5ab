import { Elysia } from "elysia";
import { QuickMessageCreateBody, QuickMessageUpdateBody } from "../../contract/schemas/quickMessages";
import { authPlugin } from "../auth";
import type { Deps } from "../../core/deps";
import {
  createQuickMessage,
  deleteQuickMessage,
  listAllQuickMessages,
  listQuickMessages,
  showQuickMessage,
  updateQuickMessage,
  setQuickMessageMedia,
} from "../../modules/quick-messages";
import { byId, created, deleted, page, updated, withFile, withoutFile } from "./kit";

/** /quick-messages routes (R-API-1). */
export const quickMessagesRoutes = (deps: Deps) =>
  new Elysia()
    .use(authPlugin(deps))
    .get("/quick-messages", page(listQuickMessages))
    // companyId and userId of the query string are accepted for compatibility; the token decides.
    .get("/quick-messages/list", ({ ctx }) => listAllQuickMessages(ctx))
    .get("/quick-messages/:id", byId(showQuickMessage))
    .post("/quick-messages", created(QuickMessageCreateBody, createQuickMessage))
    .put("/quick-messages/:id", updated(QuickMessageUpdateBody, updateQuickMessage))
    .delete("/quick-messages/:id", deleted(deleteQuickMessage, "Quick message deleted"))
    .post("/quick-messages/:id/media-upload", withFile(setQuickMessageMedia))
    .delete("/quick-messages/:id/media-upload", withoutFile(setQuickMessageMedia));
