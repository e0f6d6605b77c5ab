/**
 * Which addresses an outbound request may reach (the SSRF guard's address policy). Only global
 * unicast addresses pass; loopback, private, unique-local, link-local (cloud metadata included),
 * CGNAT, multicast, unspecified, broadcast, reserved and documentation ranges are refused, also
 * when an IPv6 address carries one of them (IPv4-mapped, NAT64, 6to4). The operator may allow
 * named hosts or ranges (OUTBOUND_ALLOW), e.g. a self-hosted n8n on the same machine.
 */
import ipaddr from "ipaddr.js";

type IP = ipaddr.IPv4 | ipaddr.IPv6;

/** One entry of OUTBOUND_ALLOW: an exact host name, every name under a domain (`*.x`), or an address range. */
export type AllowRule = { kind: "name"; name: string } | { kind: "suffix"; suffix: string } | { kind: "range"; range: [IP, number] };

/** A host name as compared: lower case, no IPv6 brackets, no trailing dots (`Example.COM.` is `example.com`). */
export function normaliseHost(hostname: string): string {
  return hostname
    .toLowerCase()
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/\.+$/, "");
}

/** The address when `host` is an IP literal (URL-normalised, brackets allowed), else null. */
export function ipOf(host: string): IP | null {
  const h = normaliseHost(host);
  if (!ipaddr.isValid(h)) return null;
  // ipaddr.isValid accepts the legacy IPv4 forms too; a URL already turned those into dotted quads
  if (!h.includes(":") && !ipaddr.IPv4.isValidFourPartDecimal(h)) return null;
  return ipaddr.process(h);
}

/** Parses OUTBOUND_ALLOW (comma-separated names, `*.domain`, addresses, CIDR ranges); answers an error text when invalid. */
export function parseAllowList(raw: string): AllowRule[] | string {
  const rules: AllowRule[] = [];
  for (const item of raw
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    if (item.includes("/")) {
      try {
        const [ip, bits] = ipaddr.parseCIDR(item);
        // a mapped range (::ffff:a.b.c.0/120) is the IPv4 range it maps, as connected addresses are compared in IPv4
        const mapped = ip.kind() === "ipv6" && (ip as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96;
        rules.push({ kind: "range", range: mapped ? [(ip as ipaddr.IPv6).toIPv4Address(), bits - 96] : [ip, bits] });
      } catch {
        return `"${item}" is not a CIDR range`;
      }
      continue;
    }
    const ip = ipOf(item);
    if (ip) rules.push({ kind: "range", range: [ip, ip.kind() === "ipv4" ? 32 : 128] });
    else if (/^\*\.[a-z0-9.-]+$/i.test(item)) rules.push({ kind: "suffix", suffix: normaliseHost(item.slice(1)) });
    else if (/^[a-z0-9_-]+(\.[a-z0-9_-]+)*\.?$/i.test(item)) rules.push({ kind: "name", name: normaliseHost(item) });
    else return `"${item}" is neither a host name nor an address`;
  }
  return rules;
}

/** Whether the operator allows this host name (as written in the URL). */
export function nameAllowed(host: string, rules: AllowRule[]): boolean {
  const h = normaliseHost(host);
  return rules.some((r) => (r.kind === "name" && r.name === h) || (r.kind === "suffix" && h.endsWith(r.suffix) && h.length > r.suffix.length));
}

/** Whether the operator allows this address. */
export function addressAllowed(address: string | IP, rules: AllowRule[]): boolean {
  const ip = typeof address === "string" ? ipOf(address) : address;
  if (!ip) return false;
  return rules.some((r) => r.kind === "range" && r.range[0].kind() === ip.kind() && ip.match(r.range));
}

const NAT64 = [ipaddr.parseCIDR("64:ff9b::/96"), ipaddr.parseCIDR("64:ff9b:1::/48")] as [ipaddr.IPv6, number][];
const GLOBAL_V6 = ipaddr.parseCIDR("2000::/3") as [ipaddr.IPv6, number];

/** The IPv4 address an IPv6 address carries (mapped, NAT64, 6to4), if any. */
function embeddedV4(ip: ipaddr.IPv6): ipaddr.IPv4 | null {
  const p = ip.parts;
  const v4 = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
  if (ip.isIPv4MappedAddress()) return ip.toIPv4Address();
  if (NAT64.some((n) => ip.match(n))) return v4(p[6], p[7]);
  if (ip.range() === "6to4") return v4(p[1], p[2]);
  return null;
}

/**
 * Why an address may not be reached (its range: "loopback", "private", "linkLocal"…), or null for a
 * global unicast address.
 */
export function refusedRange(address: string | IP): string | null {
  const ip = typeof address === "string" ? ipOf(address) : address;
  if (!ip) return "invalid";
  if (ip.kind() === "ipv4") {
    const range = ip.range();
    return range === "unicast" ? null : range;
  }
  const v6 = ip as ipaddr.IPv6;
  const inner = embeddedV4(v6);
  if (inner) return refusedRange(inner);
  const range = v6.range();
  // outside 2000::/3 nothing is global unicast today (::/8 holds ::1, ::, the IPv4-compatible forms)
  if (!v6.match(GLOBAL_V6)) return range === "unicast" ? "reserved" : range;
  return range === "unicast" ? null : range;
}

/** Names that always mean this machine (RFC 6761), refused before any lookup. */
export function isLocalName(host: string): boolean {
  const h = normaliseHost(host);
  return h === "localhost" || h.endsWith(".localhost") || h === "localhost.localdomain";
}
