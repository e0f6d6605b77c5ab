import { api } from "./client";
import type { QueueRef } from "./types";

/** GET /queue: the company's queues (answers 404 until the queues module lands). */
export const listQueues = () => api<QueueRef[]>("/queue");
