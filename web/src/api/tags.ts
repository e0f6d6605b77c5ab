import type { Page } from "@contract/dto/common";
import type { TagDto } from "@contract/dto/tags";
import { api } from "./client";

export type Tag = TagDto;

export interface TagInput {
  name: string;
  color: string;
  kanban?: number;
}

/** GET /tags: a page ordered by name. */
export const listTags = (searchParam: string, pageNumber: number) => api<Page<"tags", Tag>>("/tags", { query: { searchParam, pageNumber } });
export const getTag = (id: number) => api<Tag>(`/tags/${id}`);
export const createTag = (input: TagInput) => api<Tag>("/tags", { method: "POST", body: input });
export const updateTag = (id: number, input: TagInput) => api<Tag>(`/tags/${id}`, { method: "PUT", body: input });
export const deleteTag = (id: number) => api(`/tags/${id}`, { method: "DELETE" });
