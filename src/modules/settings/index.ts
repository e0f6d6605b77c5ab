/** The settings module's public API: what other modules, the inbound path, the HTTP routes, the jobs and ops may use. */
export { companyAutoText, getSetting, readSettings, seedCompanySettings, updateSetting } from "./service";
