import { beforeAll, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { apiCall, signIn, SUPER_EMAIL, SUPER_PASSWORD, setupStack } from "./harness";

/**
 * Issue 5's story as one browser test: from the sandbox phone a customer walks a two-level queue menu,
 * lands in a queue, is answered by an agent, rates the service and gets the completion message, all
 * live in the agent's browser. A second customer choosing a closed queue gets its out-of-hours text.
 */
const stack = setupStack();
const world = { base: "", admin: "", connId: 0 };
const closedAllWeek = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map((d) => ({
  weekday: d,
  weekdayEn: d,
  startTime: "00:00",
  endTime: "00:00",
}));

beforeAll(async () => {
  const base = stack().server.url;
  const admin = (await apiCall<{ token: string }>(base, "POST", "/auth/login", { email: SUPER_EMAIL, password: SUPER_PASSWORD })).data.token;
  const q = async (body: Record<string, unknown>) => (await apiCall<{ id: number }>(base, "POST", "/queue", body, admin)).data.id;
  const vendas = await q({ name: "Vendas", color: "#16a34a", greetingMessage: "Bem-vindo a Vendas!", orderQueue: 1 });
  const suporte = await q({
    name: "Suporte",
    color: "#2563eb",
    greetingMessage: "Bem-vindo ao Suporte!",
    outOfHoursMessage: "O Suporte está fechado agora.",
    orderQueue: 2,
    schedules: closedAllWeek,
  });
  const opt = async (title: string, option: string, message: string, parentId?: number) =>
    (await apiCall<{ id: number }>(base, "POST", "/queue-options", { queueId: vendas, title, option, message, parentId }, admin)).data.id;
  const planos = await opt("Planos", "1", "Nossos planos:");
  await opt("Preços", "2", "Tabela de preços");
  await opt("Mensal", "1", "Plano mensal: R$ 30", planos);
  await opt("Anual", "2", "Plano anual: R$ 300", planos);
  const vera = await apiCall(
    base,
    "POST",
    "/users",
    { name: "Vera Vendas", email: "vera@e2e.local", password: "vera-123", profile: "user", queueIds: [vendas] },
    admin,
  );
  expect(vera.status).toBe(201);
  for (const [key, value] of [
    ["userRating", "enabled"],
    ["scheduleType", "queue"],
  ]) {
    expect((await apiCall(base, "PUT", `/settings/${key}`, { value }, admin)).status).toBe(200);
  }
  const conn = await apiCall<{ id: number }>(
    base,
    "POST",
    "/whatsapp",
    {
      name: "Loja Sandbox",
      channel: "sandbox",
      greetingMessage: "Olá {{firstName}}! Escolha um setor:",
      complationMessage: "Obrigado pelo contato, {{firstName}}!",
      ratingMessage: "Como foi nosso atendimento?",
      queueIds: [vendas, suporte],
    },
    admin,
  );
  expect(conn.status).toBe(201);
  Object.assign(world, { base, admin, connId: conn.data.id });
}, 60_000);

/** Opens the phone as a customer (name, number). */
async function openPhone(page: Page, name: string, number: string) {
  await page.goto(`/sandbox/${world.connId}`);
  await page.getByRole("heading", { name: "Telefone simulado" }).waitFor();
  await page.getByLabel("Nome do cliente").fill(name);
  await page.getByLabel("Número (com DDI e DDD)").fill(number);
  await page.getByRole("button", { name: "Abrir conversa" }).click();
}

/** The customer sends a text and waits for the company's answer containing `expect`. */
async function say(page: Page, text: string, reply: string) {
  await page.getByTestId("sandbox-input").fill(text);
  await page.getByTestId("sandbox-send").click();
  try {
    await page.locator('[data-testid="sandbox-bubble"][data-direction="out"]').filter({ hasText: reply }).last().waitFor({ timeout: 15_000 });
  } catch (e) {
    // Say what the phone shows and what the server logged, so a failure here explains itself.
    const bubbles = await page.getByTestId("sandbox-bubble").allTextContents();
    console.error(`phone shows: ${JSON.stringify(bubbles)}\nserver log tail:\n${stack().server.logs().slice(-3000)}`);
    throw e;
  }
}

test("menu walk, agent answer, rating and completion message, live", async () => {
  const phone = await stack().newPage();
  const agent = await stack().newPage();
  await signIn(phone.page, SUPER_EMAIL, SUPER_PASSWORD);
  await signIn(agent.page, "vera@e2e.local", "vera-123");
  await agent.page.getByRole("navigation").getByRole("link", { name: "Atendimentos" }).click();
  await agent.page.getByTestId("tickets-manager").waitFor();
  await agent.page.getByTestId("tab-pending").click();
  await Bun.sleep(500);

  await openPhone(phone.page, "Carlos Cliente", "5511912345678");
  await say(phone.page, "oi", "Olá Carlos! Escolha um setor:");
  await phone.page.locator('[data-testid="sandbox-bubble"][data-direction="out"]').filter({ hasText: "Suporte" }).last().waitFor();
  await say(phone.page, "1", "Bem-vindo a Vendas!");
  await say(phone.page, "1", "Nossos planos:");
  await say(phone.page, "2", "Plano anual: R$ 300");

  // The agent of Vendas sees the ticket arrive live in the waiting list, in the Vendas queue.
  const card = agent.page.getByTestId("ticket-card").filter({ hasText: "Carlos Cliente" });
  await card.waitFor({ timeout: 10_000 });
  await card.getByText("Vendas").first().waitFor();
  // the top bar's bell counts the ticket with unread messages; reading it clears the count
  await agent.page.getByTestId("notifications-count").waitFor({ timeout: 10_000 });
  await agent.page.getByTestId("notifications").click();
  await agent.page.getByTestId("notifications-item").filter({ hasText: "Carlos Cliente" }).waitFor();
  await agent.page.keyboard.press("Escape");
  await card.getByRole("button", { name: "Aceitar" }).click();
  await agent.page.getByTestId("chat").waitFor();
  await agent.page.getByTestId("notifications-count").waitFor({ state: "detached", timeout: 10_000 });
  await agent.page.getByTestId("message").filter({ hasText: "Plano anual: R$ 300" }).waitFor();
  await agent.page.getByTestId("message-input").fill("Olá Carlos, fecho o plano anual para você?");
  await agent.page.getByTestId("message-input").press("Enter");
  await phone.page.locator('[data-testid="sandbox-bubble"][data-direction="out"]').filter({ hasText: "fecho o plano anual" }).waitFor({ timeout: 10_000 });
  await say(phone.page, "Sim, pode fechar!", "fecho o plano anual");
  await agent.page.getByTestId("message").filter({ hasText: "Sim, pode fechar!" }).waitFor({ timeout: 10_000 });

  // Resolving asks the customer for a rating; the answer closes the ticket with the completion message.
  await agent.page.getByTestId("resolve").click();
  await phone.page.locator('[data-testid="sandbox-bubble"][data-direction="out"]').filter({ hasText: "Digite de 1 a 3" }).waitFor({ timeout: 10_000 });
  await say(phone.page, "3", "Obrigado pelo contato, Carlos!");
  // (the super admin signed in on the phone's browser, so the API needs the session token stored there)
  const token = (await phone.page.evaluate(() => localStorage.getItem("token")))!;
  const tickets = await apiCall<{ tickets: { id: number; status: string; contact: { name: string } }[] }>(
    world.base,
    "GET",
    "/tickets?status=closed&showAll=true",
    undefined,
    token,
  );
  expect(tickets.data.tickets.find((x) => x.contact.name === "Carlos Cliente")?.status).toBe("closed");
  await agent.page.getByTestId("main-closed").click();
  await agent.page.getByTestId("ticket-card").filter({ hasText: "Carlos Cliente" }).waitFor({ timeout: 10_000 });
  await phone.context.close();
  await agent.context.close();
}, 120_000);

test("a queue outside its hours answers with its out-of-hours text", async () => {
  const phone = await stack().newPage();
  await signIn(phone.page, SUPER_EMAIL, SUPER_PASSWORD);
  await openPhone(phone.page, "Noêmia Noturna", "5511987654321");
  await say(phone.page, "boa noite", "Escolha um setor");
  await say(phone.page, "2", "O Suporte está fechado agora.");
  await phone.context.close();
}, 60_000);

test("a person walking the menu at a human pace (Oi, 1, 1, 0, 9, #, 1, 1, 1) is answered every time", async () => {
  const phone = await stack().newPage();
  await signIn(phone.page, SUPER_EMAIL, SUPER_PASSWORD);
  await openPhone(phone.page, "Dora Cliente", "5511912340000");
  const outgoing = phone.page.locator('[data-testid="sandbox-bubble"][data-direction="out"]');
  const walk: [string, string][] = [
    ["Oi", "Olá Dora! Escolha um setor:"],
    ["1", "Bem-vindo a Vendas!"],
    ["1", "Nossos planos:"],
    ["0", "Bem-vindo a Vendas!"],
    ["9", "Opção inválida"],
    ["#", "Escolha um setor:"],
    ["1", "Bem-vindo a Vendas!"],
    ["1", "Nossos planos:"],
    ["1", "Plano mensal: R$ 30"],
  ];
  for (const [text, reply] of walk) {
    const before = await outgoing.count();
    const sentAt = Date.now();
    await phone.page.getByTestId("sandbox-input").fill(text);
    await phone.page.getByTestId("sandbox-send").click();
    // a new answer (never silence), and it is the right one
    await phone.page.waitForFunction((n) => document.querySelectorAll('[data-testid="sandbox-bubble"][data-direction="out"]').length > n, before, {
      timeout: 10_000,
    });
    expect(await outgoing.last().textContent()).toContain(reply);
    // a person reads the answer before typing the next option
    await Bun.sleep(Math.max(0, 1_800 - (Date.now() - sentAt)));
  }
  const token = (await phone.page.evaluate(() => localStorage.getItem("token")))!;
  const list = await apiCall<{ tickets: { id: number; contact: { name: string } }[] }>(
    world.base,
    "GET",
    "/tickets?status=pending&showAll=true",
    undefined,
    token,
  );
  const ticket = list.data.tickets.find((x) => x.contact.name === "Dora Cliente");
  expect(ticket).toBeTruthy();
  const notes = await apiCall<unknown[]>(world.base, "GET", `/ticket-notes/list?ticketId=${ticket!.id}`, undefined, token);
  // no "handed to a person" note: the loop breaker never took this person for a bot
  expect(notes).toMatchObject({ status: 200, data: [] });
  await phone.context.close();
}, 60_000);
