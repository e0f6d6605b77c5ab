/** The quick-messages module's public API: what other modules, the inbound path, the HTTP routes, the jobs and ops may use. */
export {
  createQuickMessage,
  deleteQuickMessage,
  listAllQuickMessages,
  listQuickMessages,
  setQuickMessageMedia,
  showQuickMessage,
  updateQuickMessage,
} from "./service";
