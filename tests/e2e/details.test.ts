import { beforeAll, expect, test } from "bun:test";
import { apiCall, SUPER_EMAIL, SUPER_PASSWORD, setupStack, signIn } from "./harness";

/**
 * Details that read as care (issue 29): kanban cards show formatting as the chat does, one icon per
 * menu destination with the campaign pages in one group, counts that agree with their nouns, a
 * transfer button that says what will happen, day separators in the internal chat, calm distinct
 * colours for new queues, and a dashboard with its counters first and the viewer shown online.
 */
const stack = setupStack();
const world = { base: "", admin: "", uuid: "", chat: "" };

beforeAll(async () => {
  const base = stack().server.url;
  const admin = (await apiCall<{ token: string }>(base, "POST", "/auth/login", { email: SUPER_EMAIL, password: SUPER_PASSWORD })).data.token;
  const call = <T>(method: string, path: string, body?: unknown) => apiCall<T>(base, method, path, body, admin);
  const vendas = await call<{ id: number }>("POST", "/queue", { name: "Vendas", color: "#0d9488" });
  const conn = await call<{ id: number }>("POST", "/whatsapp", { name: "Loja", channel: "sandbox", queueIds: [vendas.data.id] });
  await call("POST", `/sandbox/${conn.data.id}/messages`, { number: "5511977770001", name: "Joana Lima", type: "text", body: "oi" });
  const pending = await call<{ tickets: { id: number; uuid: string }[] }>("GET", "/tickets?status=pending&showAll=true");
  const ticket = pending.data.tickets[0];
  await call("PUT", `/tickets/${ticket.id}`, { status: "open" });
  await call("POST", `/messages/${ticket.id}`, { body: "*Joana Lima*: escolha *[ 1 ]* ou _dois_" });
  const bruno = await call<{ id: number }>("POST", "/users", {
    name: "Bruno Vendas",
    email: "bruno@details.local",
    password: "bruno-123",
    profile: "user",
    queueIds: [vendas.data.id],
  });
  const chat = await call<{ id: number; uuid: string }>("POST", "/chats", { title: "Escala", users: [bruno.data.id] });
  for (const m of ["Primeira", "Segunda", "Terceira"]) await call("POST", `/chats/${chat.data.id}/messages`, { message: m });
  Object.assign(world, { base, admin, uuid: ticket.uuid, chat: chat.data.uuid });
}, 60_000);

test("kanban cards render the chat's formatting, never raw *markers*", async () => {
  const { context, page } = await stack().newPage();
  await signIn(page, SUPER_EMAIL, SUPER_PASSWORD);
  await page.goto("/kanban");
  const last = page.getByTestId("kanban-card").filter({ hasText: "Joana Lima" }).getByTestId("kanban-last-message");
  await last.waitFor();
  expect(await last.textContent()).toBe("Joana Lima: escolha [ 1 ] ou dois");
  expect(await last.locator("strong").allTextContents()).toEqual(["Joana Lima", "[ 1 ]"]);
  expect(await last.locator("em").allTextContents()).toEqual(["dois"]);
  await context.close();
});

test("one icon per menu destination; campaigns, contact lists and campaign settings fold into one group", async () => {
  const { context, page } = await stack().newPage();
  await signIn(page, SUPER_EMAIL, SUPER_PASSWORD);
  const nav = page.getByRole("navigation");
  const group = nav.getByRole("button", { name: "Campanhas" });
  expect(await group.getAttribute("aria-expanded")).toBe("false");
  expect(await nav.getByRole("link", { name: "Listas de contatos" }).count()).toBe(0);
  await group.click();
  for (const name of ["Todas as campanhas", "Listas de contatos", "Configurações de campanha"]) await nav.getByRole("link", { name }).waitFor();
  // icons only (folded drawer): every page is its own link with its own icon
  await page.getByTestId("top-bar").getByRole("button", { name: "Recolher menu" }).click();
  const icons = await nav
    .getByRole("link")
    .evaluateAll((links) =>
      links
        .filter((a) => a.getAttribute("href") !== "/" || a.getAttribute("title"))
        .map((a) => [a.getAttribute("title"), a.querySelector("svg path")?.getAttribute("d")]),
    );
  const byIcon = new Map<string, string[]>();
  for (const [title, d] of icons) if (title && d) byIcon.set(d, [...(byIcon.get(d) ?? []), title]);
  expect([...byIcon.values()].filter((titles) => titles.length > 1)).toEqual([]);
  expect(icons.filter(([title]) => title).length).toBeGreaterThan(15);
  await context.close();
});

