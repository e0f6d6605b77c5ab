import { Elysia } from "elysia";
import { IdParam } from "../../contract/schemas/common";
import { QueueOptionCreateBody, QueueOptionsQuery, QueueOptionUpdateBody } from "../../contract/schemas/queues";
import { authPlugin } from "../auth";
import type { Deps } from "../../core/deps";
import { parse } from "../../core/errors";
import { createQueueOption, deleteOptionMedia, deleteQueueOption, listQueueOptions, updateQueueOption, uploadOptionMedia } from "../../modules/queues";

/** /queue-options routes (R-API-1). */
export const queueOptionsRoutes = (deps: Deps) =>
  new Elysia()
    .use(authPlugin(deps))
    .get("/queue-options", ({ ctx, query }) => {
      const q = parse(QueueOptionsQuery, query);
      return listQueueOptions(ctx, q.queueId, q.parentId);
    })
    .post("/queue-options", ({ ctx, body, set }) => {
      const option = createQueueOption(ctx, parse(QueueOptionCreateBody, body));
      set.status = 201;
      return option;
    })
    .put("/queue-options/:id", ({ ctx, params, body }) => updateQueueOption(ctx, parse(IdParam, params).id, parse(QueueOptionUpdateBody, body)))
    .delete("/queue-options/:id", ({ ctx, params }) => {
      deleteQueueOption(ctx, parse(IdParam, params).id);
      return { message: "Option deleted" };
    })
    .post("/queue-options/:id/media-upload", ({ ctx, params, body }) =>
      uploadOptionMedia(ctx, parse(IdParam, params).id, (body as Record<string, unknown> | null)?.file),
    )
    .delete("/queue-options/:id/media-upload", ({ ctx, params }) => deleteOptionMedia(ctx, parse(IdParam, params).id));
