/** The external-api module's public API: what other modules, the inbound path, the HTTP routes, the jobs and ops may use. */
export { authenticateApiToken, sendFromApi } from "./service";
