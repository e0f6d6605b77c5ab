import { beforeAll, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { apiCall, signIn, SUPER_EMAIL, SUPER_PASSWORD, setupStack } from "./harness";

/**
 * The story as one browser test: the customer writes through the SANDBOX phone (the real
 * inbound pipeline), two agents in two browsers work the ticket live.
 */
const stack = setupStack();
/** Queues Vendas (Ana) and Suporte (Bruno), tag VIP and a sandbox connection, made once. */
const world = { base: "", admin: "", vendasId: 0, conn: { data: { id: 0 } } };
beforeAll(async () => {
  const base = stack().server.url;
  const admin = (await apiCall<{ token: string }>(base, "POST", "/auth/login", { email: SUPER_EMAIL, password: SUPER_PASSWORD })).data.token;
  const vendas = await apiCall<{ id: number }>(base, "POST", "/queue", { name: "Vendas", color: "#16a34a" }, admin);
  const suporte = await apiCall<{ id: number }>(base, "POST", "/queue", { name: "Suporte", color: "#2563eb" }, admin);
  expect([vendas.status, suporte.status]).toEqual([201, 201]);
  const ana = await apiCall(
    base,
    "POST",
    "/users",
    { name: "Ana Agente", email: "ana@e2e.local", password: "ana-123", profile: "user", queueIds: [vendas.data.id] },
    admin,
  );
  const bruno = await apiCall(
    base,
    "POST",
    "/users",
    { name: "Bruno Agente", email: "bruno@e2e.local", password: "bruno-123", profile: "user", queueIds: [suporte.data.id] },
    admin,
  );
  expect([ana.status, bruno.status]).toEqual([201, 201]);
  await apiCall(base, "POST", "/tags", { name: "VIP", color: "#9333ea" }, admin);
  const conn = await apiCall<{ id: number }>(base, "POST", "/whatsapp", { name: "Loja Sandbox", channel: "sandbox" }, admin);
  expect(conn.status).toBe(201);
  Object.assign(world, { base, admin, vendasId: vendas.data.id, conn });
}, 60_000);

const CUSTOMER = { number: "5511977776666", name: "Cliente Sandbox" };

/** A PNG drawn in the page (no fixture files). */
async function png(page: Page): Promise<Buffer> {
  const b64 = await page.evaluate(() => {
    const c = document.createElement("canvas");
    c.width = 200;
    c.height = 120;
    const g = c.getContext("2d")!;
    g.fillStyle = "#16a34a";
    g.fillRect(0, 0, 200, 120);
    g.fillStyle = "#fff";
    g.fillText("foto do pedido", 40, 60);
    return c.toDataURL("image/png").split(",")[1];
  });
  return Buffer.from(b64, "base64");
}

/** Polls an async value until it passes the check (5 s), then returns it. */
async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > deadline) return v;
    await Bun.sleep(100);
  }
}

async function openTickets(page: Page, tab: "pending" | "open") {
  await page.getByRole("navigation").getByRole("link", { name: "Atendimentos" }).click();
  await page.getByTestId("tickets-manager").waitFor();
  await page.getByTestId(`tab-${tab}`).click();
}

