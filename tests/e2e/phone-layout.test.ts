import { beforeAll, expect, test } from "bun:test";
import type { Locator, Page } from "playwright-core";
import { apiCall, SUPER_EMAIL, SUPER_PASSWORD, setupStack, signIn } from "./harness";

/**
 * A phone that fits (issue 29): at 390×844 the tickets screen shows the first ticket right under one
 * compact row of tabs, nothing scrolls sideways, the greeting and the contact's whole name are
 * readable; the notification banner folds into the account menu; toasts never cover the page's main
 * button or a dialog's close button, on a phone or a desktop; the desktop layout keeps its rows.
 */
const stack = setupStack();
const LONG_NAME = "Rui Venâncio de Albuquerque Filho";
const world = { uuid: "" };

beforeAll(async () => {
  const base = stack().server.url;
  const admin = (await apiCall<{ token: string }>(base, "POST", "/auth/login", { email: SUPER_EMAIL, password: SUPER_PASSWORD })).data.token;
  const call = <T>(method: string, path: string, body?: unknown) => apiCall<T>(base, method, path, body, admin);
  const queue = await call<{ id: number }>("POST", "/queue", { name: "Vendas", color: "#0d9488" });
  const conn = await call<{ id: number }>("POST", "/whatsapp", { name: "Loja", channel: "sandbox", queueIds: [queue.data.id] });
  for (const [number, name] of [
    ["5511966660001", LONG_NAME],
    ["5511966660002", "Joana Lima"],
  ]) {
    await call("POST", `/sandbox/${conn.data.id}/messages`, { number, name, type: "text", body: "Olá, preciso de ajuda" });
  }
  const pending = await call<{ tickets: { id: number; uuid: string; contact: { name: string } }[] }>("GET", "/tickets?status=pending&showAll=true");
  for (const t of pending.data.tickets) await call("PUT", `/tickets/${t.id}`, { status: "open" });
  world.uuid = pending.data.tickets.find((t) => t.contact.name === LONG_NAME)!.uuid;
}, 60_000);

const box = async (l: Locator) => (await l.boundingBox())!;
const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
/** True when the page scrolls sideways. */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
/** True when the element shows all of its text (nothing cut by an ellipsis or a line clamp). */
const whole = (l: Locator) => l.evaluate((e) => e.scrollWidth <= e.clientWidth && e.scrollHeight <= e.clientHeight + 1);

