/**
 * The installable app in Chromium: the manifest and service worker are picked up and Chromium finds
 * nothing against installing it; offline, a reload opens the app's own "offline — reconnecting"
 * screen from the service worker's cache (not the browser's error page) and it recovers by itself;
 * a new build's service worker takes over and the page says so with a "reload" toast.
 */
import { expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Page } from "playwright-core";
import { ROOT, signIn, SUPER_EMAIL, SUPER_PASSWORD, setupStack } from "./harness";

const stack = setupStack();
const DIST = join(ROOT, "web/dist");

/** Waits until a service worker controls the page (installed, activated, claimed). */
const controlled = (page: Page) =>
  page.waitForFunction(
    async () => {
      await navigator.serviceWorker.ready;
      return !!navigator.serviceWorker.controller;
    },
    undefined,
    { timeout: 30_000 },
  );

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (b: Buffer) => `${b.readUInt32BE(16)}x${b.readUInt32BE(20)}`;

test("the manifest is valid, its icons exist at their sizes, the service worker controls the page, and Chromium reports no installability error", async () => {
  // A real profile on disk: Chromium never offers to install from an incognito one (Playwright's default contexts).
  const profile = mkdtempSync(join(tmpdir(), "balcao-pwa-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: "/usr/bin/chromium",
    headless: true,
    baseURL: stack().server.url,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto("/login");
  await controlled(page);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)).toBe(`${stack().server.url}/`);
  const res = await page.request.get("/manifest.webmanifest");
  expect(res.headers()["content-type"]).toBe("application/manifest+json");
  const manifest = await res.json();
  expect(manifest).toMatchObject({ name: "Balcão", short_name: "Balcão", start_url: "/", scope: "/", display: "standalone" });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
  const purposes = new Set<string>();
  for (const icon of manifest.icons) {
    const file = await page.request.get(icon.src);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toBe("image/png");
    expect(pngSize(await file.body())).toBe(icon.sizes);
    purposes.add(`${icon.sizes} ${icon.purpose}`);
  }
  expect([...purposes].sort()).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
  // the page links the manifest and carries a theme colour for the light and the dark scheme
  expect(await page.locator('meta[name="theme-color"]').count()).toBe(2);
  const cdp = await context.newCDPSession(page);
  const parsed = (await cdp.send("Page.getAppManifest")) as { url: string; errors: unknown[] };
  expect(parsed.url).toBe(`${stack().server.url}/manifest.webmanifest`);
  expect(parsed.errors).toEqual([]);
  const installability = (await cdp.send("Page.getInstallabilityErrors")) as { installabilityErrors: { errorId: string }[] };
  expect(installability.installabilityErrors).toEqual([]);
  await context.close();
  rmSync(profile, { recursive: true, force: true });
});

test("offline, a reload shows the app's offline state from the cached shell, and the app comes back by itself", async () => {
  const { page, context } = await stack().newPage({ width: 390, height: 800 });
  await signIn(page, SUPER_EMAIL, SUPER_PASSWORD);
  await controlled(page);
  await context.setOffline(true);
  await page.getByTestId("offline-banner").waitFor();
  expect(await page.getByTestId("offline-banner").textContent()).toContain("Sem conexão — reconectando…");
  const reload = await page.reload();
  expect(reload?.fromServiceWorker()).toBe(true);
  await page.getByTestId("offline-screen").waitFor();
  expect(page.url()).toStartWith(stack().server.url);
  expect(await page.getByRole("heading", { name: "Sem conexão — reconectando…" }).count()).toBe(1);
  // the session was kept: back online, the app signs itself in again
  await context.setOffline(false);
  await page.getByTestId("greeting").waitFor({ timeout: 20_000 });
  await page.getByTestId("offline-banner").waitFor({ state: "detached", timeout: 20_000 });
  await context.close();
});

test("a new build's service worker takes over and the page offers to reload into it", async () => {
  const { page, context } = await stack().newPage();
  await signIn(page, SUPER_EMAIL, SUPER_PASSWORD);
  await controlled(page);
  const sw = join(DIST, "sw.js");
  const original = readFileSync(sw, "utf8");
  const version = /"balcao-"\s*\+\s*"?([a-z0-9]+)|balcao-([a-z0-9]+)/.exec(original);
  expect(version).not.toBeNull();
  const stash = (ext: string) => existsSync(sw + ext) && renameSync(sw + ext, `${sw + ext}.e2e`);
  const unstash = (ext: string) => existsSync(`${sw + ext}.e2e`) && renameSync(`${sw + ext}.e2e`, sw + ext);
  try {
    // the server now serves another version of the worker (as after an upgrade)
    stash(".br");
    stash(".gz");
    writeFileSync(sw, original.replace(/balcao-([a-z0-9]+)/, "balcao-e2enext"));
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const toast = page.getByTestId("toast").filter({ hasText: "Nova versão do Balcão instalada." });
    await toast.waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => caches.keys())).toContain("balcao-e2enext");
    await toast.getByTestId("toast-action").click();
    await page.waitForLoadState("load");
    await page.getByTestId("greeting").waitFor();
  } finally {
    writeFileSync(sw, original);
    rmSync(`${sw}.br`, { force: true });
    rmSync(`${sw}.gz`, { force: true });
    unstash(".br");
    unstash(".gz");
  }
  await context.close();
});
