/** The helps module's public API: what other modules, the inbound path, the HTTP routes, the jobs and ops may use. */
export { createHelp, deleteHelp, listAllHelps, listHelps, showHelp, updateHelp } from "./service";
