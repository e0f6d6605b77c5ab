import { expect, test } from "bun:test";
import { apiCall, signIn, SUPER_EMAIL, SUPER_PASSWORD, setupStack } from "./harness";

const stack = setupStack();

type Setting = { key: string; value: string };
const settingOf = (list: Setting[], key: string) => list.find((s) => s.key === key)?.value;

test("settings: an admin turns on ratings and company hours, edits Monday and finds it after a reload", async () => {
  const { page, context } = await stack().newPage();
  await signIn(page, SUPER_EMAIL, SUPER_PASSWORD);
  await page.getByRole("navigation").getByRole("link", { name: "Configurações" }).click();
  await page.getByRole("heading", { name: "Configurações" }).waitFor();
  await page.getByRole("tab", { name: "Opções" }).waitFor();
  // The seeded company manages hours per queue, so there is no Horários tab yet.
  expect(await page.getByRole("tab", { name: "Horários" }).count()).toBe(0);
  const token = (await page.evaluate(() => localStorage.getItem("token")))!;
  const companyId = Number(await page.evaluate(() => localStorage.getItem("companyId")));

  await page.getByLabel("Avaliações").click();
  await page.getByRole("option", { name: "Habilitado" }).click();
  await page.getByText("Configuração salva.").first().waitFor();
  await page.getByLabel("Gerenciamento de expediente").click();
  await page.getByRole("option", { name: "Empresa" }).click();
  await page.getByRole("tab", { name: "Horários" }).waitFor();
  // The tab shows as soon as the option is chosen; the save's answer may come a moment later.
  let saved = await apiCall<Setting[]>(stack().server.url, "GET", "/settings", undefined, token);
  for (let end = Date.now() + 5000; settingOf(saved.data, "scheduleType") !== "company" && Date.now() < end; ) {
    await Bun.sleep(100);
    saved = await apiCall<Setting[]>(stack().server.url, "GET", "/settings", undefined, token);
  }
  expect(settingOf(saved.data, "userRating")).toBe("enabled");
  expect(settingOf(saved.data, "scheduleType")).toBe("company");

  // Horários: editing shows the "click save" notice; Save records the week.
  await page.getByRole("tab", { name: "Horários" }).click();
  await page.getByLabel("Segunda-feira Início").waitFor();
  expect(await page.getByTestId("hours-notice").count()).toBe(0);
  await page.getByLabel("Segunda-feira Início").fill("09:15");
  await page.getByLabel("Segunda-feira Fim").fill("17:45");
  await page.getByText("Clique em salvar para registrar as alterações.").waitFor();
  await page.getByTestId("schedules-save").click();
  await page.getByText("Horários salvos.").waitFor();
  await page.getByTestId("hours-notice").waitFor({ state: "detached" });
  const company = await apiCall<{ schedules: { weekdayEn: string; startTime: string; endTime: string }[] }>(
    stack().server.url,
    "GET",
    `/companies/${companyId}`,
    undefined,
    token,
  );
  expect(company.data.schedules.find((d) => d.weekdayEn === "monday")).toMatchObject({ startTime: "09:15", endTime: "17:45" });

  await page.reload();
  await page.getByRole("tab", { name: "Horários" }).click();
  await page.getByLabel("Segunda-feira Início").waitFor();
  expect(await page.getByLabel("Segunda-feira Início").inputValue()).toBe("09:15");
  expect(await page.getByLabel("Segunda-feira Fim").inputValue()).toBe("17:45");

  // Realtime: another admin switches company hours off; the tab goes away and Opções follows.
  await apiCall(stack().server.url, "PUT", "/settings/scheduleType", { key: "scheduleType", value: "queue" }, token);
  await page.getByRole("tab", { name: "Horários" }).waitFor({ state: "detached" });
  await page.getByLabel("Gerenciamento de expediente").getByText("Fila").waitFor();
  await context.close();
}, 90_000);

test("settings: an agent has no Settings item and cannot open /settings", async () => {
  const login = await apiCall<{ token: string }>(stack().server.url, "POST", "/auth/login", { email: SUPER_EMAIL, password: SUPER_PASSWORD });
  const created = await apiCall(
    stack().server.url,
    "POST",
    "/users",
    { name: "Ana Agente", email: "ana.settings@e2e.local", password: "ana-123", profile: "user" },
    login.data.token,
  );
  expect(created.status).toBe(201);
  const { page, context } = await stack().newPage();
  await signIn(page, "ana.settings@e2e.local", "ana-123");
  await page.getByRole("navigation").getByRole("link", { name: "Atendimentos" }).waitFor();
  expect(await page.getByRole("navigation").getByRole("link", { name: "Configurações" }).count()).toBe(0);
  await page.goto("/settings");
  await page.getByText("Acesso não permitido").first().waitFor();
  await page.waitForURL((url) => url.pathname !== "/settings");
  expect(await page.getByRole("heading", { name: "Configurações" }).count()).toBe(0);
  await context.close();
}, 60_000);
