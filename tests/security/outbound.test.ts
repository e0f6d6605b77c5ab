/**
 * The SSRF guard (src/lib/net/guard.ts) against real loopback servers: every spelling of a refused
 * address, names that resolve to one (through a test resolver), redirects to one, a name that
 * resolves somewhere else on its second lookup (the request goes to the address that was checked),
 * time and size bounds, and the operator's allow list.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { type AllowRule, parseAllowList } from "../../src/lib/net/address";
import { createOutbound, ExternalError, type OutboundOptions, type Resolver } from "../../src/lib/net/guard";
import { makeTestCert } from "../support/fake-wa-media";

interface Hit {
  path: string;
  host: string | null;
  method: string;
  auth: string | null;
  body: string;
}
const hits: Hit[] = [];
const server = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  async fetch(req) {
    const url = new URL(req.url);
    hits.push({ path: url.pathname, host: req.headers.get("host"), method: req.method, auth: req.headers.get("authorization"), body: await req.text() });
    const to = url.searchParams.get("to");
    if (url.pathname === "/redirect" && to) return new Response(null, { status: Number(url.searchParams.get("status") ?? 302), headers: { location: to } });
    if (url.pathname === "/loop") return new Response(null, { status: 302, headers: { location: "/loop" } });
    if (url.pathname === "/slow") {
      await Bun.sleep(2_000);
      return new Response("late");
    }
    if (url.pathname === "/trickle") {
      const stream = new ReadableStream({
        async pull(c) {
          await Bun.sleep(100);
          c.enqueue(new TextEncoder().encode("x"));
        },
      });
      return new Response(stream);
    }
    if (url.pathname === "/big") return new Response("x".repeat(64 * 1024));
    if (url.pathname === "/bigstream") {
      let n = 0;
      const stream = new ReadableStream({
        pull(c) {
          if (n++ > 64) return c.close();
          c.enqueue(new Uint8Array(1024));
        },
      });
      return new Response(stream);
    }
    return Response.json({ ok: true, path: url.pathname });
  },
});
afterAll(() => server.stop(true));
const PORT = server.port;
const LOCAL = `http://127.0.0.1:${PORT}`;

const allow = (raw: string) => parseAllowList(raw) as AllowRule[];
/** A resolver from a table; names not in it do not resolve. */
const table =
  (map: Record<string, string[]>, calls: string[] = []): Resolver =>
  async (host) => {
    calls.push(host);
    if (!map[host]) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
    return map[host];
  };
const T: OutboundOptions = { trust: "tenant", timeoutMs: 1_500 };

async function reasonOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return "ok";
  } catch (e) {
    if (e instanceof ExternalError) return e.reason;
    throw e;
  }
}

describe("refused addresses: nothing reaches the server", () => {
  const guard = createOutbound({
    allow: [],
    resolve: table({
      "internal.test": ["10.1.2.3"],
      "loop.test": ["127.0.0.1"],
      "meta.test": ["169.254.169.254"],
      "v6loop.test": ["::1"],
      "mapped.test": ["::ffff:127.0.0.1"],
      "ula.test": ["fd00::1"],
      "cgnat.test": ["100.64.1.1"],
      // one public record does not excuse a private one
      "mixed.test": ["93.184.216.34", "127.0.0.1"],
    }),
  });
  const cases = [
    `http://127.0.0.1:${PORT}/x`,
    `http://localhost:${PORT}/x`,
    `http://localhost.:${PORT}/x`,
    `http://LocalHost:${PORT}/x`,
    `http://foo.localhost:${PORT}/x`,
    `http://[::1]:${PORT}/x`,
    `http://0x7f000001:${PORT}/x`,
    `http://127.1:${PORT}/x`,
    `http://2130706433:${PORT}/x`,
    `http://0177.0.0.1:${PORT}/x`,
    `http://017700000001:${PORT}/x`,
    `http://127.0.0.1.:${PORT}/x`,
    `http://[::ffff:127.0.0.1]:${PORT}/x`,
    `http://[::ffff:7f00:1]:${PORT}/x`,
    `http://[::7f00:1]:${PORT}/x`,
    `http://[64:ff9b::7f00:1]:${PORT}/x`,
    `http://0.0.0.0:${PORT}/x`,
    `http://0:${PORT}/x`,
    "http://169.254.169.254/latest/meta-data/",
    "http://[::ffff:a9fe:a9fe]/latest/meta-data/",
    "http://[fd00:ec2::254]/latest/meta-data/",
    "http://10.0.0.1/",
    "http://172.16.0.1/",
    "http://192.168.0.1/",
    "http://100.64.0.1/",
    "http://224.0.0.1/",
    "http://255.255.255.255/",
    "http://[fe80::1]/",
    "http://[fc00::1]/",
    "http://[ff02::1]/",
    `http://internal.test:${PORT}/`,
    `http://loop.test:${PORT}/`,
    `http://meta.test/`,
    `http://v6loop.test:${PORT}/`,
    `http://mapped.test:${PORT}/`,
    `http://ula.test/`,
    `http://cgnat.test/`,
    `http://mixed.test:${PORT}/`,
  ];
  test.each(cases)("%s", async (url) => {
    const before = hits.length;
    expect(await reasonOf(guard.request(url, { method: "POST", body: "secret" }, T))).toBe("refusedAddress");
    expect(hits.length).toBe(before);
  });
  test.each(["file:///etc/passwd", "ftp://127.0.0.1/", "gopher://127.0.0.1:70/", "data:text/plain,hi"])("%s: not http(s)", async (url) => {
    expect(await reasonOf(guard.request(url, {}, T))).toBe("badUrl");
  });
  test("a name that does not resolve is a DNS failure", async () => {
    expect(await reasonOf(guard.request("http://nowhere.test/", {}, T))).toBe("dns");
  });
});

