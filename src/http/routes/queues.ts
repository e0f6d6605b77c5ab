import { Elysia } from "elysia";
import { IdParam } from "../../contract/schemas/common";
import { QueueCreateBody, QueueUpdateBody } from "../../contract/schemas/queues";
import { authPlugin } from "../auth";
import type { Deps } from "../../core/deps";
import { parse } from "../../core/errors";
import { createQueue, deleteQueue, deleteQueueMedia, listQueues, showQueue, updateQueue, uploadQueueMedia } from "../../modules/queues";
import { byId, created, deleted, updated } from "./kit";

const fileOf = (body: unknown) => (body as Record<string, unknown> | null)?.file;

/** /queue routes (R-API-1). */
export const queuesRoutes = (deps: Deps) =>
  new Elysia()
    .use(authPlugin(deps))
    .get("/queue", ({ ctx }) => listQueues(ctx))
    .get("/queue/:id", byId(showQueue))
    .post("/queue", created(QueueCreateBody, createQueue))
    .put("/queue/:id", updated(QueueUpdateBody, updateQueue))
    .delete("/queue/:id", deleted(deleteQueue, "Queue deleted"))
    .post("/queue/:id/media-upload", ({ ctx, params, body }) => uploadQueueMedia(ctx, parse(IdParam, params).id, fileOf(body)))
    .delete("/queue/:id/media-upload", byId(deleteQueueMedia));
