import { expect, test } from "bun:test";
import { apiCall, signIn, SUPER_EMAIL, SUPER_PASSWORD, setupStack } from "./harness";

const stack = setupStack();

test("tags: the admin creates a kanban tag; an agent edits tags without the kanban switch", async () => {
  const { page, context } = await stack().newPage();
  await signIn(page, SUPER_EMAIL, SUPER_PASSWORD);
  await page.getByRole("navigation").getByRole("link", { name: "Tags" }).click();
  await page.getByRole("heading", { name: "Tags" }).waitFor();
  await page.getByRole("button", { name: "Adicionar tag" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Nome").fill("ab");
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await dialog.getByText("Muito curto").waitFor();
  await dialog.getByLabel("Nome").fill("Em negociação");
  await dialog.getByRole("switch", { name: "Kanban" }).click();
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await page.getByText("Tag salva.").waitFor();
  const row = page.getByTestId("tag-row").filter({ hasText: "Em negociação" });
  await row.waitFor();
  expect(await row.textContent()).toContain("Kanban");

  const token = await page.evaluate(() => localStorage.getItem("token"));
  await apiCall(stack().server.url, "POST", "/users", { name: "Ana Agente", email: "ana@e2e.local", password: "ana-123", profile: "user" }, token!);
  await context.close();

  const agent = await stack().newPage();
  await signIn(agent.page, "ana@e2e.local", "ana-123");
  await agent.page.getByRole("navigation").getByRole("link", { name: "Tags" }).click();
  await agent.page.getByRole("button", { name: "Adicionar tag" }).click();
  const d2 = agent.page.getByRole("dialog");
  await d2.getByLabel("Nome").fill("Retornar");
  expect(await d2.getByRole("switch").count()).toBe(0);
  await d2.getByRole("button", { name: "Salvar" }).click();
  await agent.page.getByTestId("tag-row").filter({ hasText: "Retornar" }).waitFor();
  // The kanban lane cannot be deleted by an agent; search narrows the list.
  expect(await agent.page.getByTestId("tag-row").filter({ hasText: "Em negociação" }).getByRole("button", { name: "Excluir" }).count()).toBe(0);
  await agent.page.getByPlaceholder("Pesquisar tags").fill("neg");
  await agent.page.waitForFunction(() => document.querySelectorAll('[data-testid="tag-row"]').length === 1);
  await agent.context.close();
}, 90_000);
