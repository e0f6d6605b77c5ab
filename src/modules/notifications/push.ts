import type { Config } from "../../config";
import type { PushPayload } from "../../contract/dto/notifications";
import { readCapped } from "../integrations/http";

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
 * Whether a device's endpoint may receive our requests: an https URL on the default port, without
 * credentials. Loopback http is allowed only in tests (their push service listens on 127.0.0.1).
 * The shared SSRF guard (branch trust-net) replaces this check when it lands: see pushRequest.
 */
export function allowedPushEndpoint(raw: string, config: Pick<Config, "isTest">): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (config.isTest && url.protocol === "http:" && (url.hostname === "127.0.0.1" || url.hostname === "localhost")) return true;
  return url.protocol === "https:" && url.port === "";
}

/**
 * The ONE outbound request of this module: every push to a device goes through here, so it can be
 * routed through the SSRF guard. The endpoint comes from a browser (any user can register any URL):
 * no redirects, a timeout, the answer read up to 4 KB and never shown to anyone.
 */
export async function pushRequest(
  config: Pick<Config, "isTest">,
  url: string,
  init: { headers: Record<string, string>; body: Uint8Array<ArrayBuffer> | null },
): Promise<number> {
  if (!allowedPushEndpoint(url, config)) return 0;
  const res = await fetch(url, {
    method: "POST",
    headers: init.headers,
    body: init.body,
    redirect: "error",
    signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
  });
  await readCapped(res, 4096).catch(() => undefined);
  return res.status;
}

/**
 * Encrypts a payload for one device (RFC 8291 aes128gcm, VAPID RFC 8292, both done by web-push) and
 * posts it. `topic` lets the push service replace an undelivered older push of the same ticket.
 */
export async function sendPush(config: Pick<Config, "isTest" | "vapid">, target: PushTarget, payload: PushPayload, topic: string): Promise<PushOutcome> {
  const wp = await webPush();
  let details: ReturnType<WebPush["generateRequestDetails"]>;
  try {
    details = wp.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(payload), {
      vapidDetails: config.vapid,
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
    status = await pushRequest(config, details.endpoint, { headers, body: details.body ? new Uint8Array(details.body as Buffer) : null });
  } catch {
    return { outcome: "failed", status: 0 };
  }
  if (status === 404 || status === 410) return { outcome: "gone", status };
  return { outcome: status >= 200 && status < 300 ? "sent" : "failed", status };
}
