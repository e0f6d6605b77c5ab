/** The messages module's public API: what other modules, the inbound path, the HTTP routes, the jobs and ops may use. */
export { retryQueuedMessages } from "./jobs";
export { canReadMediaFile } from "./policy";
export { countQueuedMessages, failedSends, findByWid, hydrate, recentTexts, sendFailed } from "./queries";
export { type MessageRow, messages } from "./schema";
export { rebuildSearchIndex, searchIndexDrift } from "./search-index";
export { dropSearchIndexPg, rebuildSearchIndexPg } from "./search-index-pg";
export { type MessageDto, serializeMessage } from "./serialize";
export { createOutbox, deleteMessage, flushOutbox, listMessages, publishMessageCreated, replayRecentMessages, retryMessage } from "./service";
export { reactFromAgent, sendFromAgent, sendTemplateFromAgent } from "./service-agent";
export { applyAcks, applyEdit, applyRevoke, insertInbound, insertInboundRun, type InboundValues, moveMessagesToContact } from "./service-channel";
export { assertWindowOpen, ticketWindow } from "./window";
