import { expect, test } from "bun:test";
import { apiCall, SUPER_EMAIL, SUPER_PASSWORD, setupStack, signIn } from "./harness";

// one second of campaign pacing = 40 ms: messageInterval 5 → ~200 ms between messages, slow enough to watch
const stack = setupStack(() => ({ CAMPAIGN_SECOND_MS: "40" }));

test("start now from the list: the campaign starts at once and its row's progress follows live; an opted-out contact is skipped and counted", async () => {
  const base = stack().server.url;
  const login = async (email: string, password: string) => (await apiCall<{ token: string }>(base, "POST", "/auth/login", { email, password })).data.token;
  // the browser signs in as the super user (one session per user): the test's own calls use another admin
  const root = await login(SUPER_EMAIL, SUPER_PASSWORD);
  expect(
    (await apiCall(base, "POST", "/users", { name: "Operações", email: "ops.start@e2e.local", password: "ops-pass-123", profile: "admin" }, root)).status,
  ).toBe(201);
  const token = await login("ops.start@e2e.local", "ops-pass-123");
  const conn = await apiCall<{ id: number }>(base, "POST", "/whatsapp", { name: "Sandbox Já", channel: "sandbox" }, token);
  await apiCall(base, "POST", "/campaign-settings", { settings: { messageInterval: 5, longerIntervalAfter: 0 } }, token);
  const list = await apiCall<{ id: number }>(base, "POST", "/contact-lists", { name: "Clientes Já" }, token);
  const numbers = Array.from({ length: 10 }, (_, i) => `5511977${String(100000 + i)}`);
  for (const [i, number] of numbers.entries()) {
    expect((await apiCall(base, "POST", "/contact-list-items", { contactListId: list.data.id, name: `Cliente ${i + 1}`, number }, token)).status).toBe(201);
  }
  // one of them said no to campaigns before
  const out = await apiCall<{ id: number }>(base, "POST", "/contacts", { name: "Cliente 3", number: numbers[2] }, token);
  expect((await apiCall(base, "PUT", `/contacts/${out.data.id}/opt-out`, { optedOut: true }, token)).status).toBe(200);
  const draft = await apiCall<{ id: number; status: string }>(
    base,
    "POST",
    "/campaigns",
    { name: "Oferta Relâmpago", message1: "Só hoje, {nome}!", whatsappId: conn.data.id, contactListId: list.data.id },
    token,
  );
  expect(draft.data.status).toBe("INATIVA");

  const { page, context } = await stack().newPage();
  await signIn(page, SUPER_EMAIL, SUPER_PASSWORD);
  // the menu folds the campaign pages into one group
  await page.getByRole("navigation").getByRole("button", { name: "Campanhas" }).click();
  await page.getByRole("navigation").getByRole("link", { name: "Campanhas" }).click();
  const row = page.getByTestId("campaign-row").filter({ hasText: "Oferta Relâmpago" });
  await row.getByText("Inativa").waitFor();
  // the actions say what they do
  await row.getByRole("button", { name: "Iniciar agora" }).click();
  await page.getByText("Campanha iniciada", { exact: false }).first().waitFor();
  await row.getByText("Em Andamento").waitFor();
  await row.getByRole("button", { name: "Parar campanha" }).waitFor();
  expect(await row.getByRole("button", { name: "Iniciar agora" }).count()).toBe(0);

  // the progress moves on the row without a reload: several different counts are seen on the way
  const progress = row.getByTestId("campaign-delivered");
  const seen = new Set<string>();
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    seen.add(((await progress.textContent()) ?? "").trim());
    if (seen.has("9 de 10 entregues")) break;
    await page.waitForTimeout(50);
  }
  expect(seen.has("9 de 10 entregues")).toBe(true);
  expect([...seen].filter((x) => /^\d+ de 10 entregues$/.test(x)).length).toBeGreaterThanOrEqual(3);
  await row.getByTestId("campaign-skipped").getByText("1 descadastrado").waitFor();
  await row.getByText("Finalizada").waitFor({ timeout: 10_000 });

  // the report counts the skip; the opted-out contact got nothing
  await row.getByRole("button", { name: "Relatório" }).click();
  await page.getByTestId("card-skipped").getByText("1").waitFor();
  await page.getByTestId("shipment-row").filter({ hasText: "Cliente 3" }).getByText("Descadastrado").waitFor();
  const phone = await apiCall<{ messages: { direction: string }[] }>(
    base,
    "GET",
    `/sandbox/${conn.data.id}/conversation?number=${numbers[2]}`,
    undefined,
    token,
  );
  expect(phone.data.messages.filter((m) => m.direction === "out")).toEqual([]);

  // the admin sees and edits the opt-out words in the campaign settings
  await page.goto("/campaigns-config");
  const words = page.getByTestId("opt-out-words");
  await words.getByText("SAIR", { exact: true }).waitFor();
  await page.getByLabel("Nova palavra").fill("chega");
  await page.getByRole("button", { name: "Adicionar palavra" }).click();
  await words.getByText("CHEGA", { exact: true }).waitFor();
  await page.getByTestId("campaign-settings-save").click();
  await page.getByText("Configurações salvas").first().waitFor();
  const saved = await apiCall<{ key: string; value: string }[]>(base, "GET", "/campaign-settings", undefined, token);
  expect(JSON.parse(saved.data.find((s) => s.key === "optOutWords")!.value)).toContain("CHEGA");

  // and on the contact: opted out since…, with the way back
  await page.goto("/contacts");
  const contactRow = page.getByTestId("contact-row").filter({ hasText: "Cliente 3" });
  await contactRow.getByTestId("contact-opted-out").waitFor();
  await contactRow.getByRole("button", { name: "Editar" }).click();
  const optOut = page.getByRole("dialog").getByTestId("contact-opt-out");
  await optOut.getByText("Não recebe campanhas desde", { exact: false }).waitFor();
  await optOut.getByRole("button", { name: "Voltar a receber campanhas" }).click();
  await optOut.getByText("Recebe campanhas.").waitFor();
  expect(await optOut.getAttribute("data-opted-out")).toBe("false");
  await context.close();
}, 90_000);
