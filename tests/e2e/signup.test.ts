import { expect, test } from "bun:test";
import { zonedToday } from "../../src/contract/zoned";
import { apiCall, serverQuery, setupStack, signIn } from "./harness";

const stack = setupStack();

/** The date n days from the company's today (the server's zone, TZ), as dd/mm/yyyy. */
const inDays = (n: number) => isoInDays(n).split("-").reverse().join("/");

test("a new company signs up, then its admin signs in and sees the welcome home", async () => {
  const { page, context } = await stack().newPage();
  await page.goto("/login");
  await page.getByRole("link", { name: "Cadastre-se grátis" }).click();
  await page.getByRole("heading", { name: "Crie sua conta" }).waitFor();

  // The plan picker shows the plan from GET /plans/list with its limits and BRL price.
  const plan = page.getByRole("radio").first();
  await plan.waitFor();
  const planText = await plan.textContent();
  expect(planText).toContain("Plano 1");
  expect(planText).toContain("10 usuários");
  expect(planText).toContain("10 conexões");
  expect(planText).toContain("10 filas");
  expect(planText).toContain("R$");

  // Client-side validation with the shared schema.
  await page.getByLabel("Nome da empresa").fill("A");
  await page.getByLabel("E-mail").fill("not-an-email");
  await page.getByRole("button", { name: "Criar conta" }).click();
  await page.getByText("Muito curto").waitFor();
  await page.getByText("E-mail inválido").waitFor();

  await page.getByLabel("Seu nome").fill("Joana Lima");
  await page.getByLabel("Nome da empresa").fill("Padaria Central");
  await page.getByLabel("Telefone").fill("11999990000");
  await page.getByLabel("E-mail").fill("dono@padaria.test");
  await page.getByLabel("Senha", { exact: true }).fill("segredo123");
  await plan.click();
  await page.getByRole("button", { name: "Criar conta" }).click();
  // It ends signed in, greeted by the person's name, on the first steps (not on an empty login).
  await page.getByRole("heading", { name: "Bem-vindo, Joana Lima" }).waitFor();
  expect(new URL(page.url()).pathname).toBe("/");
  await page.getByTestId("first-steps").getByText("Primeiros passos").waitFor();
  expect(await page.getByTestId("company-card").textContent()).toContain("Padaria Central");
  expect(await page.getByTestId("due-card").textContent()).toContain(inDays(7));
  expect(await page.getByTestId("active-until").textContent()).toBe(`Ativo até ${inDays(7)}`);
  await page.getByTestId("first-steps").getByRole("link", { name: "Ir para Conexões" }).first().click();
  await page.getByRole("heading", { name: "Conexões" }).waitFor();
  // With no connection yet, the empty ticket list says what to do next.
  await page.getByRole("navigation").getByRole("link", { name: "Atendimentos" }).click();
  await page.getByText("Nenhuma conexão ainda").first().waitFor();
  await page.getByText("experimente o Telefone Sandbox", { exact: false }).first().waitFor();
  await page.getByTestId("empty-add-connection").first().click();
  await page.getByRole("heading", { name: "Conexões" }).waitFor();

  // Signed out: the same e-mail or company name again is said at its field.
  await page.evaluate(() => localStorage.clear());
  await page.goto("/signup");
  await page.getByLabel("Seu nome").fill("Outra Pessoa");
  await page.getByLabel("Nome da empresa").fill("Padaria Nova");
  await page.getByLabel("E-mail").fill("dono@padaria.test");
  await page.getByLabel("Senha", { exact: true }).fill("segredo123");
  await page.getByRole("radio").first().click();
  await page.getByRole("button", { name: "Criar conta" }).click();
  await page.getByText("Este e-mail já está em uso.").waitFor();
  await page.getByLabel("Nome da empresa").fill("Padaria Central");
  await page.getByLabel("E-mail").fill("outro@padaria.test");
  await page.getByRole("button", { name: "Criar conta" }).click();
  await page.getByText("Já existe uma empresa com este nome.").waitFor();

  await signIn(page, "dono@padaria.test", "segredo123");
  await page.getByRole("heading", { name: "Bem-vindo, Joana Lima" }).waitFor();
  await context.close();
});

/** Sets a company's due date straight in the server's database (there is no admin UI for it yet). */
async function setDueDate(name: string, dueDate: string) {
  await serverQuery(stack().server, "UPDATE companies SET due_date = ? WHERE name = ?", [dueDate, name]);
}
/** The date n days from today, today being the company's (the login page counts days in the server's zone, TZ, as the server reads it). */
const isoInDays = (n: number) => {
  const d = new Date(`${zonedToday(process.env.TZ || "America/Sao_Paulo")}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

test("login warns when the subscription is about to lapse and refuses a lapsed one with its date", async () => {
  const created = await apiCall(stack().server.url, "POST", "/companies/cadastro", {
    name: "Loja Prazo",
    email: "prazo@loja.test",
    password: "prazo-123",
    planId: 1,
  });
  expect(created.status).toBe(201);

  await setDueDate("Loja Prazo", isoInDays(1));
  const { page, context } = await stack().newPage();
  await signIn(page, "prazo@loja.test", "prazo-123");
  await page.getByText("Sua assinatura vence em 1 dia.").waitFor();
  await page.getByRole("button", { name: "Minha conta" }).click();
  await page.getByRole("menuitem", { name: "Sair" }).click();
  await page.getByRole("heading", { name: "Entrar" }).waitFor();

  await setDueDate("Loja Prazo", isoInDays(3));
  await signIn(page, "prazo@loja.test", "prazo-123");
  await page.getByText("Sua assinatura vence em 3 dias.").waitFor();
  await page.getByRole("button", { name: "Minha conta" }).click();
  await page.getByRole("menuitem", { name: "Sair" }).click();

  const past = isoInDays(-2);
  await setDueDate("Loja Prazo", past);
  await page.getByLabel("E-mail").fill("prazo@loja.test");
  await page.getByLabel("Senha", { exact: true }).fill("prazo-123");
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await page.getByText(`Sua assinatura venceu em ${past.split("-").reverse().join("/")}. Fale com o suporte`, { exact: false }).waitFor();
  expect(new URL(page.url()).pathname).toBe("/login");
  await context.close();
});
