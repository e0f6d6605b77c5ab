/** The connections module's public API: what other modules, the inbound path, the HTTP routes, the jobs and ops may use. */
export {
  allConnectionRefs,
  connectedConnections,
  connectionRef,
  connectionQueues,
  countConnectionsByStatus,
  defaultConnection,
  findConnection,
  findConnectionByToken,
} from "./queries";
export { linkNewQueue } from "./queue-links";
export { listSandboxCustomers, postSandboxMessage, sandboxConversation } from "./sandbox";
export { type WhatsappRow, whatsapps } from "./schema";
export {
  createConnection,
  deleteConnection,
  endSession,
  listConnections,
  refreshSession,
  resolveSendingConnection,
  showConnection,
  startSession,
  updateConnection,
} from "./service";
export { connectionsToStart, publishConnection, recordHealth, recordHistoryImport, recordSessionStatus } from "./session";
export { listConnectionTemplates, refreshConnectionTemplates } from "./templates";
