import { expect, test } from "bun:test";
import { signIn, SUPER_EMAIL, SUPER_PASSWORD, setupStack } from "./harness";

const stack = setupStack();

test("to-do list: add, edit, mark done and delete; kept in local storage under 'tasks' across reloads", async () => {
  const { page, context } = await stack().newPage();
  await signIn(page, SUPER_EMAIL, SUPER_PASSWORD);
  await page.getByRole("navigation").getByRole("link", { name: "Tarefas" }).click();
  await page.getByText("Nenhuma tarefa.").waitFor();
  for (const text of ["Ligar para a Dona Maria", "Conferir boletos"]) {
    await page.getByTestId("todo-input").fill(text);
    await page.getByRole("button", { name: "Adicionar" }).click();
  }
  await page.getByText("2 pendentes").waitFor();
  const item = (text: string) => page.getByTestId("todo-item").filter({ hasText: text });
  await item("Conferir boletos").getByRole("button", { name: "Editar" }).click();
  await page.getByLabel("Editar tarefa").fill("Conferir boletos de novembro");
  await page.getByLabel("Editar tarefa").press("Enter");
  await item("Conferir boletos de novembro").getByRole("checkbox").check();
  await page.getByText("1 pendente").waitFor();

  await page.reload();
  await item("Conferir boletos de novembro").waitFor();
  expect(await item("Conferir boletos de novembro").getByRole("checkbox").isChecked()).toBe(true);
  const stored = JSON.parse((await page.evaluate(() => localStorage.getItem("tasks")))!);
  expect(stored.map((x: { text: string; done: boolean }) => [x.text, x.done])).toEqual([
    ["Conferir boletos de novembro", true],
    ["Ligar para a Dona Maria", false],
  ]);
  await item("Ligar para a Dona Maria").getByRole("button", { name: "Excluir" }).click();
  await page.getByText("0 pendentes").waitFor();
  expect(await page.getByTestId("todo-item").count()).toBe(1);
  await context.close();
}, 60_000);
