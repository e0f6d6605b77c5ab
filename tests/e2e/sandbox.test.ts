import { expect, test } from "bun:test";
import { apiCall, signIn, SUPER_EMAIL, SUPER_PASSWORD, setupStack } from "./harness";

const stack = setupStack();

test("sandbox: an admin creates a sandbox connection, writes as a customer and sees the ticket and the reply", async () => {
  const { page, context } = await stack().newPage();
  await signIn(page, SUPER_EMAIL, SUPER_PASSWORD);
  const nav = page.getByRole("navigation");
  await nav.getByRole("link", { name: "Conexões" }).click();
  await page.getByRole("heading", { name: "Conexões" }).waitFor();

  // A new sandbox connection: connected at once, the company's default.
  await page.getByTestId("connection-add").click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Nome", { exact: true }).fill("Telefone de teste");
  await dialog.getByRole("button", { name: "WhatsApp" }).click();
  await page.getByRole("option", { name: "Sandbox (telefone simulado)" }).click();
  await dialog.getByTestId("connection-save").click();
  await page.getByText("Conexão salva.").waitFor();
  const row = page.getByTestId("connection-row").filter({ hasText: "Telefone de teste" });
  await row.getByText("Conectado").waitFor();
  await row.getByTestId("connection-health").waitFor();

  // Disconnect → the drawer badge appears (checked 2 s after the change); try again → it goes away.
  await row.getByTestId("session-disconnect").click();
  await row.getByText("Desconectado").waitFor();
  await nav.getByTestId("menu-alert").waitFor({ timeout: 5_000 });
  await row.getByTestId("session-retry").click();
  await row.getByText("Conectado").waitFor();
  await nav.getByTestId("menu-alert").waitFor({ state: "detached", timeout: 5_000 });

  // The phone: a new customer writes to the company.
  await row.getByTestId("open-sandbox").click();
  await page.getByRole("heading", { name: "Telefone simulado" }).waitFor();
  await page.getByLabel("Nome do cliente").fill("Maria Teste");
  await page.getByLabel("Número (com DDI e DDD)").fill("5511987650001");
  await page.getByRole("button", { name: "Abrir conversa" }).click();
  await page.getByTestId("sandbox-input").fill("Olá, preciso de ajuda");
  await page.getByTestId("sandbox-send").click();
  const mine = page.getByTestId("sandbox-bubble").filter({ hasText: "Olá, preciso de ajuda" });
  await mine.waitFor();
  expect(await mine.getAttribute("data-direction")).toBe("in");
  await page.getByTestId("sandbox-customer").filter({ hasText: "Maria Teste" }).waitFor();

  // The ticket exists for the agents (pending, on this connection).
  const token = (await page.evaluate(() => localStorage.getItem("token")))!;
  const pending = await apiCall<{ tickets: { id: number; contact: { name: string } }[] }>(
    stack().server.url,
    "GET",
    "/tickets?status=pending&showAll=true",
    undefined,
    token,
  );
  const ticket = pending.data.tickets.find((x) => x.contact.name === "Maria Teste");
  expect(ticket).toBeTruthy();

  // An agent answers (through the API here): the reply reaches the phone, live, and ends read (ack 4).
  expect((await apiCall(stack().server.url, "PUT", `/tickets/${ticket!.id}`, { status: "open" }, token)).status).toBe(200);
  const reply = await apiCall(stack().server.url, "POST", `/messages/${ticket!.id}`, { body: "Olá Maria! Como posso ajudar?" }, token);
  expect(reply.status).toBe(201);
  const theirs = page.getByTestId("sandbox-bubble").filter({ hasText: "Olá Maria! Como posso ajudar?" });
  await theirs.waitFor();
  expect(await theirs.getAttribute("data-direction")).toBe("out");
  await page.locator('[data-testid="sandbox-bubble"][data-direction="out"][data-ack="4"]').waitFor({ timeout: 5_000 });
  // WhatsApp formatting shows on the phone as in the chat: bold, italic, strike, monospace; 24-hour times.
  await apiCall(stack().server.url, "POST", `/messages/${ticket!.id}`, { body: "Seu *pedido* está _pronto_, ~amanhã~ hoje: ```#1234```" }, token);
  const formatted = page.getByTestId("sandbox-text").filter({ hasText: "Seu pedido está pronto" });
  await formatted.waitFor();
  expect(await formatted.innerHTML()).toContain("<strong>pedido</strong>");
  expect(await formatted.locator("em").textContent()).toBe("pronto");
  expect(await formatted.locator("del").textContent()).toBe("amanhã");
  expect(await formatted.locator("code").textContent()).toBe("#1234");
  const time = await page.getByTestId("sandbox-bubble").last().textContent();
  expect(time).toMatch(/([01]\d|2[0-3]):[0-5]\d$/);
  expect(time).not.toMatch(/\b(AM|PM)\b/);

  // The tickets screen shows the customer's ticket (now open with this admin), when that screen exists.
  await page.goto("/tickets");
  const hasTicketsScreen = await page
    .getByTestId("tickets-page")
    .waitFor({ timeout: 5_000 })
    .then(() => true)
    .catch(() => false);
  if (hasTicketsScreen) await page.getByTestId("ticket-card").filter({ hasText: "Maria Teste" }).first().waitFor({ timeout: 10_000 });
  await context.close();
}, 90_000);
