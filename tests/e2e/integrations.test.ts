import { afterAll, expect, test } from "bun:test";
import { apiCall, signIn, SUPER_EMAIL, SUPER_PASSWORD, setupStack } from "./harness";

/** A loopback server playing Typebot and an OpenAI-compatible model for the real server process. */
const rich = (text: string) => ({ type: "text", content: { richText: [{ type: "p", children: [{ text }] }] } });
const svc = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  async fetch(req) {
    const path = new URL(req.url).pathname;
    const body = (await req.json().catch(() => ({}))) as { message?: string; messages?: { content: string }[] };
    if (path.endsWith("/startChat")) return Response.json({ sessionId: "e2e", messages: [rich("Bem-vindo ao robô!")] });
    if (path.includes("/continueChat"))
      return Response.json({ messages: body.message === "atendente" ? [rich('#{"stopBot":true}')] : [rich(`Você disse: ${body.message}`)] });
    if (path === "/v1/chat/completions") {
      const last = body.messages?.at(-1)?.content ?? "";
      const content = last.includes("pessoa") ? "Ação: Transferir para o setor de atendimento Um momento." : "Olá! Sou a assistente.";
      return Response.json({
        id: "x",
        object: "chat.completion",
        created: 1,
        model: "m",
        choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content } }],
      });
    }
    return new Response("no", { status: 404 });
  },
});
afterAll(() => svc.stop(true));
const SVC = `http://127.0.0.1:${svc.port}`;
const stack = setupStack(() => ({ OPENAI_BASE_URL: `${SVC}/v1` }));

