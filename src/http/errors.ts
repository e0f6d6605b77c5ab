import type { ErrorCode } from "../contract/errors";

/** JSON error response in the wire shape. */
export function errorResponse(code: ErrorCode, status: number, params?: Record<string, unknown>, headers?: HeadersInit) {
  return new Response(JSON.stringify({ error: code, ...params }), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
  });
}
