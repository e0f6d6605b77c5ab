/**
 * The installable app in Chromium: the manifest and service worker are picked up and Chromium finds
 * nothing against installing it; offline, a reload opens the app's own "offline — reconnecting"
 * screen from the service worker's cache (not the browser's error page) and it recovers by itself;
 * a new build's service worker takes over and the page says so with a "reload" toast.
 */
import { afterAll, expect, test } from "bun:test";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Page } from "playwright-core";
import { apiCall, ROOT, signIn, SUPER_EMAIL, SUPER_PASSWORD, setupStack } from "./harness";

// This file's server serves its own copy of the build: the update test changes it, other test files keep theirs.
const DIST = mkdtempSync(join(tmpdir(), "balcao-pwa-dist-"));
afterAll(() => rmSync(DIST, { recursive: true, force: true }));
const stack = setupStack(() => {
  if (!existsSync(join(ROOT, "web/dist/index.html"))) Bun.spawnSync(["bun", "run", "build:web"], { cwd: ROOT });
  cpSync(join(ROOT, "web/dist"), DIST, { recursive: true });
  return { TEST_WEB_DIST: DIST };
});

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
  // the server now serves another version of the worker (as after an upgrade)
  const sw = join(DIST, "sw.js");
  const original = readFileSync(sw, "utf8");
  expect(original).toMatch(/balcao-[a-z0-9]+/);
  rmSync(`${sw}.br`, { force: true });
  rmSync(`${sw}.gz`, { force: true });
  writeFileSync(sw, original.replace(/balcao-([a-z0-9]+)/, "balcao-e2enext"));
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
  const toast = page.getByTestId("toast").filter({ hasText: "Nova versão do Balcão instalada." });
  await toast.waitFor({ timeout: 30_000 });
  expect(await page.evaluate(() => caches.keys())).toContain("balcao-e2enext");
  await toast.getByTestId("toast-action").click();
  await page.waitForLoadState("load");
  await page.getByTestId("greeting").waitFor();
  await context.close();
});

test("a phone that slept: back online the app reconnects, shows what arrived meanwhile once, without reloading the page or its lists", async () => {
  const base = stack().server.url;
  const admin = (await apiCall<{ token: string }>(base, "POST", "/auth/login", { email: SUPER_EMAIL, password: SUPER_PASSWORD })).data.token;
  const conn = await apiCall<{ id: number }>(base, "POST", "/whatsapp", { name: "Loja Sandbox", channel: "sandbox" }, admin);
  // the phone's user (the test's own API session stays valid: a sign-in ends the account's other sessions)
  const body = { name: "Gerente Celular", email: "celular@e2e.local", password: "celular-123", profile: "admin" };
  expect((await apiCall(base, "POST", "/users", body, admin)).status).toBe(201);
  const { page, context } = await stack().newPage({ width: 390, height: 800 });
  // keeps a handle on the app's sockets, so the test can drop them as a sleeping phone's OS does
  await context.addInitScript(() => {
    const Native = WebSocket;
    const all: WebSocket[] = [];
    (window as unknown as { sockets: WebSocket[] }).sockets = all;
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        all.push(this);
      }
    };
  });
  await signIn(page, body.email, body.password);
  await page.goto("/tickets");
  await page.getByTestId("tab-pending").click();
  await Bun.sleep(500); // the socket has joined its rooms
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
  await context.setOffline(true);
  await page.evaluate(() => {
    for (const ws of (window as unknown as { sockets: WebSocket[] }).sockets) ws.close();
  });
  await page.getByTestId("offline-banner").waitFor();
  // while the phone sleeps, two customers write (one twice)
  for (const [number, name, body] of [
    ["5511911110001", "Cliente Dormindo", "oi, alguém?"],
    ["5511911110002", "Cliente Noturno", "bom dia"],
    ["5511911110001", "Cliente Dormindo", "ainda aguardo"],
  ])
    expect((await apiCall(base, "POST", `/sandbox/${conn.data.id}/messages`, { number, name, body }, admin)).status).toBe(201);
  const calls: string[] = [];
  page.on("request", (r) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith("/tickets")) calls.push(`${r.method()} ${u.pathname}${u.search}`);
  });
  await context.setOffline(false);
  const sleeper = page.getByTestId("ticket-card").filter({ hasText: "Cliente Dormindo" });
  await sleeper.waitFor({ timeout: 20_000 });
  await page.getByTestId("ticket-card").filter({ hasText: "Cliente Noturno" }).waitFor();
  await page.getByTestId("offline-banner").waitFor({ state: "detached" });
  expect(await sleeper.count()).toBe(1);
  expect(await sleeper.getByTestId("last-message").textContent()).toBe("ainda aguardo");
  expect(await page.getByTestId("badge-pending").textContent()).toBe("2");
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  // one catch-up call, no reload of the lists
  expect(calls.filter((c) => c.startsWith("POST /tickets/changes"))).toHaveLength(1);
  expect(calls.filter((c) => c.startsWith("GET /tickets?"))).toEqual([]);
  await context.close();
});
