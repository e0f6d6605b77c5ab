/**
 * Passwords in the browser (issue 10): a generated password (`cli reset-password`) leads to the
 * forced change screen before the app opens; the profile dialog changes one's own password only with
 * the current one and stays signed in (the old session ends, the socket reconnects with the new one).
 */
import { expect, test } from "bun:test";
import { apiCall, ROOT, type Server, SUPER_EMAIL, SUPER_PASSWORD, setupStack, signIn } from "./harness";

const stack = setupStack();

async function cliReset(server: Server, email: string): Promise<string> {
  const proc = Bun.spawn(["bun", "run", "src/cli.ts", "reset-password", email], {
    cwd: ROOT,
    // the command works on the server's database: its folder's SQLite, or its PostgreSQL (DATABASE_URL)
    env: {
      ...process.env,
      NODE_ENV: "test",
      DATA_DIR: server.dataDir,
      ...(server.databaseUrl ? { DATABASE_URL: server.databaseUrl } : {}),
      LOG_LEVEL: "silent",
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  const out = await new Response(proc.stdout).text();
  expect(await proc.exited).toBe(0);
  return /password: (\S+)/.exec(out)![1];
}

test("a generated password must be changed at the first sign-in; the profile changes it with the current one", async () => {
  const { server } = stack();
  const su = await apiCall<{ token: string }>(server.url, "POST", "/auth/login", { email: SUPER_EMAIL, password: SUPER_PASSWORD });
  const email = "ana@e2e.local";
  expect((await apiCall(server.url, "POST", "/users", { name: "Ana Souza", email, password: "ana-pass-1", profile: "user" }, su.data.token)).status).toBe(201);
  const printed = await cliReset(server, email);

  const { context, page } = await stack().newPage();
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Senha", { exact: true }).fill(printed);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  // the forced change screen: no way into the app before a new password is chosen
  await page.getByRole("heading", { name: "Troque sua senha" }).waitFor();
  await page.getByLabel("Nova senha", { exact: true }).fill("nova-senha-1");
  await page.getByLabel("Confirme a nova senha").fill("outra-senha");
  await page.getByRole("button", { name: "Salvar e entrar" }).click();
  await page.getByText("As senhas não conferem.").waitFor();
  await page.getByLabel("Confirme a nova senha").fill("nova-senha-1");
  await page.getByRole("button", { name: "Salvar e entrar" }).click();
  await page.getByTestId("greeting").waitFor();
  expect((await apiCall(server.url, "POST", "/auth/login", { email, password: printed })).status).toBe(401);

  // profile dialog: the current password is asked for, a wrong one is refused on its field
  await page.getByRole("button", { name: "Minha conta" }).click();
  await page.getByRole("menuitem", { name: "Perfil" }).click();
  const modal = page.getByRole("dialog");
  await modal.getByRole("heading", { name: "Editar usuário" }).waitFor();
  await modal.getByLabel("Senha", { exact: true }).fill("terceira-senha");
  await modal.getByRole("button", { name: "Salvar" }).click();
  await modal.getByText("Obrigatório").first().waitFor();
  await modal.getByLabel("Senha atual").fill("errada-errada");
  await modal.getByRole("button", { name: "Salvar" }).click();
  await modal.getByText("A senha atual está incorreta.").waitFor();
  await modal.getByLabel("Senha atual").fill("nova-senha-1");
  await modal.getByRole("button", { name: "Salvar" }).click();
  await page.getByText("Senha alterada. As outras sessões foram encerradas.").waitFor();
  // still signed in, on the app (the socket's 4401 was our own restart), after the socket reconnects
  await Bun.sleep(1500);
  expect(new URL(page.url()).pathname).not.toBe("/login");
  await page.getByTestId("greeting").waitFor();
  expect((await apiCall(server.url, "POST", "/auth/login", { email, password: "terceira-senha" })).status).toBe(200);
  await context.close();

  // and with the new password, signing in through the form works
  const again = await stack().newPage();
  await signIn(again.page, email, "terceira-senha");
  await again.context.close();
});
