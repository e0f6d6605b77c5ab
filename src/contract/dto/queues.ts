import type { OpeningHours } from "../limits";

/** The wire shape of a queue (R-QUEUE-1). */
export interface QueueDto {
  id: number;
  name: string;
  color: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  orderQueue: number | null;
  integrationId: number | null;
  promptId: number | null;
  schedules: OpeningHours[];
  mediaPath: string | null;
  mediaName: string | null;
  mediaUrl: string | null;
  companyId: number;
  createdAt: string;
  updatedAt: string;
}

/** The wire shape of a chatbot menu option (GET/POST/PUT /queue-options). */
export interface QueueOptionDto {
  id: number;
  queueId: number;
  parentId: number | null;
  title: string;
  message: string;
  option: string;
  mediaPath: string | null;
  mediaName: string | null;
  mediaUrl: string | null;
  createdAt: string;
  updatedAt: string;
}