test("integrations and prompts: set up in the browser, a Typebot flow and an assistant answer sandbox customers and hand over", async () => {
  const { page } = await stack().newPage();
  await signIn(page, SUPER_EMAIL, SUPER_PASSWORD);
  const base = stack().server.url;
  const token = (await page.evaluate(() => localStorage.getItem("token")))!;
  const api = <T = { id: number }>(method: string, path: string, body?: unknown) => apiCall<T>(base, method, path, body, token);
  const robo = (await api("POST", "/queue", { name: "Robô", color: "#aa3300" })).data.id;
  const humanos = (await api("POST", "/queue", { name: "Humanos", color: "#0033aa" })).data.id;
  const nav = page.getByRole("navigation");

  // Integrations: the dialog follows the type; Test talks to the flow; saved with its logo.
  await nav.getByRole("link", { name: "Integrações" }).click();
  await page.getByRole("heading", { name: "Integrações" }).waitFor();
  await page.getByRole("button", { name: "Adicionar integração" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Nome", { exact: true }).fill("Robô loja");
  await dialog.getByLabel("URL").fill(SVC);
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await dialog.getByText("Obrigatório").waitFor(); // the slug
  await dialog.getByLabel("Typebot slug").fill("loja");
  await dialog.getByTestId("integration-test").click();
  await page.getByText("Teste concluído. Resposta: Bem-vindo ao robô!").waitFor();
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await page.getByText("Integração adicionada.").waitFor();
  const row = page.getByTestId("integration-row").filter({ hasText: "Robô loja" });
  await row.getByRole("img", { name: "Typebot" }).waitFor();

  // Prompts: the queue is required ("Informe o setor"); the key never comes back.
  await nav.getByRole("link", { name: "Open.AI" }).click();
  await page.getByRole("button", { name: "Adicionar prompt" }).click();
  await dialog.getByLabel("Nome", { exact: true }).fill("Assistente da loja");
  await dialog.getByLabel("Chave da API").fill("sk-e2e-secret-123456");
  await dialog.getByLabel("Prompt", { exact: true }).fill("Você é a assistente da loja. Responda com educação sobre pedidos, prazos e trocas.");
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await dialog.getByText("Informe o setor").waitFor();
  await dialog.getByRole("button", { name: "Setor" }).click();
  await page.getByRole("option", { name: "Humanos" }).click();
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await page.getByText("Prompt salvo.").waitFor();
  await page.getByTestId("prompt-row").filter({ hasText: "Humanos" }).waitFor();
  const prompts = await api<{ prompts: { id: number; apiKey: string }[] }>("GET", "/prompt");
  expect(prompts.data.prompts[0].apiKey).not.toContain("secret");

  // The queue dialog picks the integration.
  await nav.getByRole("link", { name: "Filas & Chatbot" }).click();
  await page.getByRole("row").filter({ hasText: "Robô" }).getByRole("button", { name: "Editar" }).click();
  await dialog.getByRole("button", { name: "Integração" }).click();
  await page.getByRole("option", { name: "Robô loja" }).click();
  await dialog.getByTestId("queue-save").click();
  await page.getByText("Fila salva.").waitFor();
  const ia = (await api("POST", "/queue", { name: "IA", color: "#00aa33", promptId: prompts.data.prompts[0].id })).data.id;

  // Customers write on two sandbox lines: one reaches the flow, the other the assistant.
  const line = async (name: string, queueId: number) => (await api("POST", "/whatsapp", { name, channel: "sandbox", queueIds: [queueId] })).data.id;
  const flowLine = await line("Linha robô", robo);
  const aiLine = await line("Linha IA", ia);
  const write = (conn: number, number: string, body: string) => api("POST", `/sandbox/${conn}/messages`, { number, name: "Cliente", body });
  const outTexts = async (conn: number, number: string) =>
    (await api<{ messages: { direction: string; body: string }[] }>("GET", `/sandbox/${conn}/conversation?number=${number}`)).data.messages
      .filter((m) => m.direction === "out")
      .map((m) => m.body);
  const until = async (fn: () => boolean | Promise<boolean>) => {
    for (let i = 0; i < 50 && !(await fn()); i++) await Bun.sleep(100);
    expect(await fn()).toBe(true);
  };
  await write(flowLine, "5511955550001", "oi");
  await until(async () => (await outTexts(flowLine, "5511955550001")).includes("Bem-vindo ao robô!"));
  await write(flowLine, "5511955550001", "pedido 12");
  await until(async () => (await outTexts(flowLine, "5511955550001")).includes("Você disse: pedido 12"));
  await write(flowLine, "5511955550001", "atendente");
  await write(aiLine, "5511955550002", "oi");
  await until(async () => (await outTexts(aiLine, "5511955550002")).includes("Olá! Sou a assistente."));
  await write(aiLine, "5511955550002", "quero falar com uma pessoa");
  await until(async () => (await outTexts(aiLine, "5511955550002")).includes("Um momento."));

  // Both tickets now wait for people: the flow's in its queue, the assistant's in the prompt's queue.
  await until(async () => {
    const p = await api<{ tickets: { contact: { number: string }; useIntegration: boolean }[] }>("GET", "/tickets?status=pending&showAll=true");
    return p.data.tickets.filter((t) => t.contact.number.startsWith("551195555000") && !t.useIntegration).length === 2;
  });
  const pending = await api<{ tickets: { contact: { number: string }; queueId: number }[] }>("GET", "/tickets?status=pending&showAll=true");
  expect(pending.data.tickets.find((t) => t.contact.number === "5511955550001")?.queueId).toBe(robo);
  await until(async () => {
    const p = await api<{ tickets: { contact: { number: string }; queueId: number }[] }>("GET", "/tickets?status=pending&showAll=true");
    return p.data.tickets.find((t) => t.contact.number === "5511955550002")?.queueId === humanos;
  });
}, 60_000);

test("a company whose plan has no integrations gets the spec's notice and goes to /", async () => {
  const base = stack().server.url;
  const root = (await apiCall<{ token: string }>(base, "POST", "/auth/login", { email: SUPER_EMAIL, password: SUPER_PASSWORD })).data.token;
  const plan = await apiCall<{ id: number }>(
    base,
    "POST",
    "/plans",
    { name: "Sem integrações", users: 3, connections: 1, queues: 3, value: "10", useIntegrations: false, useOpenAi: false },
    root,
  );
  expect(plan.status).toBe(201);
  const company = await apiCall(
    base,
    "POST",
    "/companies",
    { name: "Loja Básica", email: "basica@e2e.local", password: "basica-123", planId: plan.data.id },
    root,
  );
  expect(company.status).toBe(201);
  const { page } = await stack().newPage();
  await signIn(page, "basica@e2e.local", "basica-123");
  expect(await page.getByRole("navigation").getByRole("link", { name: "Integrações" }).count()).toBe(0);
  expect(await page.getByRole("navigation").getByRole("link", { name: "Open.AI" }).count()).toBe(0);
  await page.goto(`${base}/queue-integration`);
  await page.getByText("Sua empresa não tem acesso a esta página. Voltando ao início.").waitFor();
  await page.waitForURL(`${base}/`);
}, 30_000);
