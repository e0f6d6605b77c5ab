import type { Page } from "@contract/dto/common";
import type { QuickMessageDto } from "@contract/dto/quick-messages";
import { api } from "./client";
import { uploadFile } from "./files";

export type QuickMessage = QuickMessageDto;

export interface QuickMessageInput {
  shortcode: string;
  message: string;
  geral: boolean;
  status: boolean;
}

/** GET /quick-messages: own and geral, a page ordered by shortcode. */
export const listQuickMessages = (searchParam: string, pageNumber: number) =>
  api<Page<"records", QuickMessage>>("/quick-messages", { query: { searchParam, pageNumber } });
export const getQuickMessage = (id: number) => api<QuickMessage>(`/quick-messages/${id}`);
export const createQuickMessage = (input: QuickMessageInput) => api<QuickMessage>("/quick-messages", { method: "POST", body: input });
export const updateQuickMessage = (id: number, input: QuickMessageInput) => api<QuickMessage>(`/quick-messages/${id}`, { method: "PUT", body: input });
export const deleteQuickMessage = (id: number) => api(`/quick-messages/${id}`, { method: "DELETE" });
export const uploadQuickMessageMedia = (id: number, file: File) => uploadFile<QuickMessage>(`/quick-messages/${id}/media-upload`, file);
export const deleteQuickMessageMedia = (id: number) => api<QuickMessage>(`/quick-messages/${id}/media-upload`, { method: "DELETE" });