test("at 390×844 the first ticket starts within 200 px under one tab row, nothing scrolls sideways, names are whole", async () => {
  const { context, page } = await stack().newPage({ width: 390, height: 844 });
  await signIn(page, SUPER_EMAIL, SUPER_PASSWORD);
  expect(await whole(page.getByTestId("greeting"))).toBe(true);
  await page.goto("/tickets");
  const first = page.getByTestId("ticket-card").first();
  await first.waitFor();
  // one row of tabs (no "Ticket / Atendimentos" switch, no second tab bar), filters behind a button
  await page.getByTestId("phone-tabs").waitFor();
  expect(await page.getByTestId("main-open").count()).toBe(0);
  expect((await box(first)).y).toBeLessThanOrEqual(200);
  for (const tab of await page.getByTestId("phone-tabs").getByRole("tab").all()) {
    const label = tab.locator("span").first();
    if (await label.count()) expect(await whole(label)).toBe(true);
  }
  expect(await sideways(page)).toBe(false);
  // the filters are one tap away
  await page.getByTestId("phone-filters").click();
  await page.getByTestId("queue-filter").waitFor();
  await page.keyboard.press("Escape");

  // the chat: the whole name, on two lines if needed, and labelled actions in the menu
  await page.goto(`/tickets/${world.uuid}`);
  const name = page.getByTestId("chat-contact-name");
  expect(await name.textContent()).toBe(LONG_NAME);
  expect(await whole(name)).toBe(true);
  expect(await sideways(page)).toBe(false);
  await page.getByTestId("chat-header").getByRole("button", { name: "Mais ações" }).click();
  await page.getByRole("menuitem", { name: "Transferir" }).waitFor();
  await page.getByRole("menuitem", { name: "Devolver" }).waitFor();
  await page.keyboard.press("Escape");

  for (const path of ["/", "/users", "/queues", "/connections", "/kanban", "/schedules"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    expect(`${path}: ${await sideways(page)}`).toBe(`${path}: false`);
  }
  await context.close();
});

test("the notification banner, once dismissed, lives in the account menu (and stays dismissed)", async () => {
  const { context, page } = await stack().newPage({ width: 390, height: 844 });
  await signIn(page, SUPER_EMAIL, SUPER_PASSWORD);
  // a fresh browser has not been asked yet
  expect(await page.evaluate(() => Notification.permission)).toBe("default");
  await page.goto("/tickets");
  const banner = page.getByTestId("notify-banner");
  await banner.waitFor();
  await banner.getByRole("button", { name: "Dispensar (fica no menu da conta)" }).click();
  await banner.waitFor({ state: "detached" });
  await page.getByTestId("top-bar").getByRole("button", { name: "Minha conta" }).click();
  await page.getByTestId("menu-notify").waitFor();
  await page.keyboard.press("Escape");
  await page.reload();
  await page.getByTestId("ticket-card").first().waitFor();
  expect(await banner.count()).toBe(0);
  await context.close();
});

for (const [label, width, height] of [
  ["desktop", 1280, 800],
  ["phone", 390, 844],
] as const) {
  test(`toasts cover neither the page's main button nor a dialog's close button (${label})`, async () => {
    const { context, page } = await stack().newPage({ width, height });
    await signIn(page, SUPER_EMAIL, SUPER_PASSWORD);
    await page.goto("/users");
    const add = page.getByRole("button", { name: "Adicionar usuário" });
    await add.click();
    let dialog = page.getByRole("dialog");
    await dialog.getByLabel("Nome").fill(`Pessoa ${label}`);
    await dialog.getByLabel("E-mail").fill(`pessoa.${label}@e2e.local`);
    await dialog.getByLabel("Senha", { exact: true }).fill("pessoa-123");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    const toast = page.getByTestId("toast").filter({ hasText: "Usuário salvo." });
    await toast.waitFor();
    // Toasts sit at a fixed place on the screen: where this one is, every toast is, also over a dialog
    // opened later (on a loaded machine the toast may have timed out by the time the dialog is open).
    const toastBox = await box(toast);
    expect(overlaps(toastBox, await box(add))).toBe(false);
    await add.click();
    dialog = page.getByRole("dialog");
    const close = dialog.getByRole("button", { name: "Fechar" });
    await close.waitFor();
    await page.waitForTimeout(250); // the sheet's opening transition
    expect(overlaps(toastBox, await box(close))).toBe(false);
    expect(overlaps(toastBox, await box(dialog.getByRole("button", { name: "Salvar" })))).toBe(false);
    await context.close();
  });
}

test("the desktop keeps its layout: list tabs, New and filters in their row, labelled chat actions", async () => {
  const { context, page } = await stack().newPage({ width: 1280, height: 800 });
  await signIn(page, SUPER_EMAIL, SUPER_PASSWORD);
  await page.goto(`/tickets/${world.uuid}`);
  for (const id of ["main-open", "main-closed", "main-search", "tab-open", "tab-pending", "new-ticket", "queue-filter"]) await page.getByTestId(id).waitFor();
  expect(await page.getByTestId("phone-tabs").count()).toBe(0);
  const header = page.getByTestId("chat-header");
  for (const name of ["Devolver", "Transferir", "Resolver"]) expect(await header.getByRole("button", { name }).textContent()).toContain(name);
  // the menu toggle reads as a panel, with its name as a tooltip, not as "back"
  const toggle = page.getByTestId("top-bar").getByRole("button", { name: "Recolher menu" });
  expect(await toggle.getAttribute("data-tip")).toBe("Recolher menu");
  // every top-bar button has a name
  const names = await page
    .getByTestId("top-bar")
    .getByRole("button")
    .evaluateAll((els) => els.map((e) => e.getAttribute("aria-label") ?? e.textContent?.trim() ?? ""));
  expect(names.filter((n) => !n)).toEqual([]);
  expect(await sideways(page)).toBe(false);
  await context.close();
});