test("a customer message becomes a live pending ticket; agents accept, reply, note, tag, transfer and resolve it", async () => {
  const { base, admin, conn } = world;

  const a = await stack().newPage();
  const b = await stack().newPage();
  await signIn(a.page, "ana@e2e.local", "ana-123");
  await signIn(b.page, "bruno@e2e.local", "bruno-123");
  await openTickets(a.page, "pending");
  await openTickets(b.page, "pending");
  await a.page.getByText("Nenhum ticket aguardando").waitFor();
  await b.page.getByText("Nenhum ticket aguardando").waitFor();
  await Bun.sleep(500); // both sockets have joined their rooms

  // The customer writes from the sandbox phone: a pending ticket (no queue) appears live for both.
  const said = await apiCall(base, "POST", `/sandbox/${conn.data.id}/messages`, { ...CUSTOMER, body: "Olá! Meu pedido chegou errado." }, admin);
  expect(said.status).toBe(201);
  const cardA = a.page.getByTestId("ticket-card").filter({ hasText: CUSTOMER.name });
  const cardB = b.page.getByTestId("ticket-card").filter({ hasText: CUSTOMER.name });
  await cardA.waitFor();
  await cardB.waitFor();
  expect(await cardA.getByTestId("last-message").textContent()).toBe("Olá! Meu pedido chegou errado.");
  expect(await b.page.getByTestId("badge-pending").textContent()).toBe("1");
  // A pending ticket does not open from the list: it has no link, only Accept.
  expect(await cardA.getByRole("link").count()).toBe(0);

  // Ana accepts: the ticket opens for her and leaves Bruno's pending list.
  await cardA.getByRole("button", { name: "Aceitar" }).click();
  await a.page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
  await a.page.getByTestId("chat").waitFor();
  await cardB.waitFor({ state: "detached" });
  // The list switched to "Atendendo", where the accepted ticket is now selected.
  const mine = a.page.getByTestId("list-open").getByTestId("ticket-card").filter({ hasText: CUSTOMER.name });
  const ticketId = Number(await mine.getAttribute("data-ticket-id"));
  // Opening the chat read it: no unread badge on the card.
  await mine.getByTestId("unread").waitFor({ state: "detached" });
  await a.page.getByTestId("message").filter({ hasText: "Meu pedido chegou errado" }).waitFor();

  // Text reply (signed with her name by default), Enter sends.
  const input = a.page.getByTestId("message-input");
  await input.fill("Sinto muito! Vou resolver agora.");
  await input.press("Enter");
  const textMsg = a.page.locator('[data-testid="message"][data-from-me="true"]').filter({ hasText: "Sinto muito! Vou resolver agora." });
  await textMsg.waitFor();
  expect(await textMsg.locator("strong").first().textContent()).toBe("Ana Agente");

  // An image, previewed before sending, then shown through a blob URL (fetched with the token).
  await a.page.getByTestId("file-input").setInputFiles({ name: "pedido.png", mimeType: "image/png", buffer: await png(a.page) });
  await a.page.getByTestId("attachments").waitFor();
  await a.page.getByTestId("send").click();
  const img = a.page.locator('[data-from-me="true"] [data-testid="message-image"]');
  await img.waitFor();
  expect(await img.getAttribute("src")).toStartWith("blob:");
  await a.page.waitForFunction(() => {
    const el = document.querySelector('[data-from-me="true"] [data-testid="message-image"]') as HTMLImageElement | null;
    return !!el && el.complete && el.naturalWidth === 200;
  });

  // A quoted reply to the customer's message.
  const theirs = a.page.locator('[data-testid="message"][data-from-me="false"]').first();
  await theirs.hover();
  await theirs.getByRole("button", { name: "Opções da mensagem" }).click();
  await a.page.getByRole("menuitem", { name: "Responder" }).click();
  await a.page.getByTestId("reply-bar").waitFor();
  await input.fill("Sobre isso: já pedi a troca.");
  await input.press("Enter");
  const quoted = a.page.locator('[data-testid="message"][data-from-me="true"]').filter({ hasText: "já pedi a troca" });
  await quoted.getByTestId("quoted").filter({ hasText: "Meu pedido chegou errado" }).waitFor();

  // The customer's phone received the three replies (sandbox conversation).
  const outgoing = await until(
    async () => {
      const conv = await apiCall<{ messages: { direction: string }[] }>(
        base,
        "GET",
        `/sandbox/${conn.data.id}/conversation?number=${CUSTOMER.number}`,
        undefined,
        admin,
      );
      return conv.data.messages.filter((m) => m.direction === "out").length;
    },
    (n) => n >= 3,
  );
  expect(outgoing).toBeGreaterThanOrEqual(3);

  // A note in the contact drawer.
  await a.page.getByTestId("contact-button").click();
  await a.page.getByTestId("contact-drawer").waitFor();
  await a.page.getByTestId("note-input").fill("x");
  await a.page.getByRole("button", { name: "Salvar anotação" }).click();
  await a.page.getByText("Muito curto").waitFor();
  await a.page.getByTestId("note-input").fill("Cliente pediu troca do produto.");
  await a.page.getByRole("button", { name: "Salvar anotação" }).click();
  await a.page.getByTestId("notes-list").getByText("Cliente pediu troca do produto.").waitFor();
  // At 1280 px the drawer lies over the chat, which keeps its width; Escape closes it.
  const chatWidth = async () => (await a.page.getByTestId("message-list").boundingBox())?.width ?? 0;
  expect(await chatWidth()).toBeGreaterThan(600);
  await a.page.getByTestId("note-input").click();
  await a.page.keyboard.press("Escape");
  await a.page.getByTestId("contact-drawer").waitFor({ state: "detached" });

  // A tag through the tag editor (POST /tags/sync).
  await a.page.getByTestId("tag-editor").click();
  await a.page.getByRole("option", { name: "VIP" }).click();
  await a.page.keyboard.press("Escape");
  await a.page.getByTestId("tag-editor").getByText("VIP").waitFor();
  const tags = await until(
    async () => (await apiCall<{ tags: { name: string }[] }>(base, "GET", `/tickets/${ticketId}`, undefined, admin)).data.tags.map((t) => t.name),
    (names) => names.length > 0,
  );
  expect(tags).toEqual(["VIP"]);

  // Transfer to Suporte (Bruno's queue, no user): Ana goes back to /tickets, Bruno sees it arrive live.
  await a.page.getByTestId("transfer").click();
  const dialog = a.page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Transferir" }).click();
  await dialog.getByText("Selecione uma fila").last().waitFor();
  await dialog.getByLabel("Fila", { exact: true }).click();
  await a.page.getByRole("option", { name: "Suporte" }).click();
  await dialog.getByRole("button", { name: "Transferir" }).click();
  await a.page.waitForURL(/\/tickets$/);
  // Ana no longer sees the ticket: the success toast, the dialog closed, and no false "access denied".
  await a.page.getByText("Ticket transferido.").waitFor();
  await dialog.waitFor({ state: "detached" });
  await cardB.waitFor();
  await Bun.sleep(800);
  expect(await a.page.getByText("Acesso não permitido").count()).toBe(0);
  expect(await cardB.textContent()).toContain("Suporte");
  expect(await cardB.textContent()).toContain("VIP");

  // Bruno accepts and resolves it.
  await cardB.getByRole("button", { name: "Aceitar" }).click();
  await b.page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
  await b.page.getByTestId("message").filter({ hasText: "já pedi a troca" }).waitFor();
  await b.page.getByTestId("resolve").click();
  await b.page.waitForURL(/\/tickets$/);
  const closed = await until(
    async () => (await apiCall<{ status: string; user: { name: string } | null }>(base, "GET", `/tickets/${ticketId}`, undefined, admin)).data,
    (tk) => tk.status === "closed",
  );
  expect(closed).toMatchObject({ status: "closed", user: { name: "Bruno Agente" } });
  await b.page.getByTestId("main-closed").click();
  await b.page.getByTestId("ticket-card").filter({ hasText: CUSTOMER.name }).getByRole("button", { name: "Reabrir" }).waitFor();

  await a.context.close();
  await b.context.close();
}, 120_000);

