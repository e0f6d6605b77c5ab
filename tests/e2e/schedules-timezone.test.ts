import { afterAll, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { wallParts } from "../../src/contract/zoned";
import { apiCall, launchBrowser, type Server, signIn, startServer, SUPER_EMAIL, SUPER_PASSWORD } from "./harness";

/**
 * Schedules are entered and shown in the company's time zone (the server's TZ), whatever the
 * browser's: a schedule typed as 14:00 in a browser set to Tokyo or Honolulu is stored as 14:00 in
 * São Paulo, listed and edited as 14:00, and goes out at that instant.
 */
const ZONE = "America/Sao_Paulo";
let server: Server | null = null;
let browser: Browser | null = null;
afterAll(async () => {
  await browser?.close().catch(() => {});
  await server?.stop();
});
const CUSTOMER = { number: "5511955557777", name: "Otávio Fuso" };
type Row = { id: number; body: string; sendAt: string };

/** The wall-clock "YYYY-MM-DDTHH:mm" of an instant in São Paulo. */
function wallInZone(ms: number) {
  const w = wallParts(ZONE, ms);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${w.y}-${two(w.m)}-${two(w.d)}T${two(w.h)}:${two(w.min)}`;
}

async function schedule(page: Page, body: string, sendAt: string) {
  await page.getByRole("button", { name: "Novo agendamento" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByText(`(${ZONE})`).waitFor();
  await dialog.getByLabel("Mensagem").fill(body);
  await dialog.getByTestId("contact-search").fill("Otávio");
  await page.getByRole("option", { name: /Otávio Fuso/ }).click();
  await dialog.getByLabel("Data do agendamento").fill(sendAt);
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await page.getByText("Agendamento salvo.").waitFor();
}

test("a schedule entered at 14:00 company time is 14:00 in São Paulo whatever the browser's zone, and is sent at that instant", async () => {
  server = await startServer({ TZ: ZONE });
  // one session per user (a sign-in ends the others): the API signs in again after each browser
  const login = async () => (await apiCall<{ token: string }>(server!.url, "POST", "/auth/login", { email: SUPER_EMAIL, password: SUPER_PASSWORD })).data.token;
  let token = await login();
  const me = await apiCall<{ company: { timezone: string } }>(server.url, "GET", "/auth/me", undefined, token);
  expect(me.data.company.timezone).toBe(ZONE);
  const conn = await apiCall<{ id: number }>(server.url, "POST", "/whatsapp", { name: "Sandbox Fuso", channel: "sandbox" }, token);
  await apiCall(server.url, "POST", `/sandbox/${conn.data.id}/messages`, { ...CUSTOMER, type: "text", body: "oi" }, token);
  const rows = async () => {
    token = await login();
    return (await apiCall<{ schedules: Row[] }>(server!.url, "GET", "/schedules", undefined, token)).data.schedules;
  };
  browser = await launchBrowser();

  for (const [browserZone, day] of [
    ["Asia/Tokyo", "2031-03-14"],
    ["Pacific/Honolulu", "2031-03-20"],
  ]) {
    const context = await browser.newContext({ baseURL: server.url, locale: "pt-BR", timezoneId: browserZone, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signIn(page, SUPER_EMAIL, SUPER_PASSWORD);
    await page.goto("/schedules");
    expect(await page.getByTestId("schedule-zone").textContent()).toContain(ZONE);
    const body = `${browserZone}: lembrete`;
    await schedule(page, body, `${day}T14:00`);
    const row = page.getByTestId("schedule-row").filter({ hasText: body.slice(0, 25) });
    await row
      // the browser runs in another zone: the company's is named after the time
      .getByText(`${day.split("-").reverse().join("/")}, 14:00 BRT`, { exact: true })
      .last()
      .waitFor();
    await row.getByRole("button", { name: "Editar" }).click();
    expect(await page.getByRole("dialog").getByLabel("Data do agendamento").inputValue()).toBe(`${day}T14:00`);
    await page.getByRole("dialog").getByRole("button", { name: "Cancelar" }).click();
    await context.close();
    // São Paulo is UTC-3 all year: 14:00 there is 17:00 UTC
    expect((await rows()).find((r) => r.body === body)?.sendAt).toBe(`${day}T17:00:00.000Z`);
  }

  // The real thing, from Tokyo (12 h ahead): the next whole minute in São Paulo; not sent before it, sent right after.
  const due = Math.ceil((Date.now() + 12_000) / 60_000) * 60_000;
  const context = await browser.newContext({ baseURL: server.url, locale: "pt-BR", timezoneId: "Asia/Tokyo", viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signIn(page, SUPER_EMAIL, SUPER_PASSWORD);
  await page.goto("/schedules");
  const TEXT = "Chegou a hora combinada";
  await schedule(page, TEXT, wallInZone(due));
  await context.close();
  expect((await rows()).find((r) => r.body === TEXT)?.sendAt).toBe(new Date(due).toISOString());
  const received = async () => {
    const phone = await apiCall<{ messages: { body: string; direction: string }[] }>(
      server!.url,
      "GET",
      `/sandbox/${conn.data.id}/conversation?number=${CUSTOMER.number}`,
      undefined,
      token,
    );
    return phone.data.messages.filter((m) => m.direction === "out" && m.body === TEXT).length;
  };
  while (Date.now() < due - 2_000) {
    expect(await received()).toBe(0);
    await Bun.sleep(1_000);
  }
  const deadline = due + 15_000;
  while ((await received()) === 0 && Date.now() < deadline) await Bun.sleep(250);
  expect(await received()).toBe(1);
}, 150_000);
