/**
 * The one way to call an outside service (the SSRF guard). A URL a tenant can set or steer is
 * resolved here, every address checked against the policy (`address.ts`), and the request sent to
 * that exact, checked address (the URL rewritten to the IP, Host header and TLS server name kept),
 * so a name cannot resolve to a public address for the check and a private one for the connection.
 * Redirects are followed by hand, each hop checked again; the whole exchange has a deadline and the
 * answer a size bound. URLs the operator configured (OPENAI_BASE_URL…) skip the address policy but
 * keep the bounds.
 */
import { lookup } from "node:dns/promises";
import { LIMITS } from "../../contract/limits";
import type { OutboundReason } from "../../contract/outbound";
import { type AllowRule, addressAllowed, ipOf, isLocalName, nameAllowed, normaliseHost, refusedRange } from "./address";

/** An outside service failed; `reason` is what the tenant may be told, the message is for the log only. */
export class ExternalError extends Error {
  constructor(
    public reason: OutboundReason,
    message: string,
    public httpStatus?: number,
  ) {
    super(message);
  }
}

/** Answers every address a host name resolves to. */
export type Resolver = (host: string) => Promise<string[]>;

/** "tenant": a URL a company set or steers (checked); "operator": one from the configuration (bounds only). */
export type Trust = "tenant" | "operator";

export interface OutboundOptions {
  trust: Trust;
  /** Deadline of the whole exchange, redirects and body included (default LIMITS.externalCallTimeoutMs). */
  timeoutMs?: number;
  /** Largest answer body read (default 1 MB). */
  maxBytes?: number;
  /** Redirects followed for tenant URLs (default 5); operator URLs follow none. */
  maxRedirects?: number;
}

/** A complete answer, its body already read within bounds. */
export interface OutboundAnswer {
  status: number;
  headers: Headers;
  body: Uint8Array<ArrayBuffer>;
  /** The URL that answered (after redirects). */
  url: string;
}

export interface Outbound {
  /** Sends one request within the guard's rules; throws ExternalError with the reason when it cannot. */
  request(url: string, init: RequestInit, opts: OutboundOptions): Promise<OutboundAnswer>;
  /** Whether a URL a tenant saves is refused by its literal host (bad scheme, IP literal, localhost), before any lookup. */
  refusedOnSave(url: string): OutboundReason | null;
  /** A fetch-compatible function for clients that take one (the OpenAI client), within the same bounds. */
  fetchFor(opts: OutboundOptions): typeof fetch;
}

const systemResolver: Resolver = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const CREDENTIAL_HEADERS = ["authorization", "cookie", "proxy-authorization", "ocp-apim-subscription-key"];

function parseHttpUrl(url: string): URL {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new ExternalError("badUrl", "not a URL");
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") throw new ExternalError("badUrl", `scheme ${u.protocol}`);
  return u;
}

/** Reads a body up to `max` bytes; a longer one is cut off unread. */
async function readCapped(res: Response, max: number, host: string): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(res.headers.get("content-length") ?? 0);
  if (declared > max) {
    await res.body?.cancel().catch(() => undefined);
    throw new ExternalError("tooLarge", `${host}: answer of ${declared} bytes`);
  }
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
      throw new ExternalError("tooLarge", `${host}: answer past ${max} bytes`);
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