test("counts agree with their nouns in the three languages", async () => {
  const { context, page } = await stack().newPage();
  await signIn(page, SUPER_EMAIL, SUPER_PASSWORD);
  for (const [lang, queues, connections] of [
    ["pt-BR", "1 fila", "1 conexão"],
    ["en", "1 queue", "1 connection"],
    ["es", "1 cola", "1 conexión"],
  ]) {
    await page.evaluate((l) => localStorage.setItem("language", l), lang);
    await page.goto("/queues");
    await page.getByText(queues, { exact: true }).waitFor();
    await page.goto("/connections");
    await page.getByText(connections, { exact: true }).waitFor();
  }
  await page.evaluate(() => localStorage.setItem("language", "pt-BR"));
  await context.close();
});

test("the transfer button says what will happen: back to Waiting without a user, stays open with one", async () => {
  const { context, page } = await stack().newPage();
  await signIn(page, SUPER_EMAIL, SUPER_PASSWORD);
  await page.goto(`/tickets/${world.uuid}`);
  await page.getByTestId("chat-header").getByRole("button", { name: "Transferir" }).click();
  const dialog = page.getByRole("dialog");
  const submit = dialog.getByTestId("transfer-submit");
  expect(await submit.textContent()).toBe("Transferir");
  await dialog.getByLabel("Fila", { exact: true }).click();
  await page.getByRole("option", { name: "Vendas" }).click();
  expect(await submit.textContent()).toBe("Transferir — volta para Aguardando em Vendas");
  expect(await dialog.getByTestId("transfer-outcome").textContent()).toContain("precisa aceitá-lo");
  await dialog.getByLabel("Usuário", { exact: true }).click();
  await page.getByRole("option", { name: "Bruno Vendas" }).click();
  expect(await submit.textContent()).toBe("Transferir para Bruno Vendas — segue aberto");
  await submit.click();
  await page.getByText("Ticket transferido.").waitFor();
  const moved = await apiCall<{ status: string; user: { name: string } }>(
    world.base,
    "GET",
    `/tickets/u/${world.uuid}`,
    undefined,
    await page.evaluate(() => localStorage.getItem("token")!),
  );
  expect([moved.data.status, moved.data.user?.name]).toEqual(["open", "Bruno Vendas"]);
  await context.close();
});

test("the internal chat separates days as the ticket chat does and shows only the hour on bubbles", async () => {
  const { context, page } = await stack().newPage();
  await signIn(page, SUPER_EMAIL, SUPER_PASSWORD);
  await page.goto(`/chats/${world.chat}`);
  await page.getByTestId("chat-message").nth(2).waitFor();
  expect(await page.getByTestId("chat-messages").getByTestId("day-divider").allTextContents()).toEqual(["Hoje"]);
  for (const time of await page.getByTestId("chat-message").locator("time").allTextContents()) expect(time).toMatch(/^\d{2}:\d{2}$/);
  await context.close();
});

test("a new queue is offered a calm colour no queue uses, never another red", async () => {
  const { context, page } = await stack().newPage();
  await signIn(page, SUPER_EMAIL, SUPER_PASSWORD);
  await page.goto("/queues");
  const colours: string[] = [];
  for (const name of ["Suporte", "Financeiro"]) {
    await page.getByRole("button", { name: "Adicionar fila" }).click();
    const dialog = page.getByRole("dialog");
    const colour = await dialog.getByLabel("Cor", { exact: true }).inputValue();
    colours.push(colour);
    await dialog.getByLabel("Nome").fill(name);
    await dialog.getByTestId("queue-save").click();
    await page.getByTestId("queue-row").filter({ hasText: name }).waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
  }
  expect(new Set(["#0d9488", ...colours]).size).toBe(3);
  for (const c of colours) expect(["#f87171", "#ef4444", "#dc2626", "#b91c1c", "#991b1b"]).not.toContain(c);
  await context.close();
});

test("the dashboard shows its counters above the fold, the chart below them, and the viewer online", async () => {
  const { context, page } = await stack().newPage({ width: 1280, height: 800 });
  await signIn(page, SUPER_EMAIL, SUPER_PASSWORD);
  await page.goto("/");
  const counters = page.getByTestId("counters");
  await counters.waitFor();
  const c = (await counters.boundingBox())!;
  expect(c.y + c.height).toBeLessThanOrEqual(800);
  const chart = (await page.getByText("Atendimentos de hoje por hora").boundingBox())!;
  expect(chart.y).toBeGreaterThan(c.y + c.height);
  const me = page.getByTestId("attendant-row").filter({ hasText: "Admin" });
  await me.getByText("Online").waitFor();
  await context.close();
});
