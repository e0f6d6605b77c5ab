/**
 * The page's security headers (issue 10): index.html carries the Content-Security-Policy and the
 * usual headers, and the app runs under that policy without a single violation (signing in, the
 * tickets screen, connections with the sandbox phone, users, settings).
 */
import { expect, test } from "bun:test";
import { apiCall, SUPER_EMAIL, SUPER_PASSWORD, setupStack, signIn } from "./harness";

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

test("help videos play: the CSP frames YouTube's privacy-enhanced player and nothing else, whatever form the link was typed in", async () => {
  const { server } = stack();
  const res = await fetch(`${server.url}/helps`, { headers: { accept: "text/html" } });
  const csp = res.headers.get("content-security-policy") ?? "";
  const frameSrc = csp
    .split(";")
    .map((d) => d.trim())
    .filter((d) => d.startsWith("frame-src"));
  expect(frameSrc).toEqual(["frame-src https://www.youtube-nocookie.com"]);
  expect(csp).toContain("frame-ancestors 'none'");

  const admin = (await apiCall<{ token: string }>(server.url, "POST", "/auth/login", { email: SUPER_EMAIL, password: SUPER_PASSWORD })).data.token;
  for (const [title, video] of [
    ["Assistir no YouTube", "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=4s"],
    ["Link curto", "https://youtu.be/aqz-KE-bpKQ"],
  ]) {
    expect((await apiCall(server.url, "POST", "/helps", { title, description: "", video }, admin)).status).toBe(201);
  }

  const { context, page } = await stack().newPage();
  // No internet here: the player's host answers from the test, so the frame can load only if the CSP lets it.
  await context.route("https://www.youtube-nocookie.com/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>player</title><p id=player>player loaded</p>" }),
  );
  const violations: string[] = [];
  page.on("console", (m) => {
    if (m.text().includes("Content Security Policy")) violations.push(m.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { __csp: string[] }).__csp ??= [];
      (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  await signIn(page, SUPER_EMAIL, SUPER_PASSWORD);
  await page.goto("/helps");
  for (const [title, id] of [
    ["Assistir no YouTube", "dQw4w9WgXcQ"],
    ["Link curto", "aqz-KE-bpKQ"],
  ]) {
    await page.getByTestId("help-card").filter({ hasText: title }).click();
    const player = page.getByRole("dialog").getByTestId("help-player");
    expect(await player.getAttribute("src")).toBe(`https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`);
    const frame = page.frameLocator('[data-testid="help-player"]');
    await frame.locator("#player").getByText("player loaded").waitFor({ timeout: 5_000 });
    await page.getByRole("dialog").getByRole("button", { name: "Fechar" }).click();
    await page.getByRole("dialog").waitFor({ state: "detached" });
  }
  violations.push(...(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])));
  expect(violations).toEqual([]);
  await context.close();
});
