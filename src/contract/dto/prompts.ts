/** The wire shape of an AI prompt (R-INT-11); keys come back masked (hasApiKey says one is stored). */
export interface PromptDto {
  id: number;
  name: string;
  prompt: string;
  voice: string;
  voiceKey: string;
  voiceRegion: string;
  model: string;
  maxTokens: number;
  temperature: number;
  apiKey: string;
  hasApiKey: boolean;
  queueId: number | null;
  queue: { id: number; name: string; color: string } | null;
  maxMessages: number;
  /** Said to the customer when the assistant fails; empty = the default in the company's language. */
  holdingMessage: string;
  companyId: number;
  createdAt: string;
  updatedAt: string;
}
