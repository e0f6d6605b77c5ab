import { Elysia } from "elysia";
import { QueueOptionCreateBody, QueueOptionsQuery, QueueOptionUpdateBody } from "../../contract/schemas/queues";
import { authPlugin } from "../auth";
import type { Deps } from "../../core/deps";
import { parse } from "../../core/errors";
import { createQueueOption, deleteQueueOption, listQueueOptions, updateQueueOption, setOptionMedia } from "../../modules/queues";
import { created, deleted, updated, withFile, withoutFile } from "./kit";

/** /queue-options routes (R-API-1). */
export const queueOptionsRoutes = (deps: Deps) =>
  new Elysia()
    .use(authPlugin(deps))
    .get("/queue-options", ({ ctx, query }) => {
      const q = parse(QueueOptionsQuery, query);
      return listQueueOptions(ctx, q.queueId, q.parentId);
    })
    .post("/queue-options", created(QueueOptionCreateBody, createQueueOption))
    .put("/queue-options/:id", updated(QueueOptionUpdateBody, updateQueueOption))
    .delete("/queue-options/:id", deleted(deleteQueueOption, "Option deleted"))
    .post("/queue-options/:id/media-upload", withFile(setOptionMedia))
    .delete("/queue-options/:id/media-upload", withoutFile(setOptionMedia));
