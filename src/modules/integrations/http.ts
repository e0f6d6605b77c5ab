import { LIMITS } from "../../contract/limits";

/** An outside service failed (network, timeout, HTTP status or an unreadable answer). */
export class ExternalError extends Error {}

const MAX_ANSWER_BYTES = 1024 * 1024;

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
  const text = await res.text();
  if (text.length > MAX_ANSWER_BYTES) throw new ExternalError(`${new URL(url).host}: answer too large`);
  if (!res.ok) throw new ExternalError(`${new URL(url).host}: HTTP ${res.status} ${text.slice(0, 200)}`);
  if (!text.trim()) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // a webhook may answer plain text ("ok"): that is not an error, just no messages
    return null;
  }
}
