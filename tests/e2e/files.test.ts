import { expect, test } from "bun:test";
import { apiCall, signIn, SUPER_EMAIL, SUPER_PASSWORD, setupStack } from "./harness";

const stack = setupStack();

test("file lists: an admin creates a list with two files, edits it, an agent only reads it", async () => {
  const { page, context } = await stack().newPage();
  await signIn(page, SUPER_EMAIL, SUPER_PASSWORD);
  await page.getByRole("navigation").getByRole("link", { name: "Lista de arquivos" }).click();
  await page.getByRole("heading", { name: "Lista de arquivos" }).waitFor();
  await page.getByText("Nenhuma lista de arquivos.").waitFor();

  await page.getByRole("button", { name: "Adicionar lista" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Nome", { exact: true }).fill("ab");
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await dialog.getByText("Nome muito curto").waitFor();
  await dialog.getByText("Obrigatório").waitFor();
  await dialog.getByLabel("Nome", { exact: true }).fill("Catálogo de verão");
  await dialog.getByLabel("Mensagem").fill("Veja nossas novidades");
  for (const [i, file] of [
    ["1", { name: "vitrine.jpg", mimeType: "image/jpeg", buffer: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 1]) }],
    ["2", { name: "precos.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4 precos") }],
  ] as const) {
    await dialog.getByRole("button", { name: "Adicionar arquivo" }).click();
    await dialog.getByLabel(`Nome do arquivo ${i}`).fill(i === "1" ? "Vitrine" : "Preços");
    await dialog
      .getByTestId("file-list-option-file")
      .nth(Number(i) - 1)
      .setInputFiles(file);
    await dialog.getByText(file.name).waitFor();
  }
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await page.getByText("Lista de arquivos salva.").waitFor();
  const row = page.getByTestId("file-list-row").filter({ hasText: "Catálogo de verão" });
  await row.getByText("2 arquivos").waitFor();

  // Edit: remove the PDF's option; the list then holds one file.
  await row.getByRole("button", { name: "Editar" }).click();
  await dialog.getByText("precos.pdf").waitFor();
  await dialog.getByTestId("file-list-option").nth(1).getByRole("button", { name: "Remover opção" }).click();
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await row.getByText("1 arquivo").waitFor();

  const token = (await page.evaluate(() => localStorage.getItem("token")))!;
  const lists = await apiCall<{ files: { options: { name: string; mediaName: string }[] }[] }>(stack().server.url, "GET", "/files", undefined, token);
  expect(lists.data.files[0].options.map((o) => [o.name, o.mediaName])).toEqual([["Vitrine", "vitrine.jpg"]]);
  await context.close();

  // An agent sees the list without the add, edit and delete buttons.
  await apiCall(stack().server.url, "POST", "/users", { name: "Ana Agente", email: "ana.files@e2e.local", password: "ana-123", profile: "user" }, token);
  const second = await stack().newPage();
  await signIn(second.page, "ana.files@e2e.local", "ana-123");
  await second.page.goto(`${stack().server.url}/files`);
  await second.page.getByTestId("file-list-row").filter({ hasText: "Catálogo de verão" }).waitFor();
  expect(await second.page.getByRole("button", { name: "Adicionar lista" }).count()).toBe(0);
  expect(await second.page.getByRole("button", { name: "Editar" }).count()).toBe(0);
  await second.context.close();
}, 60_000);
