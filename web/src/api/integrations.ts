import type { Page } from "@contract/dto/common";
import type { IntegrationTestDto, QueueIntegrationDto } from "@contract/dto/integrations";
import type { QueueIntegrationInput } from "@contract/schemas/integrations";
import { api } from "./client";

export type QueueIntegration = QueueIntegrationDto;
export type IntegrationInput = Partial<QueueIntegrationInput> & Pick<QueueIntegrationInput, "type" | "name">;

/** GET /queueIntegration: a page by name. */
export const listIntegrations = (searchParam: string, pageNumber: number) =>
  api<Page<"queueIntegrations", QueueIntegration>>("/queueIntegration", { query: { searchParam, pageNumber } });
export const getIntegration = (id: number) => api<QueueIntegration>(`/queueIntegration/${id}`);
export const createIntegration = (input: IntegrationInput) => api<QueueIntegration>("/queueIntegration", { method: "POST", body: input });
export const updateIntegration = (id: number, input: IntegrationInput) => api<QueueIntegration>(`/queueIntegration/${id}`, { method: "PUT", body: input });
export const deleteIntegration = (id: number) => api(`/queueIntegration/${id}`, { method: "DELETE" });
/** POST /queueIntegration/testSession: sends a test message with the form's settings (id fills a stored key). */
export const testIntegration = (input: IntegrationInput & { id?: number | null }) =>
  api<IntegrationTestDto>("/queueIntegration/testSession", { method: "POST", body: input });
