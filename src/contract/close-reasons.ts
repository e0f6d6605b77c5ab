/**
 * A session's close reason (the runner's code, stored on the connection) grouped into what a person
 * can act on; the connections page and the QR dialog show `connections.closeReason.<group>`.
 */
export type CloseReasonGroup =
  | "loggedOut"
  | "replaced"
  | "banned"
  | "connectionLost"
  | "unreachable"
  | "qrExpired"
  | "pairingFailed"
  | "notLinked"
  | "lapsed"
  | "stopped"
  | "version"
  | "restarted"
  | "cloudToken"
  | "cloudPermission"
  | "cloudNumber"
  | "cloudUnreachable";

const EXACT: Record<string, CloseReasonGroup> = {
  logged_out: "loggedOut",
  replaced: "replaced",
  conflict_breaker: "replaced",
  closed_401: "loggedOut",
  closed_402: "banned",
  closed_403: "banned",
  closed_406: "banned",
  closed_411: "loggedOut",
  closed_405: "version",
  closed_515: "restarted",
  qr_cap: "qrExpired",
  qr_expired: "qrExpired",
  unpaired_closed: "unreachable",
  start_failed: "unreachable",
  qr_timeout: "unreachable",
  pairing_failed: "pairingFailed",
  not_linked: "notLinked",
  subscription_lapsed: "lapsed",
  stopped: "stopped",
  // A sandbox phone disconnected by a person (it stays so across restarts).
  disconnected: "stopped",
  // Cloud API connections (Meta's answers to the connection's credentials)
  cloud_token_invalid: "cloudToken",
  cloud_no_permission: "cloudPermission",
  cloud_number_not_found: "cloudNumber",
  cloud_not_configured: "cloudNumber",
  cloud_unreachable: "cloudUnreachable",
};

/** The group of a stored close reason; null when there is none. Unknown codes are a lost connection. */
export function closeReasonGroup(reason: string | null | undefined): CloseReasonGroup | null {
  if (!reason) return null;
  return EXACT[reason] ?? "connectionLost";
}