describe("the operator's allow list", () => {
  test("an allowed address is reached; the Host header keeps the name", async () => {
    const guard = createOutbound({ allow: allow("127.0.0.1"), resolve: table({ "n8n.test": ["127.0.0.1"] }) });
    const a = await guard.request(`${LOCAL}/hook`, { method: "POST", body: "{}" }, T);
    expect(a.status).toBe(200);
    const b = await guard.request(`http://n8n.test:${PORT}/named`, {}, T);
    expect(JSON.parse(new TextDecoder().decode(b.body)).path).toBe("/named");
    expect(hits.at(-1)).toMatchObject({ path: "/named", host: `n8n.test:${PORT}` });
  });
  test("an allowed name reaches whatever it resolves to; other names resolving there do not", async () => {
    const guard = createOutbound({ allow: allow("n8n.internal"), resolve: table({ "n8n.internal": ["127.0.0.1"], "other.internal": ["127.0.0.1"] }) });
    expect((await guard.request(`http://n8n.internal:${PORT}/ok`, {}, T)).status).toBe(200);
    expect(await reasonOf(guard.request(`http://other.internal:${PORT}/no`, {}, T))).toBe("refusedAddress");
    expect(await reasonOf(guard.request(`${LOCAL}/no`, {}, T))).toBe("refusedAddress");
  });
  test("a CIDR range", async () => {
    const guard = createOutbound({ allow: allow("127.0.0.0/8") });
    expect((await guard.request(`http://127.1:${PORT}/cidr`, {}, T)).status).toBe(200);
    expect(await reasonOf(guard.request("http://169.254.169.254/", {}, T))).toBe("refusedAddress");
  });
  test("operator URLs (configuration) skip the address policy but keep the bounds", async () => {
    const guard = createOutbound({ allow: [] });
    expect((await guard.request(`${LOCAL}/operator`, {}, { trust: "operator" })).status).toBe(200);
    expect(await reasonOf(guard.request(`${LOCAL}/slow`, {}, { trust: "operator", timeoutMs: 200 }))).toBe("timeout");
    expect(await reasonOf(guard.request(`${LOCAL}/big`, {}, { trust: "operator", maxBytes: 1024 }))).toBe("tooLarge");
    // and follow no redirect
    const r = await guard.request(`${LOCAL}/redirect?to=${encodeURIComponent("http://169.254.169.254/")}`, {}, { trust: "operator" });
    expect(r.status).toBe(302);
  });
});

