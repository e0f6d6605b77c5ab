import { expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { apiCall, SUPER_EMAIL, SUPER_PASSWORD, setupStack, signIn } from "./harness";

/**
 * One clock (issue 29): the company's work is shown in the company's time zone whatever the
 * browser's. The server (the company) runs in São Paulo, the browser in Tokyo (12 hours ahead): the
 * ticket list, the chat, the internal chat, the sandbox phone and the schedules all show São Paulo's
 * time for each instant, never Tokyo's, and the top bar names the zone.
 */
const ZONE = "America/Sao_Paulo";
const stack = setupStack(() => ({ TZ: ZONE }));

const wall = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat("pt-BR", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(iso));

/** Every <time> inside the elements matched by the test id: its instant and the text on screen. */
async function times(page: Page, testId: string) {
  await page.getByTestId(testId).first().locator("time").first().waitFor();
  return page
    .getByTestId(testId)
    .locator("time")
    .evaluateAll((els) => els.map((e) => ({ at: e.getAttribute("datetime") ?? "", text: e.textContent ?? "" })));
}

/** Each instant reads as São Paulo's wall clock, and (12 hours apart) never as Tokyo's. */
function expectCompanyClock(list: { at: string; text: string }[]) {
  expect(list.length).toBeGreaterThan(0);
  for (const { at, text } of list) {
    expect(text).toBe(wall(at, ZONE));
    expect(text).not.toBe(wall(at, "Asia/Tokyo"));
  }
}

test("a browser in Tokyo shows every time of a São Paulo company in São Paulo's clock, with the zone named", async () => {
  const base = stack().server.url;
  const admin = (await apiCall<{ token: string }>(base, "POST", "/auth/login", { email: SUPER_EMAIL, password: SUPER_PASSWORD })).data.token;
  const call = <T>(method: string, path: string, body?: unknown) => apiCall<T>(base, method, path, body, admin);
  const conn = await call<{ id: number }>("POST", "/whatsapp", { name: "Loja Fuso", channel: "sandbox" });
  await call("POST", `/sandbox/${conn.data.id}/messages`, { number: "5511955550001", name: "Cliente Fuso", type: "text", body: "Bom dia" });
  const pending = await call<{ tickets: { id: number; uuid: string; contact: { id: number } }[] }>("GET", "/tickets?status=pending&showAll=true");
  const ticket = pending.data.tickets[0];
  await call("PUT", `/tickets/${ticket.id}`, { status: "open" });
  await call("POST", `/messages/${ticket.id}`, { body: "Olá! Em que posso ajudar?" });
  const other = await call<{ id: number }>("POST", "/users", { name: "Colega Fuso", email: "colega@fuso.local", password: "colega-123", profile: "user" });
  const chat = await call<{ id: number; uuid: string }>("POST", "/chats", { title: "Plantão", users: [other.data.id] });
  await call("POST", `/chats/${chat.data.id}/messages`, { message: "Quem fica no plantão?" });
  // a schedule at 09:30 in São Paulo (21:30 in Tokyo), in a year that is surely ahead
  const sendAt = "2031-05-20T12:30:00.000Z";
  expect((await call("POST", "/schedules", { body: "Lembrete do fuso", contactId: ticket.contact.id, sendAt })).status).toBe(201);

  const context = await stack().browser.newContext({ baseURL: base, locale: "pt-BR", timezoneId: "Asia/Tokyo", viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signIn(page, SUPER_EMAIL, SUPER_PASSWORD);
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe("Asia/Tokyo");

  // the top bar names the company's zone, since it is not the browser's
  const chip = page.getByTestId("zone-chip");
  expect(await chip.textContent()).toContain("BRT");
  expect(await chip.getAttribute("aria-label")).toContain(ZONE);

  await page.goto(`/tickets/${ticket.uuid}`);
  expectCompanyClock(await times(page, "message"));
  expectCompanyClock(await times(page, "ticket-card"));
  // hovering a time gives the full date and the zone's name
  expect(await page.getByTestId("message").first().locator("time").getAttribute("title")).toContain(ZONE);

  await page.goto(`/chats/${chat.data.uuid}`);
  expectCompanyClock(await times(page, "chat-message"));

  await page.goto(`/sandbox/${conn.data.id}`);
  await page.getByTestId("sandbox-customer").first().click();
  expectCompanyClock(await times(page, "sandbox-bubble"));

  await page.goto("/schedules");
  const row = page.getByTestId("schedule-row").filter({ hasText: "Cliente Fuso" });
  await row.getByText("20/05/2031, 09:30 BRT").last().waitFor();
  expect(await row.textContent()).not.toContain("21:30");
  await context.close();

  // a browser already in the company's zone gets no zone name: there is nothing to tell apart
  const home = await stack().browser.newContext({ baseURL: base, locale: "pt-BR", timezoneId: ZONE, viewport: { width: 1280, height: 800 } });
  const local = await home.newPage();
  await signIn(local, SUPER_EMAIL, SUPER_PASSWORD);
  await local.goto("/schedules");
  await local.getByTestId("schedule-row").getByText("20/05/2031, 09:30", { exact: true }).last().waitFor();
  expect(await local.getByTestId("zone-chip").count()).toBe(0);
  await home.close();
}, 120_000);
