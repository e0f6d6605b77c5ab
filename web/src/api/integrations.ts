import type { IntegrationTestDto, QueueIntegrationDto } from "@contract/dto/integrations";
import type { QueueIntegrationInput } from "@contract/schemas/integrations";
import { api } from "./client";
import { listPage, resource } from "./resource";

export type QueueIntegration = QueueIntegrationDto;
export type IntegrationInput = Partial<QueueIntegrationInput> & Pick<QueueIntegrationInput, "type" | "name">;

/** GET /queueIntegration: a page by name. */
export const listIntegrations = listPage<"queueIntegrations", QueueIntegration>("/queueIntegration");
/** An integration's own calls. */
export const integrationsApi = resource<QueueIntegration, IntegrationInput>("/queueIntegration");
/** POST /queueIntegration/testSession: sends a test message with the form's settings (id fills a stored key). */
export const testIntegration = (input: IntegrationInput & { id?: number | null }) =>
  api<IntegrationTestDto>("/queueIntegration/testSession", { method: "POST", body: input });