/** Builds the guard from the operator's allow list; tests pass their own resolver. */
export function createOutbound(cfg: { allow: AllowRule[]; resolve?: Resolver }): Outbound {
  const resolve = cfg.resolve ?? systemResolver;

  /** The checked address to connect to for this URL's host. */
  async function pin(u: URL, deadline: AbortSignal): Promise<string> {
    const host = normaliseHost(u.hostname);
    const literal = ipOf(host);
    if (literal) {
      const why = refusedRange(literal);
      if (why && !addressAllowed(literal, cfg.allow)) throw new ExternalError("refusedAddress", `${host} is ${why}`);
      return literal.toString();
    }
    const byName = nameAllowed(host, cfg.allow);
    if (isLocalName(host) && !byName) throw new ExternalError("refusedAddress", `${host} is this machine`);
    let addresses: string[];
    try {
      addresses = await Promise.race([
        resolve(host),
        new Promise<never>((_, reject) =>
          deadline.addEventListener("abort", () => reject(new ExternalError("timeout", `${host}: lookup timed out`)), { once: true }),
        ),
      ]);
    } catch (e) {
      if (e instanceof ExternalError) throw e;
      throw new ExternalError("dns", `${host}: ${(e as { code?: string }).code ?? String(e)}`);
    }
    if (!addresses.length) throw new ExternalError("dns", `${host}: no address`);
    // every address must pass, or a name with one public and one private record could pick either
    for (const a of addresses) {
      const why = refusedRange(a);
      if (why && !byName && !addressAllowed(a, cfg.allow)) throw new ExternalError("refusedAddress", `${host} resolves to ${why} ${a}`);
    }
    return ipOf(addresses[0])?.toString() ?? addresses[0];
  }

  async function send(u: URL, address: string | null, init: RequestInit, headers: Headers, signal: AbortSignal): Promise<Response> {
    let target = u;
    const extra: { tls?: Record<string, unknown>; proxy?: false } = {};
    if (address) {
      target = new URL(u);
      target.hostname = address.includes(":") ? `[${address}]` : address;
      headers.set("host", u.host);
      // the certificate is checked against the name, while the socket goes to the checked address
      if (u.protocol === "https:" && !ipOf(u.hostname)) extra.tls = { ...(init as { tls?: object }).tls, serverName: normaliseHost(u.hostname) };
      // a proxy would resolve the name again, out of our sight
      extra.proxy = false;
    }
    return fetch(target, { ...init, headers, signal, redirect: "manual", ...extra } as RequestInit);
  }

  async function request(url: string, init: RequestInit, opts: OutboundOptions): Promise<OutboundAnswer> {
    const deadline = AbortSignal.timeout(opts.timeoutMs ?? LIMITS.externalCallTimeoutMs);
    const signal = init.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
    const maxRedirects = opts.trust === "tenant" ? (opts.maxRedirects ?? 5) : 0;
    let u = parseHttpUrl(url);
    let method = (init.method ?? "GET").toUpperCase();
    let body = init.body;
    const headers = new Headers(init.headers);
    for (let hop = 0; ; hop++) {
      let res: Response;
      try {
        const address = opts.trust === "tenant" ? await pin(u, deadline) : null;
        res = await send(u, address, { ...init, method, body }, headers, signal);
      } catch (e) {
        if (e instanceof ExternalError) throw e;
        if (init.signal?.aborted) throw e;
        if (deadline.aborted) throw new ExternalError("timeout", `${u.host}: timed out`);
        throw new ExternalError("unreachable", `${u.host}: ${String(e)}`);
      }
      const location = res.headers.get("location");
      if (REDIRECTS.has(res.status) && location && maxRedirects > 0) {
        await res.body?.cancel().catch(() => undefined);
        if (hop >= maxRedirects) throw new ExternalError("tooManyRedirects", `${u.host}: more than ${maxRedirects} redirects`);
        const next = parseHttpUrl(new URL(location, u).toString());
        if (next.origin !== u.origin) for (const h of CREDENTIAL_HEADERS) headers.delete(h);
        if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === "POST")) {
          method = method === "HEAD" ? "HEAD" : "GET";
          body = undefined;
          headers.delete("content-type");
        }
        u = next;
        continue;
      }
      try {
        const bytes = await readCapped(res, opts.maxBytes ?? 1024 * 1024, u.host);
        return { status: res.status, headers: res.headers, body: bytes, url: u.toString() };
      } catch (e) {
        if (e instanceof ExternalError) throw e;
        if (init.signal?.aborted) throw e;
        if (deadline.aborted) throw new ExternalError("timeout", `${u.host}: answer timed out`);
        throw new ExternalError("unreachable", `${u.host}: ${String(e)}`);
      }
    }
  }

  function refusedOnSave(url: string): OutboundReason | null {
    let u: URL;
    try {
      u = parseHttpUrl(url);
    } catch {
      return "badUrl";
    }
    const host = normaliseHost(u.hostname);
    const literal = ipOf(host);
    if (literal) return refusedRange(literal) && !addressAllowed(literal, cfg.allow) ? "refusedAddress" : null;
    return isLocalName(host) && !nameAllowed(host, cfg.allow) ? "refusedAddress" : null;
  }

  function fetchFor(opts: OutboundOptions): typeof fetch {
    const f = async (input: string | URL | Request, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      const a = await request(url, init ?? {}, opts);
      const headers = new Headers(a.headers);
      // the body is already decoded and complete
      headers.delete("content-encoding");
      headers.delete("content-length");
      return new Response(a.status === 204 || a.status === 304 ? null : a.body, { status: a.status, headers });
    };
    return f as typeof fetch;
  }

  return { request, refusedOnSave, fetchFor };
}
