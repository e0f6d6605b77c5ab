import { expect, test } from "bun:test";
import { apiCall, signIn, SUPER_EMAIL, SUPER_PASSWORD, setupStack } from "./harness";

const stack = setupStack();

test("quick messages: an agent sees own and geral ones, edits only their own, attaches a file", async () => {
  const login = await apiCall<{ token: string }>(stack().server.url, "POST", "/auth/login", { email: SUPER_EMAIL, password: SUPER_PASSWORD });
  const admin = login.data.token;
  await apiCall(stack().server.url, "POST", "/quick-messages", { shortcode: "horario", message: "Das 8h às 18h", geral: true }, admin);
  await apiCall(stack().server.url, "POST", "/quick-messages", { shortcode: "segredo", message: "Só do admin" }, admin);
  await apiCall(stack().server.url, "POST", "/users", { name: "Beto Agente", email: "beto@e2e.local", password: "beto-123", profile: "user" }, admin);

  const { page, context } = await stack().newPage();
  await signIn(page, "beto@e2e.local", "beto-123");
  await page.getByRole("navigation").getByRole("link", { name: "Respostas rápidas" }).click();
  await page.getByRole("heading", { name: "Respostas rápidas" }).waitFor();
  const geral = page.getByTestId("quick-message-row").filter({ hasText: "/horario" });
  await geral.waitFor();
  expect(await page.getByTestId("quick-message-row").filter({ hasText: "/segredo" }).count()).toBe(0);
  expect(await geral.getByRole("button", { name: "Editar" }).count()).toBe(0);

  await page.getByRole("button", { name: "Adicionar resposta" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await dialog.getByText("Obrigatório").waitFor();
  await dialog.getByLabel("Atalho").fill("oi");
  await dialog.getByLabel("Mensagem").fill("Olá! Como posso ajudar?");
  await dialog.getByTestId("quick-message-file").setInputFiles({ name: "tabela.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4 test") });
  await dialog.getByText("tabela.pdf").waitFor();
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await page.getByText("Resposta rápida salva.").waitFor();
  const mine = page.getByTestId("quick-message-row").filter({ hasText: "/oi" });
  await mine.waitFor();
  expect(await mine.textContent()).toContain("Pessoal");

  // Edit: make it geral, then find it with the search.
  await mine.getByRole("button", { name: "Editar" }).click();
  await dialog.getByRole("switch", { name: "Visível para toda a empresa (geral)" }).click();
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await page.getByText("Resposta rápida salva.").first().waitFor();
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-testid="quick-message-row"]')].some((r) => r.textContent?.includes("/oi") && r.textContent.includes("Geral")),
  );
  await page.getByPlaceholder("Pesquisar atalho ou mensagem").fill("ajudar");
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="quick-message-row"]').length === 1);

  const token = await page.evaluate(() => localStorage.getItem("token"));
  const list = await apiCall<{ shortcode: string; mediaName: string | null }[]>(stack().server.url, "GET", "/quick-messages/list", undefined, token!);
  expect(list.data.find((q) => q.shortcode === "oi")?.mediaName).toBe("tabela.pdf");
  await context.close();
}, 90_000);
