import { expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { apiCall, signIn, setupStack } from "./harness";

const stack = setupStack();

async function createQueue(page: Page, name: string) {
  await page.getByRole("button", { name: "Adicionar fila" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Nome").fill(name);
  await dialog.getByTestId("queue-save").click();
  await page.getByText("Fila salva.").first().waitFor();
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
  await page.getByTestId("queue-row").filter({ hasText: name }).waitFor();
}

async function customerWrites(page: Page, name: string, number: string, text: string) {
  await page.getByLabel("Nome do cliente").fill(name);
  await page.getByLabel("Número (com DDI e DDD)").fill(number);
  await page.getByRole("button", { name: "Abrir conversa" }).click();
  await page.getByTestId("sandbox-input").fill(text);
  await page.getByTestId("sandbox-send").click();
  // the customer's own bubble: the bot's answer may hold the same letters ("Boa noite" holds "oi")
  await page.locator('[data-testid="sandbox-bubble"][data-direction="in"]').filter({ hasText: text }).waitFor();
}

test("first steps in order with the sandbox: connection, then queues; the customer's 'oi' gets the menu with the queues in the admin's order", async () => {
  const base = stack().server.url;
  const email = `dono.${crypto.randomUUID().slice(0, 6)}@padaria.test`;
  const signup = await apiCall(base, "POST", "/companies/cadastro", {
    name: "Padaria Primeiros Passos",
    userName: "Joana Lima",
    email,
    password: "segredo123",
    planId: 1,
  });
  expect(signup.status).toBe(201);
  const { page, context } = await stack().newPage();
  await signIn(page, email, "segredo123");
  const steps = page.getByTestId("first-steps");
  await steps.getByText("Primeiros passos").waitFor();
  // It says which automatic messages start switched off, and where to turn them on.
  await steps.getByTestId("first-steps-off").getByText("começam desligados", { exact: false }).waitFor();
  expect(await steps.getByTestId("first-steps-off").getByRole("link", { name: "Ir para Configurações" }).getAttribute("href")).toBe("/settings");

  // Step 1 (the sandbox variant): a connection.
  await steps.getByRole("link", { name: "Ir para Conexões" }).first().click();
  await page.getByRole("heading", { name: "Conexões" }).waitFor();
  await page.getByTestId("connection-add").click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Nome", { exact: true }).fill("Telefone de teste");
  await dialog.getByRole("button", { name: "WhatsApp" }).click();
  await page.getByRole("option", { name: "Sandbox (telefone simulado)" }).click();
  await dialog.getByTestId("connection-save").click();
  const row = page.getByTestId("connection-row").filter({ hasText: "Telefone de teste" });
  await row.getByText("Conectado").waitFor();
  // No queue and no greeting yet: the row says customers would get no menu, and how to fix it.
  await row.getByTestId("no-menu-notice").getByText("os clientes não recebem menu nem resposta", { exact: false }).waitFor();
  await row.getByTestId("no-menu-notice").getByRole("button", { name: "Escolher as filas da conexão" }).click();
  await page.getByRole("dialog").getByTestId("connection-save").waitFor();
  await page.keyboard.press("Escape");
  await page.getByRole("dialog").waitFor({ state: "detached" });
  // The sandbox phone says so too.
  await row.getByTestId("open-sandbox").click();
  await page.getByRole("heading", { name: "Telefone simulado" }).waitFor();
  await page.getByTestId("no-menu-notice").waitFor();
  const connPath = new URL(page.url()).pathname;

  // Home: step 1 is done; step 3 leads to the queues.
  await page.goto("/");
  await steps.getByTestId("first-step").first().waitFor();
  expect(await steps.getByTestId("first-step").first().getAttribute("data-done")).toBe("true");
  await steps.getByRole("link", { name: "Ir para Filas" }).click();
  await page.getByRole("heading", { name: "Filas & Chatbot" }).waitFor();
  // "Vendas" first, then "Suporte" (alphabetical order would put Suporte first).
  await createQueue(page, "Vendas");
  await createQueue(page, "Suporte");

  // The connection now offers both queues; its row no longer warns.
  await page.getByRole("navigation").getByRole("link", { name: "Conexões" }).click();
  await row.waitFor();
  expect(await row.getByTestId("no-menu-notice").count()).toBe(0);

  // The customer's "oi" on the sandbox phone gets the menu, queues in the admin's order.
  await page.goto(connPath);
  await page.getByRole("heading", { name: "Telefone simulado" }).waitFor();
  expect(await page.getByTestId("no-menu-notice").count()).toBe(0);
  await customerWrites(page, "Maria Cliente", "5511987650001", "oi");
  const menu = page.getByTestId("sandbox-bubble").filter({ hasText: "[ 1 ]" });
  await menu.waitFor({ timeout: 10_000 });
  expect(await menu.getAttribute("data-direction")).toBe("out");
  const text = (await menu.textContent()) ?? "";
  expect(text).toContain("Como podemos ajudar?");
  expect(text.indexOf("[ 1 ] - Vendas")).toBeGreaterThan(-1);
  expect(text.indexOf("[ 2 ] - Suporte")).toBeGreaterThan(text.indexOf("[ 1 ] - Vendas"));

  // Home: the first steps are done and make way for the dashboard.
  await page.goto("/");
  await page.getByTestId("company-card").waitFor();
  expect(await page.getByTestId("first-steps").count()).toBe(0);
  await context.close();
}, 120_000);
