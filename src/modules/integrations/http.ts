import { ExternalError, type Outbound, type Trust } from "../../lib/net/guard";

export { ExternalError };

/**
 * POSTs to an outside service through the guard and answers its JSON (null for an empty or non-JSON
 * body). A URL a company set goes as "tenant" (address policy); the configured Dialogflow API as
 * "operator". A failure is an ExternalError whose reason the tenant may see; the answer's body is
 * never put into it. Never called inside a database transaction.
 */
export async function postJson(
  net: Outbound,
  url: string,
  body: unknown,
  opts: { headers?: Record<string, string>; form?: URLSearchParams; trust?: Trust } = {},
) {
  const res = await net.request(
    url,
    {
      method: "POST",
      headers: { accept: "application/json", ...(opts.form ? {} : { "content-type": "application/json" }), ...opts.headers },
      body: opts.form ?? JSON.stringify(body),
    },
    { trust: opts.trust ?? "tenant" },
  );
  if (res.status < 200 || res.status >= 300) throw new ExternalError("httpStatus", `${new URL(res.url).host}: HTTP ${res.status}`, res.status);
  const text = new TextDecoder().decode(res.body);
  if (!text.trim()) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // a webhook may answer plain text ("ok"): that is not an error, just no messages
    return null;
  }
}