describe("DNS rebinding: the request goes to the address that was checked", () => {
  test("a name that answers an allowed address first and the metadata address next", async () => {
    const calls: string[] = [];
    let n = 0;
    const guard = createOutbound({
      allow: allow("127.0.0.1"),
      resolve: async (host) => {
        calls.push(host);
        return n++ === 0 ? ["127.0.0.1"] : ["169.254.169.254"];
      },
    });
    const before = hits.length;
    const r = await guard.request(`http://rebind.test:${PORT}/first`, {}, T);
    expect(r.status).toBe(200);
    // one lookup, and the connection went to its answer (Bun's own resolver knows no rebind.test)
    expect(calls).toEqual(["rebind.test"]);
    expect(hits.slice(before)).toEqual([expect.objectContaining({ path: "/first", host: `rebind.test:${PORT}` })]);
    expect(await reasonOf(guard.request(`http://rebind.test:${PORT}/second`, {}, T))).toBe("refusedAddress");
    expect(hits.length).toBe(before + 1);
  });
  test("https: the certificate is checked against the name while the socket goes to the checked address", async () => {
    const cert = makeTestCert("svc.test");
    const tls = Bun.serve({
      port: 0,
      hostname: "127.0.0.1",
      tls: { cert: Bun.file(cert.cert), key: Bun.file(cert.key) },
      fetch: (req) => Response.json({ host: req.headers.get("host") }),
    });
    try {
      const ca = await Bun.file(cert.cert).text();
      const guard = createOutbound({ allow: allow("127.0.0.1"), resolve: table({ "svc.test": ["127.0.0.1"], "other.test": ["127.0.0.1"] }) });
      const r = await guard.request(`https://svc.test:${tls.port}/`, { tls: { ca } } as RequestInit, T);
      expect(JSON.parse(new TextDecoder().decode(r.body))).toEqual({ host: `svc.test:${tls.port}` });
      // the same address under a name the certificate does not carry fails
      expect(await reasonOf(guard.request(`https://other.test:${tls.port}/`, { tls: { ca } } as RequestInit, T))).toBe("unreachable");
    } finally {
      tls.stop(true);
      rmSync(cert.dir, { recursive: true, force: true });
    }
  });
});

describe("redirects", () => {
  const guard = createOutbound({ allow: allow("127.0.0.1"), resolve: table({ "meta.test": ["169.254.169.254"], "n8n.test": ["127.0.0.1"] }) });
  const via = (to: string, status = 302) => `${LOCAL}/redirect?status=${status}&to=${encodeURIComponent(to)}`;
  test.each(["http://169.254.169.254/latest/meta-data/", "http://[::1]/", "http://10.0.0.1/", "http://meta.test/", "http://localhost/", "file:///etc/passwd"])(
    "to %s is refused",
    async (to) => {
      const before = hits.length;
      const reason = await reasonOf(guard.request(via(to), {}, T));
      expect(["refusedAddress", "badUrl"]).toContain(reason);
      expect(hits.length).toBe(before + 1);
    },
  );
  test("to an allowed place is followed; 303 turns a POST into a GET; credentials stay on their origin", async () => {
    const r = await guard.request(via(`http://n8n.test:${PORT}/landed`, 303), { method: "POST", body: "x", headers: { authorization: "Bearer s3cret" } }, T);
    expect(r.status).toBe(200);
    expect(r.url).toBe(`http://n8n.test:${PORT}/landed`);
    expect(hits.at(-1)).toMatchObject({ path: "/landed", method: "GET", auth: null, host: `n8n.test:${PORT}` });
    await guard.request(via("/same-origin", 307), { method: "POST", body: "kept", headers: { authorization: "Bearer s3cret" } }, T);
    expect(hits.at(-1)).toMatchObject({ path: "/same-origin", method: "POST", body: "kept", auth: "Bearer s3cret" });
  });
  test("a loop stops after the bound", async () => {
    const before = hits.length;
    expect(await reasonOf(guard.request(`${LOCAL}/loop`, {}, { ...T, maxRedirects: 3 }))).toBe("tooManyRedirects");
    expect(hits.length - before).toBe(4);
  });
});

describe("bounds", () => {
  const guard = createOutbound({ allow: allow("127.0.0.1") });
  test("a service that does not answer in time", async () => {
    const t0 = performance.now();
    expect(await reasonOf(guard.request(`${LOCAL}/slow`, {}, { ...T, timeoutMs: 300 }))).toBe("timeout");
    expect(performance.now() - t0).toBeLessThan(1_500);
  });
  test("a body that trickles past the deadline", async () => {
    const t0 = performance.now();
    expect(await reasonOf(guard.request(`${LOCAL}/trickle`, {}, { ...T, timeoutMs: 400 }))).toBe("timeout");
    expect(performance.now() - t0).toBeLessThan(1_500);
  });
  test("an answer larger than allowed, declared or streamed", async () => {
    expect(await reasonOf(guard.request(`${LOCAL}/big`, {}, { ...T, maxBytes: 1024 }))).toBe("tooLarge");
    expect(await reasonOf(guard.request(`${LOCAL}/bigstream`, {}, { ...T, maxBytes: 8 * 1024 }))).toBe("tooLarge");
    expect((await guard.request(`${LOCAL}/big`, {}, { ...T, maxBytes: 128 * 1024 })).body.byteLength).toBe(64 * 1024);
  });
  test("a closed port is unreachable", async () => {
    const s = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
    const port = s.port;
    s.stop(true);
    expect(await reasonOf(guard.request(`http://127.0.0.1:${port}/`, {}, T))).toBe("unreachable");
  });
});
