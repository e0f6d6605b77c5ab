/** The prompts module's public API: what other modules, the inbound path, the HTTP routes, the jobs and ops may use. */
export { askAssistant, synthesize, transcribe } from "./assistant";
export { findPrompt } from "./queries";
export type { PromptRow } from "./schema";
export { createPrompt, deletePrompt, listPrompts, showPrompt, updatePrompt } from "./service";