test("new ticket (search, queue rule, another agent's open ticket), no access to another queue's ticket, live delete", async () => {
  const { base, admin } = world;
  const held = await apiCall<{ id: number }>(base, "POST", "/contacts", { name: "Helena Ocupada", number: "5511955554444" }, admin);
  await apiCall(base, "POST", "/contacts", { name: "Otávio Livre", number: "5511933332222" }, admin);
  // Ana holds Helena's ticket (her session is over; the API login is hers now).
  const anaToken = (await apiCall<{ token: string }>(base, "POST", "/auth/login", { email: "ana@e2e.local", password: "ana-123" })).data.token;
  const anaTicket = await apiCall<{ uuid: string }>(base, "POST", "/tickets", { contactId: held.data.id, queueId: world.vendasId }, anaToken);
  expect(anaTicket.status).toBe(201);

  // Bruno (Suporte only) may not open Ana's Vendas ticket.
  const b = await stack().newPage();
  await signIn(b.page, "bruno@e2e.local", "bruno-123");
  await b.page.goto(`/tickets/${anaTicket.data.uuid}`);
  await b.page.getByText("Acesso não permitido").waitFor();
  await b.page.waitForURL(/\/tickets$/);
  // New ticket: contacts are searched from 3 characters.
  await b.page.getByTestId("new-ticket").click();
  await b.page.getByTestId("contact-search").fill("Otá");
  await b.page.getByRole("option", { name: /Otávio Livre/ }).click();
  // His only queue comes preselected; without a queue the modal refuses.
  const queueSelect = b.page.getByRole("dialog").getByLabel("Fila", { exact: true });
  expect(await queueSelect.textContent()).toContain("Suporte");
  await queueSelect.click();
  await b.page.getByRole("option", { name: "Selecione uma fila" }).click();
  await b.page.getByRole("button", { name: "Abrir ticket" }).click();
  await b.page.getByRole("dialog").getByRole("alert").filter({ hasText: "Selecione uma fila" }).waitFor();
  await b.context.close();

  // The admin tries Helena: the modal names the owner and queue instead of opening it.
  const { page, context } = await stack().newPage();
  await signIn(page, SUPER_EMAIL, SUPER_PASSWORD);
  await page.goto("/tickets");
  await page.getByTestId("new-ticket").click();
  await page.getByTestId("contact-search").fill("Hel");
  await page.getByRole("option", { name: /Helena Ocupada/ }).click();
  await page.getByRole("button", { name: "Abrir ticket" }).click();
  expect(await page.getByTestId("other-open-ticket").textContent()).toContain("Ana Agente");
  expect(await page.getByTestId("other-open-ticket").textContent()).toContain("Vendas");
  // Otávio is free: admins may skip the queue; the new ticket opens.
  await page.getByTestId("contact-search").fill("Otá");
  await page.getByRole("option", { name: /Otávio Livre/ }).click();
  await page.getByRole("button", { name: "Abrir ticket" }).click();
  await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
  await page.getByTestId("chat-header").getByText("Otávio Livre").waitFor();
  const uuid = page.url().split("/").pop()!;
  // One session per user: the browser's sign-in replaced the API token of the setup.
  const token = (await page.evaluate(() => localStorage.getItem("token")))!;
  const opened = await apiCall<{ id: number }>(base, "GET", `/tickets/u/${uuid}`, undefined, token);

  // Deleted elsewhere while open: toast and back to /tickets.
  expect((await apiCall(base, "DELETE", `/tickets/${opened.data.id}`, undefined, token)).status).toBe(200);
  await page.getByText("Este ticket foi excluído.").waitFor();
  await page.waitForURL(/\/tickets$/);
  await context.close();
}, 120_000);

