import type { PromptDto } from "@contract/dto/prompts";
import type { PromptInput } from "@contract/schemas/prompts";
import { listPage, resource } from "./resource";

export type Prompt = PromptDto;

export type { PromptInput };

/** GET /prompt: a page by name. */
export const listPrompts = listPage<"prompts", Prompt>("/prompt");
/** A prompt's own calls. */
export const promptsApi = resource<Prompt, PromptInput>("/prompt");
