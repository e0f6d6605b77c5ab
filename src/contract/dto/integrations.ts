import type { IntegrationType } from "../schemas/integrations";

/** The wire shape of a queue integration (R-INT-4); the service account's private key is masked. */
export interface QueueIntegrationDto {
  id: number;
  type: IntegrationType;
  name: string;
  projectName: string;
  jsonContent: string;
  language: string;
  urlN8N: string;
  typebotSlug: string;
  typebotExpires: number;
  typebotKeywordFinish: string;
  typebotKeywordRestart: string;
  typebotRestartMessage: string;
  typebotUnknownMessage: string;
  typebotDelayMessage: number;
  companyId: number;
  createdAt: string;
  updatedAt: string;
}

/** The answer of POST /queueIntegration/testSession: what the service answered to a test message. */
export interface IntegrationTestDto {
  ok: true;
  /** The service's reply texts (may be empty: webhooks need not answer). */
  replies: string[];
}
