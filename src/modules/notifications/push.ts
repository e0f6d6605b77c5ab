import type { Config } from "../../config";
import type { PushPayload } from "../../contract/dto/notifications";
import { addressAllowed, nameAllowed, normaliseHost } from "../../lib/net/address";
import { ExternalError, type Outbound } from "../../lib/net/guard";

/** Where and with which keys one device receives pushes. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** sent: the push service took it; gone: it no longer knows the device (404/410, delete it); failed: try again another time. */
export type PushOutcome = { outcome: "sent" | "gone" | "failed"; status: number };

const PUSH_TIMEOUT_MS = 10_000;
/** Notifications older than this are not worth showing: the push service drops them. */
const PUSH_TTL_S = 60 * 60;

type WebPush = typeof import("web-push");
let lib: WebPush | null = null;
/** web-push is loaded with the first push (boot light: most processes never send one before their first subscriber). */
async function webPush(): Promise<WebPush> {
  lib ??= ((await import("web-push")) as unknown as { default: WebPush }).default;
  return lib;
}

/**
 * Whether a device's endpoint may be saved: push services are https on the default port; the host
 * must pass the SSRF guard's literal check (no private or loopback address, no localhost). Hosts the
 * operator allows (OUTBOUND_ALLOW, e.g. a test's push service on 127.0.0.1) may use any port and http.
 */
export function allowedPushEndpoint(raw: string, deps: { outbound: Outbound; config: Pick<Config, "outboundAllow"> }): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.username || url.password || deps.outbound.refusedOnSave(raw)) return false;
  const host = normaliseHost(url.hostname);
  const allow = deps.config.outboundAllow;
  if (nameAllowed(host, allow) || addressAllowed(host, allow)) return url.protocol === "https:" || url.protocol === "http:";
  return url.protocol === "https:" && url.port === "";
}

/**
 * Posts one push through the SSRF guard: the endpoint comes from a browser (any user can register
 * any URL), so its host is resolved and checked at send time, no redirect is followed, the answer is
 * bounded and never shown to anyone. Answers the status, or the guard's refusal.
 */
async function pushRequest(outbound: Outbound, url: string, headers: Record<string, string>, body: Uint8Array<ArrayBuffer> | null) {
  const res = await outbound.request(url, { method: "POST", headers, body }, { trust: "tenant", timeoutMs: PUSH_TIMEOUT_MS, maxBytes: 4096, maxRedirects: 0 });
  return res.status;
}

/**
 * Encrypts a payload for one device (RFC 8291 aes128gcm, VAPID RFC 8292, both done by web-push) and
 * posts it. `topic` lets the push service replace an undelivered older push of the same ticket.
 */
export async function sendPush(
  deps: { config: Pick<Config, "vapid">; outbound: Outbound },
  target: PushTarget,
  payload: PushPayload,
  topic: string,
): Promise<PushOutcome> {
  const wp = await webPush();
  let details: ReturnType<WebPush["generateRequestDetails"]>;
  try {
    details = wp.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(payload), {
      vapidDetails: deps.config.vapid,
      TTL: PUSH_TTL_S,
      urgency: payload.kind === "chat" ? "normal" : "high",
      topic,
      contentEncoding: "aes128gcm",
    });
  } catch {
    // keys the browser sent that do not make a point on the curve: this device can never be reached
    return { outcome: "gone", status: 0 };
  }
  const headers: Record<string, string> = {};
  // fetch sets Content-Length itself from the body
  for (const [k, v] of Object.entries(details.headers)) if (k.toLowerCase() !== "content-length") headers[k] = String(v);
  let status: number;
  try {
    status = await pushRequest(deps.outbound, details.endpoint, headers, details.body ? new Uint8Array(details.body as Buffer) : null);
  } catch (e) {
    // an endpoint the guard refuses (it resolves into the server's network) will never be deliverable
    const refused = e instanceof ExternalError && (e.reason === "refusedAddress" || e.reason === "badUrl");
    return { outcome: refused ? "gone" : "failed", status: 0 };
  }
  if (status === 404 || status === 410) return { outcome: "gone", status };
  return { outcome: status >= 200 && status < 300 ? "sent" : "failed", status };
}
