import { afterAll, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { apiCall, dataFolder, launchBrowser, type Server, signIn, startServer, SUPER_EMAIL, SUPER_PASSWORD } from "./harness";

/**
 * Issue 15: an agent schedules a message from the /schedules page; the server is killed before it is
 * due and restarted after: the customer's phone gets it exactly once, in the ticket's history, and the
 * list shows it sent (no Save on a sent schedule).
 */
const dir = dataFolder("balcao-schedules-");
let server: Server | null = null;
let browser: Browser | null = null;
afterAll(async () => {
  await browser?.close().catch(() => {});
  await server?.stop();
});
const login = async (base: string) =>
  (await apiCall<{ token: string }>(base, "POST", "/auth/login", { email: SUPER_EMAIL, password: SUPER_PASSWORD })).data.token;
const CUSTOMER = { number: "5511955556666", name: "Rita Agenda" };
const TEXT = "Lembrete: sua consulta é amanhã às 9h";
type Phone = { messages: { body: string; direction: string }[] };

test("a scheduled message survives a crash and reaches the customer once", async () => {
  server = await startServer({ DATA_DIR: dir });
  let token = await login(server.url);
  const conn = await apiCall<{ id: number }>(server.url, "POST", "/whatsapp", { name: "Sandbox Agenda", channel: "sandbox" }, token);
  await apiCall(server.url, "POST", `/sandbox/${conn.data.id}/messages`, { ...CUSTOMER, type: "text", body: "oi" }, token);

  browser = await launchBrowser();
  let context = await browser.newContext({ baseURL: server.url, locale: "pt-BR", viewport: { width: 1280, height: 800 } });
  let page = await context.newPage();
  await signIn(page, SUPER_EMAIL, SUPER_PASSWORD);
  await page.getByRole("navigation").getByRole("link", { name: "Agendamentos" }).click();
  await page.getByText("Nenhuma mensagem agendada.").waitFor();
  await page.getByRole("button", { name: "Novo agendamento" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Mensagem").fill("oi");
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await dialog.getByText("Mensagem muito curta").waitFor();
  await dialog.getByText("Obrigatório").waitFor();
  await dialog.getByLabel("Mensagem").fill(TEXT);
  await dialog.getByTestId("contact-search").fill("Rita");
  await page.getByRole("option", { name: /Rita Agenda/ }).click();
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await page.getByText("Agendamento salvo.").waitFor();
  const row = page.getByTestId("schedule-row").filter({ hasText: "Rita Agenda" });
  await row.getByText("Pendente").waitFor();
  // The body is cut at 25 characters in the list.
  await row.getByText(`${TEXT.slice(0, 25)}…`).waitFor();
  await context.close();

  // Due in a few seconds; the server dies before that and comes back after.
  token = await login(server.url);
  const list = await apiCall<{ schedules: { id: number }[] }>(server.url, "GET", "/schedules", undefined, token);
  const id = list.data.schedules[0].id;
  await apiCall(server.url, "PUT", `/schedules/${id}`, { sendAt: new Date(Date.now() + 3_000).toISOString() }, token);
  await server.kill();
  await Bun.sleep(4_000);
  server = await startServer({ DATA_DIR: dir });
  token = await login(server.url);
  const received = async () => {
    const phone = await apiCall<Phone>(server!.url, "GET", `/sandbox/${conn.data.id}/conversation?number=${CUSTOMER.number}`, undefined, token);
    return phone.data.messages.filter((m) => m.direction === "out" && m.body === TEXT).length;
  };
  const deadline = Date.now() + 15_000;
  while ((await received()) === 0 && Date.now() < deadline) await Bun.sleep(250);
  expect(await received()).toBe(1);
  // Later runs of the job do not send it again.
  await Bun.sleep(6_000);
  expect(await received()).toBe(1);
  const sent = await apiCall<{ status: string; ticketId: number }>(server.url, "GET", `/schedules/${id}`, undefined, token);
  expect(sent.data.status).toBe("ENVIADA");
  const history = await apiCall<{ messages: { body: string }[] }>(server.url, "GET", `/messages/${sent.data.ticketId}`, undefined, token);
  expect(history.data.messages.filter((m) => m.body === TEXT)).toHaveLength(1);

  const contacts = await apiCall<{ contacts: { id: number; name: string }[] }>(server.url, "GET", "/contacts?searchParam=Rita", undefined, token);
  context = await browser.newContext({ baseURL: server.url, locale: "pt-BR", viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  await signIn(page, SUPER_EMAIL, SUPER_PASSWORD);
  await page.goto("/schedules");
  const sentRow = page.getByTestId("schedule-row").filter({ hasText: "Rita Agenda" });
  await sentRow.getByText("Enviada").waitFor();
  await sentRow.getByRole("button", { name: "Editar" }).click();
  await page.getByRole("dialog").getByText("Esta mensagem já foi enviada").waitFor();
  expect(await page.getByRole("dialog").getByRole("button", { name: "Salvar" }).count()).toBe(0);
  await page.getByRole("dialog").getByRole("button", { name: "Cancelar" }).click();

  // From the contacts page: /schedules?contactId= opens the create dialog for that contact at once.
  await page.goto("/contacts");
  await page.getByTestId("contact-schedule").first().click();
  await page.waitForURL(`${server.url}/schedules?contactId=${contacts.data.contacts[0].id}`);
  await page.getByRole("dialog").getByLabel("Contato").waitFor();
  expect(await page.getByRole("dialog").getByLabel("Contato").inputValue()).toContain("Rita Agenda");
  await context.close();
}, 60_000);
