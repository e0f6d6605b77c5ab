/** The integrations module's public API: what other modules, the inbound path, the HTTP routes, the jobs and ops may use. */
export { detectIntent, parseServiceAccount } from "./dialogflow";
export { ExternalError } from "./http";
export { dropSession, findIntegration, findSession, type QueueIntegrationRow, saveSession } from "./queries";
export { assertBotRefs } from "./refs";
export { createIntegration, deleteIntegration, listIntegrations, showIntegration, testIntegration, updateIntegration } from "./service";
export { continueTypebot, startTypebot, typebotCommand, type TypebotOut } from "./typebot";
export { callWebhook } from "./webhook";
