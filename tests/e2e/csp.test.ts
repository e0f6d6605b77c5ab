/**
 * The page's security headers (issue 10): index.html carries the Content-Security-Policy and the
 * usual headers, and the app runs under that policy without a single violation (signing in, the
 * tickets screen, connections with the sandbox phone, users, settings).
 */
import { expect, test } from "bun:test";
import { SUPER_EMAIL, SUPER_PASSWORD, setupStack, signIn } from "./harness";

const stack = setupStack();

test("index.html is served with a CSP and the app runs under it without violations", async () => {
  const { server } = stack();
  const res = await fetch(`${server.url}/tickets`, { headers: { accept: "text/html" } });
  expect(res.status).toBe(200);
  const csp = res.headers.get("content-security-policy") ?? "";
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain("'unsafe-eval'");
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(res.headers.get("referrer-policy")).toBe("same-origin");
  expect(res.headers.get("x-frame-options")).toBe("DENY");

  const { context, page } = await stack().newPage();
  const violations: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { __csp: string[] }).__csp ??= [];
      (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  page.on("console", (m) => {
    if (m.text().includes("Content Security Policy")) violations.push(m.text());
  });
  await signIn(page, SUPER_EMAIL, SUPER_PASSWORD);
  for (const path of ["/tickets", "/connections", "/users", "/settings", "/contacts"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    const seen = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
    violations.push(...seen);
  }
  expect(violations).toEqual([]);
  await context.close();
});
