/**
 * Meta's error codes (Graph API answers and `failed` statuses) turned into ours: what the admin or
 * the agent can act on. The codes are i18n keys (`errors.ERR_CLOUD_…`); Meta's text is never shown.
 */
import type { ErrorCode } from "../../contract/errors";
import { GraphError } from "./graph";

/** Why the credentials of a Cloud API connection were refused, and which form field to point at. */
export function credentialError(e: unknown): { code: ErrorCode; field: string | null } {
  if (!(e instanceof GraphError) || e.status === 0) return { code: "ERR_CLOUD_UNREACHABLE", field: null };
  if (e.badProof) return { code: "ERR_CLOUD_APP_SECRET_INVALID", field: "appSecret" };
  if (e.code === 190 || e.status === 401) return { code: "ERR_CLOUD_TOKEN_INVALID", field: "accessToken" };
  if (e.code === 10 || e.code === 200 || e.code === 3 || (e.code !== null && e.code >= 200 && e.code < 300) || e.status === 403)
    return { code: "ERR_CLOUD_NO_PERMISSION", field: "accessToken" };
  if (e.code === 100 || e.status === 404) return { code: "ERR_CLOUD_ACCOUNT_NOT_FOUND", field: "wabaId" };
  return { code: "ERR_CLOUD_UNREACHABLE", field: null };
}

const RATE = new Set([4, 80007, 130429, 131056, 613]);
const POLICY = new Set([368, 131031, 131048, 131049, 130497]);
const UNDELIVERABLE = new Set([131026, 131050, 131021, 133010]);
const MEDIA = new Set([131052, 131053, 131051]);

/** The failure reason of a message from Meta's error code (a send's answer or a `failed` status). */
export function sendErrorCode(code: number | null | undefined, status?: number): ErrorCode {
  if (code === 131047) return "ERR_CLOUD_WINDOW_CLOSED";
  if (code !== null && code !== undefined) {
    if (RATE.has(code)) return "ERR_CLOUD_RATE_LIMIT";
    if (POLICY.has(code)) return "ERR_CLOUD_POLICY";
    if (UNDELIVERABLE.has(code)) return "ERR_CLOUD_UNDELIVERABLE";
    if (MEDIA.has(code)) return "ERR_CLOUD_MEDIA";
    if (code >= 132000 && code < 133000) return "ERR_CLOUD_TEMPLATE";
    if (code === 190) return "ERR_CLOUD_TOKEN_INVALID";
    if (code === 10 || code === 200 || code === 3) return "ERR_CLOUD_NO_PERMISSION";
    if (code === 131042) return "ERR_CLOUD_PAYMENT";
  }
  if (status === 0) return "ERR_CLOUD_UNREACHABLE";
  if (status === 429) return "ERR_CLOUD_RATE_LIMIT";
  return "ERR_CLOUD_SEND_FAILED";
}

/** The failure reason of a thrown send error. */
export function sendErrorOf(e: unknown): ErrorCode {
  return e instanceof GraphError ? sendErrorCode(e.code, e.status) : "ERR_CLOUD_SEND_FAILED";
}

/** A send error the channel cannot get past by itself: the connection goes down (with this close reason). */
export function fatalReason(e: unknown): string | null {
  if (!(e instanceof GraphError)) return null;
  if (e.code === 190 || e.badProof) return "cloud_token_invalid";
  if (e.code === 10 || e.code === 200) return "cloud_no_permission";
  return null;
}
