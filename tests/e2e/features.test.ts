import { expect, test } from "bun:test";
import { apiCall, SUPER_EMAIL, SUPER_PASSWORD, setupStack, signIn } from "./harness";

const stack = setupStack();

test("features: the plan decides the menu; the super user grants campaigns beyond it on the companies page; the company may hide them", async () => {
  const base = stack().server.url;
  const root = (await apiCall<{ token: string }>(base, "POST", "/auth/login", { email: SUPER_EMAIL, password: SUPER_PASSWORD })).data.token;
  const off = Object.fromEntries(
    ["useCampaigns", "useSchedules", "useInternalChat", "useExternalApi", "useKanban", "useOpenAi", "useIntegrations"].map((f) => [f, false]),
  );
  const plan = await apiCall<{ id: number }>(
    base,
    "POST",
    "/plans",
    { name: "Essencial", users: 3, connections: 1, queues: 3, value: 29.9, isPublic: true, ...off },
    root,
  );
  expect(plan.status).toBe(201);
  // the old sign-up page asked for campaigns: that is ignored now
  const signup = await apiCall(base, "POST", "/companies/cadastro", {
    name: "Loja Recursos",
    email: "recursos@e2e.local",
    password: "loja-123",
    planId: plan.data.id,
    campaignsEnabled: true,
  });
  expect(signup.status).toBe(201);

  const admin = await stack().newPage();
  await signIn(admin.page, "recursos@e2e.local", "loja-123");
  const nav = admin.page.getByRole("navigation");
  await nav.getByRole("link", { name: "Conexões" }).waitFor();
  // the campaign pages are one group of the menu (its button), absent without the feature
  expect(await nav.getByRole("button", { name: "Campanhas" }).count()).toBe(0);
  expect(await nav.getByRole("link", { name: "Kanban" }).count()).toBe(0);
  await admin.page.goto("/campaigns");
  await admin.page.waitForURL((u) => !u.pathname.startsWith("/campaigns"));

  // Settings › Empresas: the super user grants campaigns to this company beyond its plan.
  const sup = await stack().newPage();
  await signIn(sup.page, SUPER_EMAIL, SUPER_PASSWORD);
  await sup.page.goto("/settings");
  await sup.page.getByRole("tab", { name: "Empresas" }).click();
  const row = sup.page.getByTestId("company-row").filter({ hasText: "Loja Recursos" });
  await row.getByRole("button", { name: "Editar" }).click();
  const dialog = sup.page.getByRole("dialog");
  await dialog.getByTestId("grant-useCampaigns").getByRole("switch").click();
  await dialog.getByText("Concedido além do plano").waitFor();
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await row.getByTestId("company-grants").getByText("+ além do plano: Campanhas").waitFor();

  // The company's admin sees campaigns at the next load; the company may hide them again (live).
  await admin.page.goto("/");
  await nav.getByRole("button", { name: "Campanhas" }).click();
  await nav.getByRole("link", { name: "Todas as campanhas" }).waitFor();
  expect(await nav.getByRole("link", { name: "Kanban" }).count()).toBe(0);
  await admin.page.goto("/settings");
  await admin.page.getByLabel("Campanhas", { exact: true }).click();
  await admin.page.getByRole("option", { name: "Ocultar" }).click();
  await admin.page.getByText("Configuração salva.").first().waitFor();
  await nav.getByRole("button", { name: "Campanhas" }).waitFor({ state: "detached" });
});
