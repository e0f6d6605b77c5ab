import { expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { signIn, SUPER_EMAIL, SUPER_PASSWORD, setupStack } from "./harness";

const stack = setupStack();

const item = (page: Page, text: string) => page.getByTestId("todo-item").filter({ hasText: text });

async function openTodo(page: Page) {
  await page.getByRole("navigation").getByRole("link", { name: "Tarefas" }).click();
  await page.getByTestId("todo-page").waitFor();
}

test("to-do list: kept in the account, moved from this browser once, live on the user's other tabs, and it survives a sign-in on another browser", async () => {
  const first = await stack().newPage();
  // What an older version left in this browser: a local list and the user's preferences.
  await first.page.goto("/login");
  await first.page.evaluate(() => {
    localStorage.setItem("tasks", JSON.stringify([{ id: "x1", text: "Tarefa antiga do navegador", done: true, createdAt: "2025-01-02T10:00:00.000Z" }]));
    localStorage.setItem("preferredTheme", "dark");
    localStorage.setItem("volume", "0.3");
  });
  await signIn(first.page, SUPER_EMAIL, SUPER_PASSWORD);
  await openTodo(first.page);
  await item(first.page, "Tarefa antiga do navegador").waitFor();
  expect(await item(first.page, "Tarefa antiga do navegador").getByRole("checkbox").isChecked()).toBe(true);
  expect(await first.page.evaluate(() => localStorage.getItem("tasks"))).toBeNull();

  // A second tab of the same browser follows the list live (frames of the user's own room).
  const tab2 = await first.context.newPage();
  await tab2.goto("/todolist");
  await item(tab2, "Tarefa antiga do navegador").waitFor();
  for (const text of ["Ligar para a Dona Maria", "Conferir boletos"]) {
    await first.page.getByTestId("todo-input").fill(text);
    await first.page.getByRole("button", { name: "Adicionar" }).click();
    await item(first.page, text).waitFor();
  }
  await item(tab2, "Conferir boletos").waitFor();
  await item(first.page, "Conferir boletos").getByRole("button", { name: "Editar" }).click();
  await first.page.getByLabel("Editar tarefa").fill("Conferir boletos de novembro");
  await first.page.getByLabel("Editar tarefa").press("Enter");
  await item(first.page, "Conferir boletos de novembro").getByRole("checkbox").check();
  await item(tab2, "Conferir boletos de novembro").waitFor();
  await tab2.waitForFunction(() =>
    [...document.querySelectorAll('[data-testid="todo-item"]')].some(
      (li) => li.textContent?.includes("novembro") && (li.querySelector("input[type=checkbox]") as HTMLInputElement)?.checked,
    ),
  );
  await item(first.page, "Ligar para a Dona Maria").getByRole("button", { name: "Excluir" }).click();
  await item(tab2, "Ligar para a Dona Maria").waitFor({ state: "detached" });

  // Another browser signs in: the first one is signed out, but nothing of the user's is erased.
  const second = await stack().newPage();
  await signIn(second.page, SUPER_EMAIL, SUPER_PASSWORD);
  await first.page.getByText("Sua conta foi acessada em outro computador.").waitFor();
  await first.page.getByRole("heading", { name: "Entrar" }).waitFor({ timeout: 10_000 });
  const kept = await first.page.evaluate(() => ({
    token: localStorage.getItem("token"),
    theme: localStorage.getItem("preferredTheme"),
    volume: localStorage.getItem("volume"),
  }));
  expect(kept).toEqual({ token: null, theme: "dark", volume: "0.3" });
  expect(await first.page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);

  // The second device shows the same list, newest first.
  await openTodo(second.page);
  await item(second.page, "Conferir boletos de novembro").waitFor();
  const texts = await second.page.getByTestId("todo-item").allTextContents();
  expect(texts.map((x) => x.trim())).toEqual(["Conferir boletos de novembro", "Tarefa antiga do navegador"]);
  expect(await item(second.page, "Conferir boletos de novembro").getByRole("checkbox").isChecked()).toBe(true);
  await first.context.close();
  await second.context.close();
}, 90_000);
