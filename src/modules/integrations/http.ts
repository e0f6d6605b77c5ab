import { LIMITS } from "../../contract/limits";

/** An outside service failed (network, timeout, HTTP status or an unreadable answer). */
export class ExternalError extends Error {}

const MAX_ANSWER_BYTES = 1024 * 1024;

/** Reads a response body up to `max` bytes; a longer one is refused without reading the rest. */
export async function readCapped(res: Response, max: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(res.headers.get("content-length") ?? 0);
  if (declared > max) throw new ExternalError(`answer too large (${declared} bytes)`);
  const reader = res.body?.getReader();
  if (!reader) return new Uint8Array(0);
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      throw new ExternalError("answer too large");
    }
    parts.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

/**
 * POSTs to an outside service with a timeout and answers its JSON (null for an empty body). Never
 * called inside a database transaction: the caller stores before and after.
 */
export async function postJson(url: string, body: unknown, opts: { headers?: Record<string, string>; form?: URLSearchParams; timeoutMs?: number } = {}) {
  let res: Response;
  try {
    res = await fetch(url, {
      method: "POST",
      headers: { accept: "application/json", ...(opts.form ? {} : { "content-type": "application/json" }), ...opts.headers },
      body: opts.form ?? JSON.stringify(body),
      signal: AbortSignal.timeout(opts.timeoutMs ?? LIMITS.externalCallTimeoutMs),
      redirect: "error",
    });
  } catch (e) {
    throw new ExternalError(`${new URL(url).host}: ${(e as Error).name === "TimeoutError" ? "timeout" : String(e)}`);
  }
  const text = new TextDecoder().decode(await readCapped(res, MAX_ANSWER_BYTES));
  if (!res.ok) throw new ExternalError(`${new URL(url).host}: HTTP ${res.status} ${text.slice(0, 200)}`);
  if (!text.trim()) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // a webhook may answer plain text ("ok"): that is not an error, just no messages
    return null;
  }
}
