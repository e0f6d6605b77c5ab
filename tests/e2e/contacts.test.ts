import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import * as XLSX from "@e965/xlsx";
import { signIn, SUPER_EMAIL, SUPER_PASSWORD, setupStack } from "./harness";

const stack = setupStack();

function xlsxBuffer(rows: unknown[][]) {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), "Contatos");
  return Buffer.from(XLSX.write(wb, { type: "array", bookType: "xlsx" }) as ArrayBuffer);
}

test("contacts: add with validation and extra info, search, import with report, export, delete; English labels", async () => {
  const { page, context } = await stack().newPage();
  await signIn(page, SUPER_EMAIL, SUPER_PASSWORD);
  await page.getByRole("navigation").getByRole("link", { name: "Contatos", exact: true }).click();
  await page.getByRole("heading", { name: "Contatos" }).waitFor();

  // Add: R-CONT-1 validation, then a valid contact with one extra-info field.
  await page.getByRole("button", { name: "Adicionar contato" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Nome", { exact: true }).fill("J");
  await dialog.getByLabel("Número").fill("123");
  await dialog.getByLabel("E-mail").fill("nope");
  await dialog.getByRole("button", { name: "Salvar" }).click();
  expect(await dialog.getByText("Muito curto").count()).toBe(2);
  await dialog.getByText("E-mail inválido").waitFor();
  await dialog.getByLabel("Nome", { exact: true }).fill("Conceição Ávila");
  await dialog.getByLabel("Número").fill("+55 (11) 98888-7777");
  await dialog.getByLabel("E-mail").fill("conceicao@exemplo.com");
  await dialog.getByRole("button", { name: "Adicionar informação" }).click();
  await dialog.getByLabel("Nome do campo").fill("CPF");
  await dialog.getByLabel("Valor").fill("123.456.789-00");
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await page.getByText("Contato salvo.").waitFor();
  const row = page.getByTestId("contact-row").filter({ hasText: "Conceição Ávila" });
  await row.waitFor();
  expect(await row.textContent()).toContain("5511988887777");

  // The same number again is refused on the number field.
  await page.getByRole("button", { name: "Adicionar contato" }).click();
  await dialog.getByLabel("Nome", { exact: true }).fill("Outra Pessoa");
  await dialog.getByLabel("Número").fill("5511988887777");
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await dialog.getByText("Já existe um contato com este número.").waitFor();
  await dialog.getByRole("button", { name: "Cancelar" }).click();

  // Import: a spreadsheet with Spanish headers in another order; one bad row is reported.
  await page.getByRole("button", { name: "Importar" }).click();
  await page.getByTestId("import-file").setInputFiles({
    name: "contatos.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: xlsxBuffer([
      ["Teléfono", "Nombre"],
      ["5521977776666", "Bruno Souza"],
      ["12", "Curto"],
      ["5511988887777", "Conceição Á."],
    ]),
  });
  await dialog.getByRole("button", { name: "Importar" }).click();
  await dialog.getByText("1 criado, 1 atualizado, 1 rejeitado.").waitFor();
  await dialog.getByText("Linha 3: Número inválido (8 a 50 dígitos).").waitFor();
  // The row whose number was already a contact is listed with what it changed (never a silent rename).
  await dialog.getByText("1 linha com número de um contato existente:").waitFor();
  await dialog.getByTestId("import-matched").getByText("Linha 4 (5511988887777): nome", { exact: false }).waitFor();
  expect(await dialog.getByTestId("import-matched").textContent()).toContain("→ “Conceição Á.”");
  await dialog.getByRole("button", { name: "Fechar" }).first().click();
  await page.getByTestId("contact-row").filter({ hasText: "Bruno Souza" }).waitFor();

  // Search starts at 3 characters.
  await page.getByPlaceholder("Pesquisar por nome ou número").fill("bru");
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="contact-row"]').length === 1);
  await page.getByPlaceholder("Pesquisar por nome ou número").fill("");
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="contact-row"]').length === 2);

  // Export: CSV with BOM, ; separator and accents intact.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Exportar CSV" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^contacts-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!);
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(csv.toString("utf8")).toContain("Conceição Á.;5511988887777;conceicao@exemplo.com");
  // headers in the user's language
  expect(csv.toString("utf8").replace("\uFEFF", "").split("\r\n")[0]).toBe("nome;numero;email");

  // Delete with confirmation.
  await page.getByTestId("contact-row").filter({ hasText: "Bruno Souza" }).getByRole("button", { name: "Excluir" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Excluir" }).click();
  await page.getByText("Contato excluído.").waitFor();
  await page.getByTestId("contact-row").filter({ hasText: "Bruno Souza" }).waitFor({ state: "detached" });

  // The page in English.
  await page.getByTestId("language-menu").click();
  await page.getByRole("menuitem", { name: "English" }).click();
  await page.getByRole("heading", { name: "Contacts" }).waitFor();
  await page.getByRole("button", { name: "Export CSV" }).waitFor();
  await context.close();
}, 90_000);

test("contacts: starting a conversation from a contact opens its ticket", async () => {
  const { page, context } = await stack().newPage();
  await signIn(page, SUPER_EMAIL, SUPER_PASSWORD);
  const token = (await page.evaluate(() => localStorage.getItem("token")))!;
  const created = await fetch(`${stack().server.url}/contacts`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: "Quitéria Conversa", number: "5511921212121" }),
  });
  expect(created.status).toBe(201);
  await page.getByRole("navigation").getByRole("link", { name: "Contatos", exact: true }).click();
  const row = page.getByRole("row").filter({ hasText: "Quitéria Conversa" });
  await row.getByTestId("contact-start-ticket").click();
  const dialog = page.getByRole("dialog");
  await dialog.getByTestId("contact-search").waitFor();
  expect(await dialog.getByTestId("contact-search").inputValue()).toContain("Quitéria Conversa");
  await dialog.getByRole("button", { name: "Abrir ticket" }).click();
  await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
  await page.getByTestId("chat-header").getByText("Quitéria Conversa").waitFor();
  await context.close();
}, 60_000);
