import type { Page } from "@contract/dto/common";
import type { PromptDto } from "@contract/dto/prompts";
import type { PromptInput } from "@contract/schemas/prompts";
import { api } from "./client";

export type Prompt = PromptDto;

export type { PromptInput };

/** GET /prompt: a page by name. */
export const listPrompts = (searchParam: string, pageNumber: number) => api<Page<"prompts", Prompt>>("/prompt", { query: { searchParam, pageNumber } });
export const getPrompt = (id: number) => api<Prompt>(`/prompt/${id}`);
export const createPrompt = (input: PromptInput) => api<Prompt>("/prompt", { method: "POST", body: input });
export const updatePrompt = (id: number, input: PromptInput) => api<Prompt>(`/prompt/${id}`, { method: "PUT", body: input });
export const deletePrompt = (id: number) => api(`/prompt/${id}`, { method: "DELETE" });
