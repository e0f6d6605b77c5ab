/**
 * Request bodies are bounded before they are read (issue 10): a declared Content-Length past the
 * route's bound is refused with 413 at once, the caller of a private route is authenticated before a
 * byte of the body is read, and a body without a length is read only up to the bound. The limits
 * live in INPUT_LIMITS (src/contract/limits.ts); this file says which applies to which route.
 */
import { Elysia } from "elysia";
import { INPUT_LIMITS } from "../contract/limits";
import { formatBytes } from "../contract/media";
import { authenticate, rememberCaller } from "./auth";
import type { Deps } from "../core/deps";
import { AppError } from "../core/errors";
import { isPublicRoute } from "./public-routes";

type FormLimit = "formBytes" | "mediaFormBytes" | "spreadsheetBytes";

/** Multipart routes whose bound is not the default form bound. */
const FORM_LIMITS: Record<string, FormLimit> = {
  "POST /messages/:ticketId": "mediaFormBytes",
  "POST /sandbox/:connectionId/messages": "mediaFormBytes",
  "POST /api/messages/send": "mediaFormBytes",
  "POST /contacts/import": "spreadsheetBytes",
  "POST /contact-lists/:id/upload": "spreadsheetBytes",
};

/** Non-multipart routes whose bound is not INPUT_LIMITS.jsonBytes. */
const RAW_LIMITS: Record<string, "cloudWebhookBytes"> = {
  "POST /cloudapi/webhook/:key": "cloudWebhookBytes",
};

/** The bound of a request's body: by route for multipart forms and a few others, INPUT_LIMITS.jsonBytes for everything else. */
export function bodyLimitFor(method: string, route: string, contentType: string | null): number {
  if (!(contentType ?? "").toLowerCase().startsWith("multipart/form-data")) return INPUT_LIMITS[RAW_LIMITS[`${method} ${route}`] ?? "jsonBytes"];
  return INPUT_LIMITS[FORM_LIMITS[`${method} ${route}`] ?? "formBytes"];
}

const tooLarge = (limit: number) => new AppError("ERR_BODY_TOO_LARGE", 413, { limit, size: formatBytes(limit) });

/** Reads a body up to `limit` bytes; past it the stream is cancelled and 413 thrown. */
async function readCapped(body: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/**
 * The global parse hook: it runs before Elysia's own body parsers. It answers nothing itself (the
 * usual parsers then read the bounded copy), or throws 413 / the authentication error.
 */
export const bodyLimit = (deps: Deps) =>
  new Elysia({ name: "body-limit" }).onParse({ as: "global" }, async (c) => {
    const { request } = c;
    const route = (c as { route?: string }).route ?? new URL(request.url).pathname;
    const limit = bodyLimitFor(request.method, route, request.headers.get("content-type"));
    const declared = Number(request.headers.get("content-length") ?? Number.NaN);
    if (declared > limit) throw tooLarge(limit);
    // A private route's caller is known before the body is read: strangers cannot make us read anything.
    const caller = isPublicRoute(request.method, route) ? null : await authenticate(deps, request, route);
    rememberCaller(request, caller);
    if (!request.body || Number.isFinite(declared)) return;
    // No declared length (chunked): read at most the bound, then hand the parsers a bounded copy.
    const bytes = await readCapped(request.body, limit);
    const copy = new Request(request.url, { method: request.method, headers: request.headers, body: bytes as Uint8Array<ArrayBuffer> });
    rememberCaller(copy, caller);
    (c as { request: Request }).request = copy;
  });
