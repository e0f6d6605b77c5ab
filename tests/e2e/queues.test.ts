import { expect, test } from "bun:test";
import { apiCall, signIn, SUPER_EMAIL, SUPER_PASSWORD, setupStack } from "./harness";

const stack = setupStack();

test("queues: an admin builds a queue with a two-level options tree and custom hours", async () => {
  const { page, context } = await stack().newPage();
  await signIn(page, SUPER_EMAIL, SUPER_PASSWORD);
  await page.getByRole("navigation").getByRole("link", { name: "Filas & Chatbot" }).click();
  await page.getByRole("heading", { name: "Filas & Chatbot" }).waitFor();
  await page.getByRole("button", { name: "Adicionar fila" }).click();
  const dialog = page.getByRole("dialog");

  // A new queue starts with a free colour (a swatch, not an empty field); the name is required.
  expect(await dialog.getByLabel("Cor", { exact: true }).inputValue()).toMatch(/^#[0-9a-f]{6}$/);
  await dialog.getByTestId("queue-save").click();
  expect(await dialog.getByText("Obrigatório").count()).toBe(1);
  await dialog.getByLabel("Nome").fill("Comercial");
  await dialog.getByRole("button", { name: "Escolher cor" }).click();
  expect(await page.getByTestId("palette-color").count()).toBe(50);
  await page.getByTestId("palette-color").nth(17).click();
  await dialog.getByLabel("Mensagem de saudação").fill("Olá! Escolha uma opção:");
  await dialog.getByText("Salve a fila para adicionar anexo e opções do chatbot.").waitFor();
  await dialog.getByTestId("queue-save").click();
  await page.getByText("Fila salva.").waitFor();

  // The saved queue stays open with its options tree: one root option with a child.
  await dialog.getByRole("button", { name: "Adicionar opção" }).click();
  await dialog.getByLabel("Título").fill("Planos");
  await dialog.getByLabel("Mensagem", { exact: true }).fill("Conheça nossos planos");
  await dialog.getByRole("button", { name: "Salvar opção" }).click();
  await dialog.getByTestId("option-node").filter({ hasText: "Planos" }).waitFor();
  await dialog.getByTestId("option-node").filter({ hasText: "Planos" }).getByRole("button", { name: "Adicionar sub-opção" }).click();
  await dialog.getByLabel("Título").fill("Plano Ouro");
  await dialog.getByRole("button", { name: "Salvar opção" }).click();
  await dialog.getByTestId("option-node").filter({ hasText: "Plano Ouro" }).waitFor();

  // Service hours: editing shows the "click save" notice; saving records them and closes.
  await dialog.getByRole("tab", { name: "Horários de atendimento" }).click();
  expect(await dialog.getByTestId("hours-notice").count()).toBe(0);
  await dialog.getByLabel("Sábado Fim").fill("13:30");
  await dialog.getByText("Clique em salvar para registrar as alterações.").waitFor();
  await dialog.getByTestId("queue-save").click();
  await dialog.waitFor({ state: "detached" });
  const row = page.getByTestId("queue-row").filter({ hasText: "Comercial" });
  await row.waitFor();

  const token = await page.evaluate(() => localStorage.getItem("token"));
  const queues = await apiCall<{ id: number; color: string; schedules: { weekdayEn: string; endTime: string }[] }[]>(
    stack().server.url,
    "GET",
    "/queue",
    undefined,
    token!,
  );
  const q = queues.data[0];
  expect(q.color).toBe("#16a34a");
  expect(q.schedules.find((d) => d.weekdayEn === "saturday")?.endTime).toBe("13:30");
  const opts = await apiCall<{ id: number; parentId: number | null; title: string }[]>(
    stack().server.url,
    "GET",
    `/queue-options?queueId=${q.id}`,
    undefined,
    token!,
  );
  const root = opts.data.find((o) => o.title === "Planos")!;
  expect(root.parentId).toBeNull();
  expect(opts.data.find((o) => o.title === "Plano Ouro")?.parentId).toBe(root.id);

  // Realtime: a queue created elsewhere appears.
  await apiCall(stack().server.url, "POST", "/queue", { name: "Suporte", color: "#2563eb" }, token!);
  await page.getByTestId("queue-row").filter({ hasText: "Suporte" }).waitFor();
  await context.close();
}, 90_000);
