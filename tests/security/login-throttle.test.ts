/**
 * Login throttling per account and per (account, address), and the client address taken from the
 * right-most untrusted X-Forwarded-For hop (issue 10), over a real server.
 */
import { describe, expect, test } from "bun:test";
import { parseTrustProxy, type TrustProxy } from "../../src/config";
import { resolveClientIp } from "../../src/http/ip";
import { makeLiveApp } from "./helpers";

const t = await makeLiveApp();

const attempt = (email: string, password: string, xff: string) =>
  t.http("POST", "/auth/login", { body: { email, password }, headers: { "x-forwarded-for": xff } });

describe("login throttling", () => {
  test("one person's typos behind an office NAT lock only that account on that address", async () => {
    const c = await t.newCompany();
    const colleague = await t.newUser(c.admin.token);
    const nat = "203.0.113.50";
    for (let i = 0; i < 5; i++) expect((await attempt(c.email, "typo-typo", nat)).status).toBe(401);
    const blocked = await attempt(c.email, c.password, nat);
    expect(blocked.status).toBe(429);
    expect(blocked.json.retryAfter).toBeGreaterThan(0);
    // a colleague behind the same NAT signs in
    expect((await attempt(colleague.email, colleague.password, nat)).status).toBe(200);
    // and their success does not reset the count of the account being guessed
    expect((await attempt(c.email, c.password, nat)).status).toBe(429);
    // the owner, from home, still gets in
    expect((await attempt(c.email, c.password, "198.51.100.77")).status).toBe(200);
  }, 30_000);

  test("guesses spread over many addresses hit the account's ceiling", async () => {
    const c = await t.newCompany();
    for (let i = 0; i < 20; i++) expect((await attempt(c.email, "guess-guess", `192.0.2.${i + 1}`)).status).toBe(401);
    const r = await attempt(c.email, c.password, "192.0.2.200");
    expect(r.status).toBe(429);
    expect(r.headers.get("retry-after")).toBeTruthy();
  }, 30_000);

  test("a forged left-most X-Forwarded-For hop does not escape the counter", async () => {
    const c = await t.newCompany();
    // the proxy appends the real address (right-most); the client writes whatever it likes on the left
    for (let i = 0; i < 5; i++) await attempt(c.email, "guess-guess", `10.66.0.${i}, 203.0.113.99`);
    expect((await attempt(c.email, c.password, "10.66.0.250, 203.0.113.99")).status).toBe(429);
  }, 30_000);

  test("the password change endpoint shares the throttle", async () => {
    const c = await t.newCompany();
    const ip = "203.0.113.120";
    const change = () =>
      t.http("POST", "/auth/password", { body: { email: c.email, currentPassword: "nope-nope", password: "whatever-1" }, headers: { "x-forwarded-for": ip } });
    for (let i = 0; i < 5; i++) expect((await change()).status).toBe(400);
    expect((await change()).status).toBe(429);
  }, 30_000);
});

describe("TRUST_PROXY", () => {
  test("parses off, a hop count and proxy ranges; refuses nonsense", () => {
    expect(parseTrustProxy("false")).toEqual({ kind: "none" });
    expect(parseTrustProxy("true")).toEqual({ kind: "hops", hops: 1 });
    expect(parseTrustProxy("2")).toEqual({ kind: "hops", hops: 2 });
    expect(parseTrustProxy("10.0.0.0/8, 127.0.0.1")).toEqual({ kind: "cidrs", cidrs: ["10.0.0.0/8", "127.0.0.1"] });
    expect(typeof parseTrustProxy("yes please")).toBe("string");
  });

  test("takes the right-most untrusted hop, never the left-most", () => {
    const one: TrustProxy = { kind: "hops", hops: 1 };
    expect(resolveClientIp(one, "10.0.0.2", "6.6.6.6, 198.51.100.4")).toBe("198.51.100.4");
    expect(resolveClientIp({ kind: "hops", hops: 2 }, "10.0.0.2", "6.6.6.6, 198.51.100.4, 10.0.0.3")).toBe("198.51.100.4");
    const ranges: TrustProxy = { kind: "cidrs", cidrs: ["10.0.0.0/8"] };
    expect(resolveClientIp(ranges, "10.0.0.2", "6.6.6.6, 198.51.100.4, 10.1.2.3")).toBe("198.51.100.4");
    // a peer that is not a trusted proxy cannot speak for anyone
    expect(resolveClientIp(ranges, "198.51.100.9", "1.2.3.4")).toBe("198.51.100.9");
    expect(resolveClientIp({ kind: "none" }, "198.51.100.9", "1.2.3.4")).toBe("198.51.100.9");
  });
});