test("the list stays windowed and smooth with 5,000 tickets loaded", async () => {
  const TOTAL = 5000;
  const { page, context } = await stack().newPage();
  const now = Date.now();
  // The open list is served from here, 40 per page, so the test measures the browser only.
  await page.route(
    (u) => u.pathname === "/tickets" && u.searchParams.get("status") === "open",
    async (route) => {
      const p = Number(new URL(route.request().url()).searchParams.get("pageNumber"));
      const tickets = Array.from({ length: 40 }, (_, i) => {
        const id = TOTAL - ((p - 1) * 40 + i);
        return {
          id,
          uuid: `00000000-0000-4000-8000-${String(id).padStart(12, "0")}`,
          status: "open",
          contactId: id,
          contact: { id, name: `Cliente ${id}`, number: `551190000${id}`, profilePicUrl: null },
          userId: 1,
          user: { id: 1, name: "Admin" },
          queueId: null,
          queue: null,
          whatsappId: null,
          whatsapp: null,
          // every tenth ticket carries many chips: its card grows to show them all
          tags:
            id % 10 === 0
              ? ["VIP", "Atacado", "Reclamação", "Pós-venda", "Urgente", "Fidelidade"].map((name, k) => ({ id: k + 1, name, color: "#9333ea" }))
              : [{ id: 1, name: "VIP", color: "#9333ea" }],
          awaitingRating: id % 10 === 0,
          lastMessage: `Mensagem ${id}`,
          unreadMessages: id % 3,
          isGroup: false,
          createdAt: new Date(now).toISOString(),
          updatedAt: new Date(now - id * 60_000).toISOString(),
        };
      });
      await route.fulfill({ json: { tickets, count: TOTAL, hasMore: p * 40 < TOTAL } });
    },
  );
  await signIn(page, SUPER_EMAIL, SUPER_PASSWORD);
  await page.goto("/tickets");
  const list = page.getByTestId("list-open");
  await list.waitFor();
  // A card with many tags and "aguardando avaliação" grows: every chip lies inside it, none hidden.
  const rich = list.getByTestId("ticket-card").filter({ hasText: `Cliente ${TOTAL}` });
  await rich.getByText("Aguardando avaliação", { exact: false }).waitFor();
  // (the first page may render twice while the list settles: read a card that stays in the page)
  const measure = () =>
    rich.evaluate((card) => {
      const box = card.getBoundingClientRect();
      const chips = [...card.querySelectorAll('[data-testid="card-tags"] > span')].map((c) => c.getBoundingClientRect());
      return { height: box.height, chips: chips.length, inside: chips.every((c) => c.bottom <= box.bottom + 0.5 && c.top >= box.top) };
    });
  const fits = await until(measure, (f) => f.height > 0);
  expect(fits).toMatchObject({ chips: 8, inside: true });
  expect(fits.height).toBeGreaterThan(100);
  const plain = await list
    .getByTestId("ticket-card")
    .filter({ hasText: `Cliente ${TOTAL - 1}` })
    .boundingBox();
  expect(plain?.height).toBe(100);
  // Infinite scroll: every time the bottom is near, the next page comes.
  for (let i = 0; i < 300; i++) {
    const h = await list.evaluate((el) => {
      el.scrollTop = el.scrollHeight;
      return el.scrollHeight;
    });
    if (h >= TOTAL * 100) break;
    await page.waitForTimeout(25);
  }
  expect(await page.getByTestId("badge-open").textContent()).toBe(String(TOTAL));
  const stats = await list.evaluate(async (el) => {
    const frames: number[] = [];
    el.scrollTop = 0;
    let last = performance.now();
    for (let i = 0; i < 200; i++) {
      el.scrollTop += 2400;
      await new Promise((r) => requestAnimationFrame(r));
      const t = performance.now();
      frames.push(t - last);
      last = t;
    }
    frames.sort((a, b) => a - b);
    return { height: el.scrollHeight, cards: el.querySelectorAll('[data-testid="ticket-card"]').length, median: frames[100] };
  });
  // Every card is at least 100 px; cards whose chips wrap grow (the list measures them as they show).
  expect(stats.height).toBeGreaterThanOrEqual(TOTAL * 100);
  expect(stats.height).toBeLessThan(TOTAL * 130);
  expect(stats.cards).toBeLessThan(60);
  // The frame time is a figure, not a verdict (timings belong to bench/): printed for the reader.
  console.log(`ticket list: median frame ${stats.median.toFixed(1)} ms over 200 scroll steps of ${TOTAL} cards`);
  await context.close();
}, 120_000);

