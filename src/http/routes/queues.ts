import { Elysia } from "elysia";
import { QueueCreateBody, QueueUpdateBody } from "../../contract/schemas/queues";
import { authPlugin } from "../auth";
import type { Deps } from "../../core/deps";
import { createQueue, deleteQueue, listQueues, showQueue, setQueueMedia, updateQueue } from "../../modules/queues";
import { byId, created, deleted, updated, withFile, withoutFile } from "./kit";

/** /queue routes (R-API-1). */
export const queuesRoutes = (deps: Deps) =>
  new Elysia()
    .use(authPlugin(deps))
    .get("/queue", ({ ctx }) => listQueues(ctx))
    .get("/queue/:id", byId(showQueue))
    .post("/queue", created(QueueCreateBody, createQueue))
    .put("/queue/:id", updated(QueueUpdateBody, updateQueue))
    .delete("/queue/:id", deleted(deleteQueue, "Queue deleted"))
    .post("/queue/:id/media-upload", withFile(setQueueMedia))
    .delete("/queue/:id/media-upload", withoutFile(setQueueMedia));
