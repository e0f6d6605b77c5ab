/**
 * Account security in the browser (issue 28): a passkey created and used through Chromium's virtual
 * authenticator (DevTools protocol), the authenticator app set up from the QR page and the second
 * step answered with a recovery code, the admin's view of a user's sessions, and the audit page.
 */
import { expect, test } from "bun:test";
import * as OTPAuth from "otpauth";
import { apiCall, SUPER_EMAIL, SUPER_PASSWORD, setupStack } from "./harness";

const stack = setupStack();
/** WebAuthn needs a host name (never an IP address) as relying party: the page is opened as localhost. */
const local = (path: string) => `${stack().server.url.replace("127.0.0.1", "localhost")}${path}`;

async function fillLogin(page: import("playwright-core").Page, email: string, password: string) {
  await page.goto(local("/login"));
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Senha", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
}

test("the super user is asked once, adds a passkey with a virtual authenticator, then signs in with it alone", async () => {
  const { page, context } = await stack().newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  await fillLogin(page, SUPER_EMAIL, SUPER_PASSWORD);
  await page.getByTestId("security-suggestion").waitFor();
  await page.getByRole("link", { name: "Configurar agora" }).click();
  await page.getByTestId("security-page").waitFor();
  await page.getByTestId("passkey-add").click();
  await page.getByLabel("Nome da chave").fill("Notebook do escritório");
  await page.getByTestId("passkey-name-next").click();
  await page.getByTestId("password-prompt").getByLabel("Senha", { exact: true }).fill(SUPER_PASSWORD);
  await page.getByTestId("password-prompt-submit").click();
  await page.getByTestId("recovery-codes").waitFor();
  expect(await page.getByTestId("recovery-code").count()).toBe(10);
  await page.getByTestId("codes-done").click();
  await page.getByTestId("passkey-row").getByText("Notebook do escritório").waitFor();
  // sign out, then in with the passkey alone
  await page.getByRole("button", { name: "Minha conta" }).click();
  await page.getByRole("menuitem", { name: "Sair" }).click();
  await page.getByTestId("passkey-signin").click();
  await page.getByTestId("greeting").waitFor();
  expect(await page.getByTestId("security-suggestion").count()).toBe(0); // asked once only
  // the password now leads to the second step, answered by the same passkey
  await page.getByRole("button", { name: "Minha conta" }).click();
  await page.getByRole("menuitem", { name: "Sair" }).click();
  await fillLogin(page, SUPER_EMAIL, SUPER_PASSWORD);
  await page.getByTestId("second-step").waitFor();
  await page.getByTestId("step-passkey").click();
  await page.getByTestId("greeting").waitFor();
  await context.close();
}, 120_000);

test("an agent sets up the app from the QR page; the second step takes a recovery code once; the admin sees it", async () => {
  const base = stack().server.url;

  const signup = await apiCall(base, "POST", "/companies/cadastro", { name: "Loja Segura", email: "dona@segura.local", password: "dona-pass-1", planId: 1 });
  expect(signup.status).toBe(201);
  const admin = await apiCall<{ token: string }>(base, "POST", "/auth/login", { email: "dona@segura.local", password: "dona-pass-1" });
  await apiCall(base, "POST", "/users", { name: "Agente Seguro", email: "agente@segura.local", password: "agente-pass-1", profile: "user" }, admin.data.token);

  const { page, context } = await stack().newPage();
  await fillLogin(page, "agente@segura.local", "agente-pass-1");
  await page.getByTestId("greeting").waitFor();
  await page.goto(local("/security"));
  await page.getByTestId("totp-start").click();
  await page.getByTestId("password-prompt").getByLabel("Senha", { exact: true }).fill("agente-pass-1");
  await page.getByTestId("password-prompt-submit").click();
  const secret = ((await page.getByTestId("totp-secret").textContent()) ?? "").replace(/\s/g, "");
  const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate();
  await page.getByLabel("Código de 6 dígitos").fill(code);
  await page.getByTestId("totp-confirm").click();
  await page.getByTestId("recovery-codes").waitFor();
  const recovery = (await page.getByTestId("recovery-code").allTextContents())[0];
  await page.getByTestId("codes-done").click();
  await page.getByTestId("codes-left").getByText("10").waitFor();

  // a new sign-in asks for the second step; a recovery code answers it, once
  await page.getByRole("button", { name: "Minha conta" }).click();
  await page.getByRole("menuitem", { name: "Sair" }).click();
  await fillLogin(page, "agente@segura.local", "agente-pass-1");
  await page.getByTestId("second-step").waitFor();
  await page.getByRole("button", { name: "Usar um código de recuperação" }).click();
  await page.getByLabel("Código de recuperação").fill(recovery);
  await page.getByRole("button", { name: "Confirmar" }).click();
  await page.getByTestId("greeting").waitFor();
  await context.close();

  // the admin sees the agent's session and second factor, and the audit log
  const adminPage = await stack().newPage();
  await fillLogin(adminPage.page, "dona@segura.local", "dona-pass-1");
  await adminPage.page.getByTestId("greeting").waitFor();
  await adminPage.page.goto(local("/users"));
  await adminPage.page.getByTestId("user-row").filter({ hasText: "Agente Seguro" }).getByTestId("user-security-open").click();
  await adminPage.page.getByTestId("user-security").getByText("Aplicativo").waitFor();
  expect(await adminPage.page.getByTestId("session-row").count()).toBeGreaterThanOrEqual(1);
  await adminPage.page.keyboard.press("Escape");
  await adminPage.page.goto(local("/audit"));
  await adminPage.page.getByTestId("audit-row").first().waitFor();
  const events = await adminPage.page.getByTestId("audit-event").allTextContents();
  expect(events).toContain("Usou um código de recuperação");
  expect(events).toContain("Ativou o aplicativo autenticador");
  await adminPage.context.close();
}, 120_000);
