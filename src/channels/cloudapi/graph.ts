/**
 * The ONLY place that talks HTTP to Meta's Graph API for Cloud API connections, all of it through
 * the outbound guard (`deps.outbound`): Graph calls go to the operator's CLOUD_API_URL (bounds only,
 * no redirects); a customer's media is fetched from the URL Meta answers, which the guard checks like
 * any address a tenant could steer. Every Graph call carries the connection's token and its
 * `appsecret_proof`. A remote answer body is never handed to a tenant: failures become a GraphError
 * with Meta's numeric code, which errors.ts turns into one of our codes.
 */
import { createHmac } from "node:crypto";
import { LIMITS } from "../../contract/limits";
import type { Outbound, OutboundAnswer } from "../../lib/net/guard";

/** Where and as whom to call. */
export interface GraphCreds {
  baseUrl: string;
  accessToken: string;
  appSecret: string;
  outbound: Outbound;
}

/** A Graph call failed: HTTP status (0 = no answer), Meta's error code and subcode, and whether the app secret proof was refused. */
export class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | null,
    readonly subcode: number | null,
    readonly badProof = false,
  ) {
    super(`graph ${status} code=${code ?? "-"} subcode=${subcode ?? "-"}`);
  }
}

const MAX_ANSWER_BYTES = 2 * 1024 * 1024;

/** The proof Graph checks against the app's secret (a stolen token alone is not enough). */
export const appSecretProof = (c: Pick<GraphCreds, "accessToken" | "appSecret">) => createHmac("sha256", c.appSecret).update(c.accessToken).digest("hex");

type Query = Record<string, string | number | undefined>;

async function request(c: GraphCreds, method: string, path: string, opts: { query?: Query; json?: unknown; form?: FormData; timeoutMs?: number } = {}) {
  const url = new URL(`${c.baseUrl}/${path.replace(/^\/+/, "")}`);
  for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  url.searchParams.set("appsecret_proof", appSecretProof(c));
  let res: OutboundAnswer;
  try {
    res = await c.outbound.request(
      url.toString(),
      {
        method,
        headers: {
          authorization: `Bearer ${c.accessToken}`,
          accept: "application/json",
          ...(opts.json !== undefined ? { "content-type": "application/json" } : {}),
        },
        body: opts.form ?? (opts.json !== undefined ? JSON.stringify(opts.json) : undefined),
      },
      { trust: "operator", timeoutMs: opts.timeoutMs ?? LIMITS.externalCallTimeoutMs, maxBytes: MAX_ANSWER_BYTES },
    );
  } catch {
    throw new GraphError(0, null, null);
  }
  const ok = res.status >= 200 && res.status < 300;
  const text = new TextDecoder().decode(res.body);
  let json: Record<string, unknown> = {};
  try {
    json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    if (ok) throw new GraphError(res.status, null, null);
  }
  if (!ok || json.error) {
    const e = (json.error ?? {}) as { code?: unknown; error_subcode?: unknown; message?: unknown };
    const num = (x: unknown) => (typeof x === "number" ? x : typeof x === "string" && /^\d+$/.test(x) ? Number(x) : null);
    throw new GraphError(res.status, num(e.code), num(e.error_subcode), typeof e.message === "string" && e.message.includes("appsecret_proof"));
  }
  return json;
}

/** A phone number of a WhatsApp Business Account. */
export interface GraphPhoneNumber {
  id: string;
  display_phone_number?: string;
  verified_name?: string;
}

/** The numbers of an account: one call proves the token, the account id, the permission and the app secret. */
export async function phoneNumbers(c: GraphCreds, wabaId: string): Promise<GraphPhoneNumber[]> {
  const json = await request(c, "GET", `${encodeURIComponent(wabaId)}/phone_numbers`, {
    query: { fields: "id,display_phone_number,verified_name", limit: 100 },
  });
  return Array.isArray(json.data) ? (json.data as GraphPhoneNumber[]) : [];
}

/** POST /{phone-number-id}/messages: answers WhatsApp's message id (wamid). */
export async function postMessage(c: GraphCreds, phoneNumberId: string, body: Record<string, unknown>): Promise<string> {
  const json = await request(c, "POST", `${encodeURIComponent(phoneNumberId)}/messages`, { json: { messaging_product: "whatsapp", ...body } });
  const id = (json.messages as { id?: string }[] | undefined)?.[0]?.id;
  if (!id) throw new GraphError(200, null, null);
  return id;
}

/** Marks a customer's message read (blue ticks on their phone). */
export async function postRead(c: GraphCreds, phoneNumberId: string, messageId: string): Promise<void> {
  await request(c, "POST", `${encodeURIComponent(phoneNumberId)}/messages`, { json: { messaging_product: "whatsapp", status: "read", message_id: messageId } });
}

/** Uploads a file for sending; answers its media id. */
export async function uploadMedia(c: GraphCreds, phoneNumberId: string, file: Blob, name: string): Promise<string> {
  const form = new FormData();
  form.set("messaging_product", "whatsapp");
  form.set("type", file.type);
  form.set("file", file, name);
  const json = await request(c, "POST", `${encodeURIComponent(phoneNumberId)}/media`, { form, timeoutMs: 120_000 });
  if (typeof json.id !== "string") throw new GraphError(200, null, null);
  return json.id;
}

/**
 * Downloads a customer's media: the media id gives a short-lived URL, fetched with the token and
 * read up to `maxBytes`.
 */
export async function downloadMedia(c: GraphCreds, mediaId: string, maxBytes: number): Promise<{ bytes: Uint8Array; mime: string }> {
  const meta = await request(c, "GET", encodeURIComponent(mediaId));
  const url = typeof meta.url === "string" ? meta.url : "";
  if (!/^https?:\/\//.test(url)) throw new GraphError(200, null, null);
  if (typeof meta.file_size === "number" && meta.file_size > maxBytes) throw new GraphError(413, null, null);
  // Meta names the URL: it is checked like any address from outside, and the token never follows a redirect elsewhere.
  let res: OutboundAnswer;
  try {
    res = await c.outbound.request(url, { headers: { authorization: `Bearer ${c.accessToken}` } }, { trust: "tenant", timeoutMs: 120_000, maxBytes });
  } catch {
    throw new GraphError(0, null, null);
  }
  if (res.status < 200 || res.status >= 300) throw new GraphError(res.status, null, null);
  return { bytes: res.body, mime: typeof meta.mime_type === "string" ? meta.mime_type : (res.headers.get("content-type") ?? "") };
}

/** One template as the account lists it. */
export interface GraphTemplate {
  name: string;
  language: string;
  status: string;
  category?: string;
  components?: unknown[];
}

/** The account's message templates (every status), up to `max`, following the cursor. */
export async function listTemplates(c: GraphCreds, wabaId: string, max = 1000): Promise<GraphTemplate[]> {
  const out: GraphTemplate[] = [];
  let after: string | undefined;
  while (out.length < max) {
    const json = await request(c, "GET", `${encodeURIComponent(wabaId)}/message_templates`, {
      query: { fields: "name,language,status,category,components", limit: 100, after },
    });
    const data = Array.isArray(json.data) ? (json.data as GraphTemplate[]) : [];
    out.push(...data);
    const next = (json.paging as { cursors?: { after?: string }; next?: string } | undefined) ?? {};
    // the cursor is followed on our own base URL, never the `next` link of the answer
    if (!data.length || !next.next || !next.cursors?.after) break;
    after = next.cursors.after;
  }
  return out.slice(0, max);
}
