/** The notifications module's public API: what other modules, the inbound path, the HTTP routes, the jobs and ops may use. */
export { Notifier } from "./notifier";
export {
  assertMaySetDefaults,
  listDevices,
  notificationSettings,
  registerDevice,
  removeDevice,
  resetMyPrefs,
  saveCompanyDefaults,
  saveMyPrefs,
} from "./service";
