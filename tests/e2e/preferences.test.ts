import { expect, test } from "bun:test";
import { signIn, SUPER_EMAIL, SUPER_PASSWORD, setupStack } from "./harness";

const stack = setupStack();

const isDark = (page: import("playwright-core").Page) => page.evaluate(() => document.documentElement.classList.contains("dark"));

test("the theme follows the system, toggles the dark class and persists after reload", async () => {
  const { page, context } = await stack().newPage({ colorScheme: "dark" });
  await page.goto("/login");
  await page.getByRole("heading", { name: "Entrar" }).waitFor();
  expect(await isDark(page)).toBe(true);
  await context.close();

  const light = await stack().newPage({ colorScheme: "light" });
  await signIn(light.page, SUPER_EMAIL, SUPER_PASSWORD);
  expect(await isDark(light.page)).toBe(false);
  await light.page.getByTestId("theme-toggle").click();
  expect(await isDark(light.page)).toBe(true);
  expect(await light.page.evaluate(() => localStorage.getItem("preferredTheme"))).toBe("dark");
  await light.page.reload();
  await light.page.getByTestId("greeting").waitFor();
  expect(await isDark(light.page)).toBe(true);
  await light.page.getByTestId("theme-toggle").click();
  expect(await isDark(light.page)).toBe(false);
  await light.context.close();
});

test("switching the language to English and Spanish changes the visible texts and is remembered", async () => {
  const { page, context } = await stack().newPage();
  await page.goto("/login");
  await page.getByRole("heading", { name: "Entrar" }).waitFor();
  await page.getByTestId("language-menu").click();
  await page.getByRole("menuitem", { name: "English" }).click();
  await page.getByRole("heading", { name: "Sign in" }).waitFor();
  await page.getByLabel("Password", { exact: true }).waitFor();

  await page.getByLabel("Email").fill(SUPER_EMAIL);
  await page.getByLabel("Password", { exact: true }).fill(SUPER_PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.getByText("Hello, Admin").waitFor();
  await page.getByRole("heading", { name: "Welcome, Admin" }).waitFor();
  expect(await page.getByRole("navigation").getByText("Administration").count()).toBe(1);
  expect(await page.getByTestId("active-until").textContent()).toBe("Active until 12/31/2099");

  await page.getByTestId("language-menu").click();
  await page.getByRole("menuitem", { name: "Español" }).click();
  await page.getByText("Hola, Admin").waitFor();
  await page.getByRole("heading", { name: "Bienvenido, Admin" }).waitFor();
  expect(await page.getByTestId("active-until").textContent()).toBe("Activo hasta 31/12/2099");
  expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("es");

  await page.reload();
  await page.getByText("Hola, Admin").waitFor();
  await page.getByRole("navigation").getByRole("link", { name: "Usuarios" }).click();
  await page.getByRole("heading", { name: "Usuarios" }).waitFor();
  await page.getByRole("button", { name: "Agregar usuario" }).waitFor();
  await context.close();
});
