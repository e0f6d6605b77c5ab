import type { QueueDto, QueueOptionDto } from "@contract/dto/queues";
import type { OpeningHours } from "@contract/limits";
import { api } from "./client";
import { mediaOf, resource } from "./resource";

export type Queue = QueueDto;

export interface QueueInput {
  name: string;
  color: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  orderQueue: number | string | null;
  schedules: OpeningHours[];
}

export type QueueOption = QueueOptionDto;

/** GET /queue: the company's queues in menu order. */
export const listQueues = () => api<Queue[]>("/queue");
/** A queue's own calls and its greeting's one attachment. */
export const queuesApi = resource<Queue, Partial<QueueInput>>("/queue");
export const queueMedia = mediaOf<Queue>("/queue");

/** GET /queue-options?queueId: the whole tree of a queue (flat; parentId links it). */
export const listQueueOptions = (queueId: number) => api<QueueOption[]>("/queue-options", { query: { queueId } });
export const createQueueOption = (input: { queueId: number; parentId: number | null; title: string; message: string; option: string }) =>
  api<QueueOption>("/queue-options", { method: "POST", body: { ...input, parentId: input.parentId ?? -1 } });
export const updateQueueOption = (id: number, input: { title?: string; message?: string; option?: string }) =>
  api<QueueOption>(`/queue-options/${id}`, { method: "PUT", body: input });
export const deleteQueueOption = (id: number) => api(`/queue-options/${id}`, { method: "DELETE" });
/** An option's one attachment. */
export const optionMedia = mediaOf<QueueOption>("/queue-options");
