import { expect, test } from "bun:test";
import { signIn, SUPER_EMAIL, SUPER_PASSWORD, setupStack } from "./harness";

const stack = setupStack();

test("a visitor opening a private route lands on /login", async () => {
  const { page, context } = await stack().newPage();
  await page.goto("/users");
  await page.getByRole("heading", { name: "Entrar" }).waitFor();
  expect(new URL(page.url()).pathname).toBe("/login");
  await expect(page.getByRole("link", { name: "Cadastre-se grátis" }).count()).resolves.toBe(1);
  await context.close();
});

test("wrong password shows the translated error", async () => {
  const { page, context } = await stack().newPage();
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(SUPER_EMAIL);
  await page.getByLabel("Senha", { exact: true }).fill("wrong-password");
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await page.getByText("Erro de autenticação. Verifique o e-mail e a senha e tente novamente.").waitFor();
  expect(new URL(page.url()).pathname).toBe("/login");
  await context.close();
});

test("the super admin signs in, sees the admin shell, is kept away from /login and logs out", async () => {
  const { page, context } = await stack().newPage();
  await signIn(page, SUPER_EMAIL, SUPER_PASSWORD);
  expect(await page.getByTestId("greeting").textContent()).toBe("Olá, Admin");
  expect(await page.getByTestId("active-until").textContent()).toBe("Ativo até 31/12/2099");
  await page.getByRole("heading", { name: "Bem-vindo, Admin" }).waitFor();
  expect(await page.getByTestId("due-card").textContent()).toContain("31/12/2099");
  const nav = page.getByRole("navigation");
  expect(await nav.getByText("Gerência").count()).toBe(1);
  expect(await nav.getByText("Administração").count()).toBe(1);
  expect(await nav.getByRole("link", { name: "Usuários" }).count()).toBe(1);
  const stored = await page.evaluate(() => ({ ...localStorage }));
  expect(stored.token).toBeTruthy();
  expect(stored.companyId).toBe("1");
  expect(stored.userId).toBe("1");
  expect(stored.companyDueDate).toBe("2099-12-31");
  expect(stored.cshow).toBe("true");

  // Signed in: /login sends to /.
  await page.goto("/login");
  await page.getByRole("heading", { name: "Bem-vindo, Admin" }).waitFor();
  expect(new URL(page.url()).pathname).toBe("/");

  // A reload keeps the session (refresh token cookie).
  await page.reload();
  await page.getByTestId("greeting").waitFor();

  await page.getByRole("button", { name: "Minha conta" }).click();
  await page.getByRole("menuitem", { name: "Sair" }).click();
  await page.getByRole("heading", { name: "Entrar" }).waitFor();
  expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
  await context.close();
});

test("the public legal pages render for visitors", async () => {
  const { page, context } = await stack().newPage();
  await page.goto("/term");
  await page.getByRole("heading", { name: "Termos de uso" }).waitFor();
  await page.goto("/privacy");
  await page.getByRole("heading", { name: "Política de privacidade" }).waitFor();
  await context.close();
});

test("signing in elsewhere ends the first session with the spec's message", async () => {
  const first = await stack().newPage();
  await signIn(first.page, SUPER_EMAIL, SUPER_PASSWORD);
  // Wait until the first tab's socket is up (the server marks the user online on connect).
  await first.page.waitForTimeout(500);
  const second = await stack().newPage();
  await signIn(second.page, SUPER_EMAIL, SUPER_PASSWORD);
  await first.page.getByText("Sua conta foi acessada em outro computador.").waitFor();
  await first.page.getByRole("heading", { name: "Entrar" }).waitFor({ timeout: 10_000 });
  expect(await first.page.evaluate(() => localStorage.getItem("token"))).toBeNull();
  // The second session is untouched.
  await second.page.reload();
  await second.page.getByTestId("greeting").waitFor();
  await first.context.close();
  await second.context.close();
});

test("signing in again in another tab of the same browser keeps both tabs signed in", async () => {
  const { context, page } = await stack().newPage();
  await signIn(page, SUPER_EMAIL, SUPER_PASSWORD);
  await page.waitForTimeout(500);
  // A second tab of the same browser signs in (as its login page would: the new token goes to the
  // storage both tabs share); the server announces the new session to the first tab's socket.
  const tab2 = await context.newPage();
  await tab2.goto("/");
  await tab2.evaluate(
    async ([email, password]) => {
      const res = await fetch("/auth/login", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ email, password }),
      });
      localStorage.setItem("token", (await res.json()).token);
    },
    [SUPER_EMAIL, SUPER_PASSWORD],
  );
  // Past the grace a tab gives a sign-in of its own browser to store its token (5 s, web/src/api/client.ts).
  await page.waitForTimeout(6_000);
  expect(await page.getByText("Sua conta foi acessada em outro computador.").count()).toBe(0);
  await page.getByTestId("greeting").waitFor();
  await page.reload();
  await page.getByTestId("greeting").waitFor();
  await context.close();
});

test("an expired access token is refreshed once and the call retried", async () => {
  const { page, context } = await stack().newPage();
  await signIn(page, SUPER_EMAIL, SUPER_PASSWORD);
  // A token the server cannot verify answers 403: the client refreshes with the cookie and retries.
  await page.evaluate(() => localStorage.setItem("token", "not.a.valid-token"));
  await page.getByRole("navigation").getByRole("link", { name: "Usuários" }).click();
  await page.getByTestId("user-row").first().waitFor();
  const token = await page.evaluate(() => localStorage.getItem("token"));
  expect(token).not.toBe("not.a.valid-token");
  expect(token?.split(".").length).toBe(3);
  await context.close();
});
