import type { QueueDto, QueueOptionDto } from "@contract/dto/queues";
import type { OpeningHours } from "@contract/limits";
import { api } from "./client";
import { uploadFile } from "./files";

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
export const getQueue = (id: number) => api<Queue>(`/queue/${id}`);
export const createQueue = (input: QueueInput) => api<Queue>("/queue", { method: "POST", body: input });
export const updateQueue = (id: number, input: Partial<QueueInput>) => api<Queue>(`/queue/${id}`, { method: "PUT", body: input });
export const deleteQueue = (id: number) => api(`/queue/${id}`, { method: "DELETE" });
export const uploadQueueMedia = (id: number, file: File) => uploadFile<Queue>(`/queue/${id}/media-upload`, file);
export const deleteQueueMedia = (id: number) => api<Queue>(`/queue/${id}/media-upload`, { method: "DELETE" });

/** GET /queue-options?queueId: the whole tree of a queue (flat; parentId links it). */
export const listQueueOptions = (queueId: number) => api<QueueOption[]>("/queue-options", { query: { queueId } });
export const createQueueOption = (input: { queueId: number; parentId: number | null; title: string; message: string; option: string }) =>
  api<QueueOption>("/queue-options", { method: "POST", body: { ...input, parentId: input.parentId ?? -1 } });
export const updateQueueOption = (id: number, input: { title?: string; message?: string; option?: string }) =>
  api<QueueOption>(`/queue-options/${id}`, { method: "PUT", body: input });
export const deleteQueueOption = (id: number) => api(`/queue-options/${id}`, { method: "DELETE" });
export const uploadOptionMedia = (id: number, file: File) => uploadFile<QueueOption>(`/queue-options/${id}/media-upload`, file);
export const deleteOptionMedia = (id: number) => api<QueueOption>(`/queue-options/${id}/media-upload`, { method: "DELETE" });
