import { Elysia } from "elysia";
import { IdParam } from "../../contract/schemas/common";
import { QueueCreateBody, QueueUpdateBody } from "../../contract/schemas/queues";
import { authPlugin } from "../auth";
import type { Deps } from "../../core/deps";
import { parse } from "../../core/errors";
import { createQueue, deleteQueue, deleteQueueMedia, listQueues, showQueue, updateQueue, uploadQueueMedia } from "../../modules/queues";

const fileOf = (body: unknown) => (body as Record<string, unknown> | null)?.file;

/** /queue routes (R-API-1). */
export const queuesRoutes = (deps: Deps) =>
  new Elysia()
    .use(authPlugin(deps))
    .get("/queue", ({ ctx }) => listQueues(ctx))
    .get("/queue/:id", ({ ctx, params }) => showQueue(ctx, parse(IdParam, params).id))
    .post("/queue", ({ ctx, body, set }) => {
      const queue = createQueue(ctx, parse(QueueCreateBody, body));
      set.status = 201;
      return queue;
    })
    .put("/queue/:id", ({ ctx, params, body }) => updateQueue(ctx, parse(IdParam, params).id, parse(QueueUpdateBody, body)))
    .delete("/queue/:id", ({ ctx, params }) => {
      deleteQueue(ctx, parse(IdParam, params).id);
      return { message: "Queue deleted" };
    })
    .post("/queue/:id/media-upload", ({ ctx, params, body }) => uploadQueueMedia(ctx, parse(IdParam, params).id, fileOf(body)))
    .delete("/queue/:id/media-upload", ({ ctx, params }) => deleteQueueMedia(ctx, parse(IdParam, params).id));
