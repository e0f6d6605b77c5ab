import { Elysia } from "elysia";
import { IdParam, PageQuery } from "../../contract/schemas/common";
import { QuickMessageCreateBody, QuickMessageUpdateBody } from "../../contract/schemas/quickMessages";
import { authPlugin } from "../auth";
import type { Deps } from "../../core/deps";
import { parse } from "../../core/errors";
import {
  createQuickMessage,
  deleteQuickMessage,
  listAllQuickMessages,
  listQuickMessages,
  showQuickMessage,
  updateQuickMessage,
  setQuickMessageMedia,
} from "../../modules/quick-messages";

/** /quick-messages routes (R-API-1). */
export const quickMessagesRoutes = (deps: Deps) =>
  new Elysia()
    .use(authPlugin(deps))
    .get("/quick-messages", ({ ctx, query }) => {
      const q = parse(PageQuery, query);
      return listQuickMessages(ctx, q.searchParam, q.pageNumber);
    })
    // companyId and userId of the query string are accepted for compatibility; the token decides.
    .get("/quick-messages/list", ({ ctx }) => listAllQuickMessages(ctx))
    .get("/quick-messages/:id", ({ ctx, params }) => showQuickMessage(ctx, parse(IdParam, params).id))
    .post("/quick-messages", ({ ctx, body, set }) => {
      const record = createQuickMessage(ctx, parse(QuickMessageCreateBody, body));
      set.status = 201;
      return record;
    })
    .put("/quick-messages/:id", ({ ctx, params, body }) => updateQuickMessage(ctx, parse(IdParam, params).id, parse(QuickMessageUpdateBody, body)))
    .delete("/quick-messages/:id", ({ ctx, params }) => {
      deleteQuickMessage(ctx, parse(IdParam, params).id);
      return { message: "Quick message deleted" };
    })
    .post("/quick-messages/:id/media-upload", ({ ctx, params, body }) =>
      setQuickMessageMedia(ctx, parse(IdParam, params).id, (body as Record<string, unknown> | null)?.file),
    )
    .delete("/quick-messages/:id/media-upload", ({ ctx, params }) => setQuickMessageMedia(ctx, parse(IdParam, params).id, null));
