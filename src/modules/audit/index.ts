/** The audit module's public API: what other modules, the inbound path, the HTTP routes, the jobs and ops may use. */
export { pruneAuditLog } from "./jobs";
export { assertMayReadAudit, exportAudit, listAudit } from "./reading";
export { audit, type AuditActor, diffFields } from "./service";
