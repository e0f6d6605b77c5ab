import type { TrustProxy } from "../config";
import type { Deps } from "../core/deps";

interface IpServer {
  requestIP(req: Request): { address: string } | null;
}

/** Strips the IPv4-mapped IPv6 prefix (`::ffff:10.0.0.1`). */
const plain = (ip: string) => ip.trim().replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, "$1");

function ipv4ToInt(ip: string): number | null {
  const parts = ip.split(".");
  if (parts.length !== 4) return null;
  let n = 0;
  for (const p of parts) {
    const v = Number(p);
    if (!/^\d{1,3}$/.test(p) || v > 255) return null;
    n = n * 256 + v;
  }
  return n;
}

/** Whether an address is inside one of the CIDR ranges (IPv4 ranges; IPv6 entries match exactly). */
export function inCidrs(ip: string, cidrs: string[]): boolean {
  const addr = plain(ip);
  const n = ipv4ToInt(addr);
  for (const c of cidrs) {
    const [base, bitsText] = c.split("/");
    if (n === null || ipv4ToInt(base) === null) {
      if (plain(base).toLowerCase() === addr.toLowerCase()) return true;
      continue;
    }
    const bits = bitsText === undefined ? 32 : Number(bitsText);
    const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
    if ((n & mask) >>> 0 === (ipv4ToInt(base)! & mask) >>> 0) return true;
  }
  return false;
}

/**
 * The client address behind the configured proxies (pure, for tests). X-Forwarded-For is read from
 * the right: each proxy appends the address it saw, so the left-most entries are whatever the client
 * wrote. With a hop count N the client is the N-th address from the right; with a list of proxy
 * ranges it is the right-most address that is not a trusted proxy (and only when the peer itself is one).
 */
export function resolveClientIp(trust: TrustProxy, peer: string, xff: string | null): string {
  if (trust.kind === "none" || !xff) return peer;
  const hops = xff
    .split(",")
    .map((h) => plain(h))
    .filter(Boolean);
  if (!hops.length) return peer;
  if (trust.kind === "hops") return hops[Math.max(0, hops.length - trust.hops)];
  if (!inCidrs(peer, trust.cidrs)) return peer;
  for (let i = hops.length - 1; i >= 0; i--) if (!inCidrs(hops[i], trust.cidrs)) return hops[i];
  return hops[0];
}

const peerOf = (request: Request, server: IpServer | null | undefined) => plain(server?.requestIP(request)?.address ?? "local");

/** The client address: the socket peer, or the X-Forwarded-For hop TRUST_PROXY says is the client's. */
export function clientIp(deps: Deps, request: Request, server: IpServer | null | undefined): string {
  return resolveClientIp(deps.config.trustProxy, peerOf(request, server), request.headers.get("x-forwarded-for"));
}

/** Whether the request came over https: the URL, or X-Forwarded-Proto when the peer is a trusted proxy. */
export function cameOverHttps(deps: Deps, request: Request, server: IpServer | null | undefined): boolean {
  if (new URL(request.url).protocol === "https:") return true;
  const trust = deps.config.trustProxy;
  if (trust.kind === "none") return false;
  if (trust.kind === "cidrs" && !inCidrs(peerOf(request, server), trust.cidrs)) return false;
  const proto = request.headers.get("x-forwarded-proto");
  // the proxy nearest to us wrote the last value
  return proto?.split(",").pop()?.trim().toLowerCase() === "https";
}