test("older messages load when scrolled near the top, keeping the reading position; quick answers, Enter/Shift+Enter, delete own message", async () => {
  const { base, conn } = world;
  // A fresh API session: the previous test's browser sign-in ended the setup's token.
  const admin = (await apiCall<{ token: string }>(base, "POST", "/auth/login", { email: SUPER_EMAIL, password: SUPER_PASSWORD })).data.token;
  const number = "5511944443333";
  for (let i = 1; i <= 45; i++) {
    const r = await apiCall(base, "POST", `/sandbox/${conn.data.id}/messages`, { number, name: "Longa Conversa", body: `mensagem ${i}` }, admin);
    expect(r.status).toBe(201);
  }
  await apiCall(base, "POST", "/quick-messages", { shortcode: "horario", message: "Atendemos de segunda a sexta, das 8h às 18h.", geral: true }, admin);
  const { page, context } = await stack().newPage();
  await signIn(page, SUPER_EMAIL, SUPER_PASSWORD);
  await page.goto("/tickets");
  await page.getByTestId("tab-pending").click();
  const card = page.getByTestId("ticket-card").filter({ hasText: "Longa Conversa" });
  await card.getByRole("button", { name: "Aceitar" }).click();
  await page.getByTestId("message").filter({ hasText: "mensagem 45" }).waitFor();
  const list = page.getByTestId("message-list");
  const count = () => page.getByTestId("message").count();
  expect(await count()).toBe(20);
  // Scrolled to the bottom on open; near the top the next (older) page comes in above.
  const anchor = page.getByTestId("message").filter({ hasText: "mensagem 26" });
  const before = await anchor.boundingBox();
  const moved = await list.evaluate((el) => {
    const from = el.scrollTop;
    el.scrollTop = 10;
    return from - el.scrollTop;
  });
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="message"]').length >= 40);
  const after = await anchor.boundingBox();
  // The message that was on screen stays where it was (the view does not jump to the new page).
  expect(Math.abs((after?.y ?? 0) - ((before?.y ?? 0) + moved))).toBeLessThan(30);
  await list.evaluate((el) => {
    el.scrollTop = 0;
  });
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="message"]').length === 45);
  expect(await page.getByTestId("day-divider").count()).toBe(1);

  // "/" plus one more character suggests quick answers; picking one fills the input.
  const input = page.getByTestId("message-input");
  await input.fill("/h");
  await page.getByTestId("quick-answers").getByText("/horario").click();
  expect(await input.inputValue()).toBe("Atendemos de segunda a sexta, das 8h às 18h.");
  // Shift+Enter is a new line; Enter sends.
  await input.press("Shift+Enter");
  await input.pressSequentially("Até logo!");
  expect(await input.inputValue()).toBe("Atendemos de segunda a sexta, das 8h às 18h.\nAté logo!");
  await input.press("Enter");
  const mine = page.locator('[data-testid="message"][data-from-me="true"]').filter({ hasText: "Até logo!" });
  await mine.waitFor();

  // My own message can be deleted (with confirmation); the contact's cannot.
  const theirs = page.locator('[data-testid="message"][data-from-me="false"]').last();
  await theirs.hover();
  await theirs.getByRole("button", { name: "Opções da mensagem" }).click();
  expect(await page.getByRole("menuitem", { name: "Excluir" }).count()).toBe(0);
  await page.keyboard.press("Escape");
  const id = await mine.getAttribute("data-message-id");
  await mine.hover();
  await mine.getByRole("button", { name: "Opções da mensagem" }).click();
  await page.getByRole("menuitem", { name: "Excluir" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Excluir" }).click();
  await page.locator(`[data-message-id="${id}"]`).getByTestId("message-deleted").waitFor();
  await context.close();
}, 120_000);

