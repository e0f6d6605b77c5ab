import { afterAll, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import * as XLSX from "@e965/xlsx";
import type { Browser } from "playwright-core";
import { apiCall, dataFolder, launchBrowser, type Server, SUPER_EMAIL, SUPER_PASSWORD, serverQuery, signIn, startServer } from "./harness";

/**
 * Issue 14 in the browser: a 200-contact list imported from .xlsx, a campaign with 3 variants through
 * the sandbox channel; stop and restart from the list; the report live; kill -9 in the middle and a
 * server restart: every contact gets its message exactly once (no loss, no duplicate), and the report
 * ends at 200/200.
 */
const dir = dataFolder("balcao-campaigns-");
// one second of campaign pacing = 5 ms: messageInterval 5 → ~25 ms between messages
const env = { DATA_DIR: dir, CAMPAIGN_SECOND_MS: "5" };
let server: Server | null = null;
let browser: Browser | null = null;
afterAll(async () => {
  await browser?.close().catch(() => {});
  await server?.stop();
});

const N = 200;
const numbers = Array.from({ length: N }, (_, i) => `55119${String(80000000 + i)}`);

test("import 200 contacts, run a 3-variant campaign, stop and restart it, kill -9 mid-run, restart the server: 200/200, each once", async () => {
  server = await startServer(env);
  const base = () => server!.url;
  const login = async (email: string, password: string) => (await apiCall<{ token: string }>(base(), "POST", "/auth/login", { email, password })).data.token;
  // the browser signs in as the super user (one session per user): the test's own calls use another admin
  const root = await login(SUPER_EMAIL, SUPER_PASSWORD);
  const ops = { name: "Operações", email: "ops@e2e.local", password: "ops-pass-123", profile: "admin" };
  expect((await apiCall(base(), "POST", "/users", ops, root)).status).toBe(201);
  const token = await login(ops.email, ops.password);
  const conn = await apiCall<{ id: number }>(base(), "POST", "/whatsapp", { name: "Sandbox Campanhas", channel: "sandbox" }, token);
  expect(conn.status).toBe(201);
  expect((await apiCall(base(), "POST", "/campaign-settings", { settings: { messageInterval: 5, longerIntervalAfter: 0 } }, token)).status).toBe(200);

  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([["Nome", "Número", "E-mail"], ...numbers.map((n, i) => [`Cliente ${i + 1}`, n, ""])]), "Planilha1");
  const sheet = join(dir, "lista.xlsx");
  writeFileSync(sheet, new Uint8Array(XLSX.write(wb, { type: "array", bookType: "xlsx" }) as ArrayBuffer));

  browser = await launchBrowser();
  const context = await browser.newContext({ baseURL: base(), viewport: { width: 1280, height: 900 }, locale: "pt-BR" });
  const page = await context.newPage();
  await signIn(page, SUPER_EMAIL, SUPER_PASSWORD);

  // contact list: create, open, import the spreadsheet (the menu folds the campaign pages into one group)
  await page.getByRole("navigation").getByRole("button", { name: "Campanhas" }).click();
  await page.getByRole("navigation").getByRole("link", { name: "Listas de contatos" }).click();
  await page.getByRole("button", { name: "Adicionar lista" }).click();
  let dialog = page.getByRole("dialog");
  await dialog.getByLabel("Nome").fill("Clientes E2E");
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await page.getByRole("link", { name: "Clientes E2E" }).click();
  await page.getByRole("heading", { name: "Contatos de Clientes E2E" }).waitFor();
  await page.getByRole("button", { name: "Importar" }).click();
  dialog = page.getByRole("dialog");
  await dialog.getByTestId("import-file").setInputFiles(sheet);
  await dialog.getByRole("button", { name: "Importar" }).click();
  await dialog.getByText("200 criados, 0 atualizados, 0 rejeitados.").waitFor();
  await dialog.getByRole("button", { name: "Fechar", exact: true }).last().click();
  await page.getByText("200 no total").waitFor();

  // campaign: 3 variants, the sandbox connection, the list, scheduled for now
  await page.getByRole("navigation").getByRole("link", { name: "Todas as campanhas" }).click();
  await page.getByRole("button", { name: "Nova campanha" }).first().click();
  dialog = page.getByRole("dialog");
  await dialog.getByLabel("Nome", { exact: true }).fill("Ofertas E2E");
  await dialog.getByLabel("Conexão").click();
  await page.getByRole("option", { name: "Sandbox Campanhas" }).click();
  await dialog.getByLabel("Lista de contatos").click();
  await page.getByRole("option", { name: "Clientes E2E (200)" }).click();
  for (const n of [1, 2, 3]) {
    await dialog.getByRole("tab", { name: `Msg. ${n}` }).click();
    await dialog.locator(`textarea[name=message${n}]`).fill(`Variante ${n} para {nome}`);
  }
  // the start time is typed in the company's zone (the server's TZ), not the browser's
  const zone = process.env.TZ || "America/Sao_Paulo";
  const now = new Date().toLocaleString("sv-SE", { timeZone: zone, hour12: false }).replace(" ", "T").slice(0, 16);
  await dialog.getByLabel("Agendamento").fill(now);
  await dialog.getByRole("button", { name: "Salvar" }).click();
  const row = page.getByTestId("campaign-row").filter({ hasText: "Ofertas E2E" });
  await row.getByText("Em andamento").waitFor({ timeout: 10_000 });

  const campaignId = Number((await row.getAttribute("data-id")) ?? 0);
  const delivered = async () =>
    (await apiCall<{ progress: { delivered: number } }>(base(), "GET", `/campaigns/${campaignId}`, undefined, token)).data.progress.delivered;
  const until = async (n: number) => {
    while ((await delivered()) < n) await Bun.sleep(25);
  };

  // stop (cancel) while it runs: nothing more goes out; restart: it continues
  await until(20);
  await row.getByRole("button", { name: "Parar campanha" }).click();
  await page.getByText("Campanha cancelada").waitFor();
  await row.getByText("Cancelada").waitFor();
  const atCancel = await delivered();
  await Bun.sleep(300);
  expect(await delivered()).toBe(atCancel);
  await row.getByRole("button", { name: "Reiniciar campanha" }).click();
  await page.getByText("Campanha reiniciada").waitFor();
  await row.getByText("Em andamento").waitFor();

  // the report follows live
  await row.getByRole("button", { name: "Relatório" }).click();
  await page.getByRole("heading", { name: "Relatório da Ofertas E2E" }).waitFor();
  await until(atCancel + 30);
  expect(await delivered()).toBeLessThan(N);
  await expect(page.getByTestId("report-status").textContent()).resolves.toMatch(/de 200 mensagens entregues/);

  // kill -9 in the middle of the run, then start again on the same data folder
  await server.kill();
  const [deliveredAtKill] = await serverQuery<{ n: number }>(
    server,
    "select cast(count(*) as integer) n from campaign_shipping where delivered_at is not null",
  );
  expect(deliveredAtKill.n).toBeLessThan(N);
  console.log(`killed with ${deliveredAtKill.n}/${N} shipments recorded`);
  server = await startServer(env);
  // a new port is a new origin for the browser: sign in there
  await page.goto(`${base()}/login`);
  await page.getByLabel("E-mail").fill(SUPER_EMAIL);
  await page.getByLabel("Senha", { exact: true }).fill(SUPER_PASSWORD);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await page.getByTestId("greeting").waitFor();
  await page.goto(`${base()}/campaign/${campaignId}/report`);
  await page.getByTestId("report-status").getByText("200 de 200 mensagens entregues").waitFor({ timeout: 30_000 });
  await page.getByTestId("campaign-report").getByText("Finalizada").waitFor();

  // exactly once: every number got one message on the phone, and the variants took turns
  await server.stop();
  const stopped = server;
  server = null;
  const perNumber = await serverQuery<{ number: string; n: number; body: string }>(
    stopped,
    "select number, cast(count(*) as integer) n, min(body) body from sandbox_messages where direction = 'out' group by number",
  );
  const [shipments] = await serverQuery<{ n: number; d: number }>(
    stopped,
    "select cast(count(*) as integer) n, cast(sum(case when delivered_at is not null then 1 else 0 end) as integer) d from campaign_shipping",
  );
  expect(perNumber.length).toBe(N);
  expect(perNumber.filter((r) => r.n !== 1)).toEqual([]);
  expect(new Set(perNumber.map((r) => r.number))).toEqual(new Set(numbers));
  const variants = perNumber.map((r) => r.body.split(" ")[1]);
  for (const v of ["1", "2", "3"]) expect(variants.filter((x) => x === v).length).toBeGreaterThanOrEqual(66);
  expect(perNumber.find((r) => r.number === numbers[0])?.body).toBe("Variante 1 para Cliente 1");
  expect(shipments).toEqual({ n: N, d: N });
}, 90_000);
