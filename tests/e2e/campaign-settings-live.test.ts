import { expect, test } from "bun:test";
import { apiCall, SUPER_EMAIL, SUPER_PASSWORD, setupStack, signIn } from "./harness";

const stack = setupStack();

test("campaign settings saved by another manager reach an open settings page: untouched fields follow, the user's own edit stays", async () => {
  const base = stack().server.url;
  const login = async (email: string, password: string) => (await apiCall<{ token: string }>(base, "POST", "/auth/login", { email, password })).data.token;
  // the browser signs in as the super user (one session per user): the other manager is another admin
  const root = await login(SUPER_EMAIL, SUPER_PASSWORD);
  const other = { name: "Outra gerente", email: "outra.gerente@e2e.local", password: "ops-pass-123", profile: "admin" };
  expect((await apiCall(base, "POST", "/users", other, root)).status).toBe(201);
  const token = await login(other.email, other.password);

  const { page, context } = await stack().newPage();
  await signIn(page, SUPER_EMAIL, SUPER_PASSWORD);
  await page.goto("/campaigns-config");
  const card = page.getByTestId("campaign-settings");
  const daily = page.getByLabel("Limite diário por conexão");
  await daily.waitFor();
  expect(await daily.inputValue()).toBe("0");
  await card.getByText("20 segundos").first().waitFor();
  // the user starts changing the daily limit and has not saved yet
  await daily.fill("300");

  // meanwhile the other manager saves a shorter interval and another daily limit
  const saved = await apiCall(base, "POST", "/campaign-settings", { settings: { messageInterval: 10, dailyLimit: 50 } }, token);
  expect(saved.status).toBe(200);

  await page.getByText("Outra pessoa alterou estas configurações", { exact: false }).first().waitFor();
  await card.getByText("10 segundos").first().waitFor();
  expect(await daily.inputValue()).toBe("300");

  // the user's save now holds both: their limit and the other manager's interval
  await page.getByTestId("campaign-settings-save").click();
  await page.getByText("Configurações salvas").first().waitFor();
  const after = await apiCall<{ key: string; value: string }[]>(base, "GET", "/campaign-settings", undefined, token);
  const value = (key: string) => JSON.parse(after.data.find((s) => s.key === key)!.value);
  expect(value("dailyLimit")).toBe(300);
  expect(value("messageInterval")).toBe(10);
  await context.close();
}, 60_000);
