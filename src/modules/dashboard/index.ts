/** The dashboard module's public API: what other modules, the inbound path, the HTTP routes, the jobs and ops may use. */
export { dashboard } from "./service";