test("a message written while the connection is down waits, then goes out once when it reconnects", async () => {
  const { base, conn } = world;
  const login = await apiCall<{ token: string; user: { id: number } }>(base, "POST", "/auth/login", { email: SUPER_EMAIL, password: SUPER_PASSWORD });
  const admin = login.data.token;
  const number = "5511922221111";
  await apiCall(base, "POST", `/sandbox/${conn.data.id}/messages`, { number, name: "Cliente Falha", body: "alô?" }, admin);
  const pending = await apiCall<{ tickets: { id: number; uuid: string; contact: { name: string } }[] }>(
    base,
    "GET",
    "/tickets?status=pending&showAll=true",
    undefined,
    admin,
  );
  const tk = pending.data.tickets.find((x) => x.contact.name === "Cliente Falha")!;
  await apiCall(base, "PUT", `/tickets/${tk.id}`, { status: "open", userId: login.data.user.id }, admin);
  // The phone goes offline.
  expect((await apiCall(base, "DELETE", `/whatsappsession/${conn.data.id}`, undefined, admin)).status).toBe(200);

  const { page, context } = await stack().newPage();
  await signIn(page, SUPER_EMAIL, SUPER_PASSWORD);
  const token = (await page.evaluate(() => localStorage.getItem("token")))!;
  await page.goto(`/tickets/${tk.uuid}`);
  await page.getByTestId("message").filter({ hasText: "alô?" }).waitFor();
  await page.getByTestId("sign-option").uncheck();
  await page.getByTestId("message-input").fill("Vou verificar.");
  await page.getByTestId("message-input").press("Enter");
  const mine = page.locator('[data-testid="message"][data-from-me="true"]').filter({ hasText: "Vou verificar." });
  await mine.getByTestId("ack-queued").waitFor();
  await mine.getByText("Aguardando a conexão para enviar.").waitFor();

  // Back online: the waiting message goes out by itself (no retry, no duplicate).
  await apiCall(base, "POST", `/whatsappsession/${conn.data.id}`, undefined, token);
  await mine.getByTestId("ack-queued").waitFor({ state: "detached" });
  await mine.getByTestId("queued-hint").waitFor({ state: "detached" });
  const conv = await until(
    async () =>
      (
        await apiCall<{ messages: { direction: string; body: string }[] }>(
          base,
          "GET",
          `/sandbox/${conn.data.id}/conversation?number=${number}`,
          undefined,
          token,
        )
      ).data.messages,
    (list) => list.some((m) => m.direction === "out" && m.body.includes("Vou verificar.")),
  );
  expect(conv.filter((m) => m.direction === "out" && m.body.includes("Vou verificar."))).toHaveLength(1);
  await context.close();
}, 120_000);
