import { expect, test } from "bun:test";
import { apiCall, signIn, SUPER_EMAIL, SUPER_PASSWORD, setupStack } from "./harness";

const stack = setupStack();

test("the admin creates an agent, who signs in and sees only the agent menu", async () => {
  const { page, context } = await stack().newPage();
  await signIn(page, SUPER_EMAIL, SUPER_PASSWORD);
  await page.getByRole("navigation").getByRole("link", { name: "Usuários" }).click();
  await page.getByRole("heading", { name: "Usuários" }).waitFor();
  await page.getByTestId("user-row").first().waitFor();

  const token = await page.evaluate(() => localStorage.getItem("token"));
  const queue = await apiCall<{ id: number }>(stack().server.url, "POST", "/queue", { name: "Suporte", color: "#2563eb", greetingMessage: "" }, token!);
  const conn = await apiCall<{ id: number }>(stack().server.url, "POST", "/whatsapp", { name: "Loja Norte", channel: "sandbox" }, token!);
  expect(conn.status).toBe(201);

  await page.getByRole("button", { name: "Adicionar usuário" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("heading", { name: "Adicionar usuário" }).waitFor();
  // The queue select is hidden while GET /queue is unavailable; the profile select is there.
  await dialog.getByText("Perfil").waitFor();
  // Validation messages of R-USER-1, translated.
  await dialog.getByLabel("Nome").fill("J");
  await dialog.getByLabel("E-mail").fill("joana@");
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await dialog.getByText("Muito curto").waitFor();
  await dialog.getByText("E-mail inválido").waitFor();
  await dialog.getByText("Obrigatório").waitFor();

  await dialog.getByLabel("Nome").fill("Joana Agente");
  await dialog.getByLabel("E-mail").fill("joana@e2e.local");
  await dialog.getByLabel("Senha", { exact: true }).fill("joana-123");
  // Queues (GET /queue) can be assigned when the queues module answers.
  if (queue.status === 201) {
    await dialog.getByRole("button", { name: /^Filas/ }).click();
    await page.getByRole("option", { name: "Suporte" }).click();
    await page.keyboard.press("Escape");
  }
  // The default connection (R-USER-4): the company's default unless one is chosen.
  await dialog.getByRole("button", { name: "A padrão da empresa" }).click();
  await page.getByRole("option", { name: "Loja Norte" }).click();
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await page.getByText("Usuário salvo.").waitFor();
  const row = page.getByTestId("user-row").filter({ hasText: "Joana Agente" });
  await row.waitFor();
  expect(await row.textContent()).toContain("Usuário");

  if (queue.status === 201) {
    const list = await apiCall<{ users: { name: string; queues: { id: number }[] }[] }>(
      stack().server.url,
      "GET",
      "/users?searchParam=joana",
      undefined,
      token!,
    );
    expect(list.data.users[0].queues.map((q) => q.id)).toEqual([queue.data.id]);
  }
  const joana = await apiCall<{ users: { whatsappId: number | null }[] }>(stack().server.url, "GET", "/users?searchParam=joana", undefined, token!);
  expect(joana.data.users[0].whatsappId).toBe(conn.data.id);

  // Realtime: a user created elsewhere appears live, and a deleted one disappears.
  const created = await apiCall<{ id: number }>(
    stack().server.url,
    "POST",
    "/users",
    { name: "Live Person", email: "live@e2e.local", password: "live-123" },
    token!,
  );
  expect(created.status).toBe(201);
  await page.getByTestId("user-row").filter({ hasText: "Live Person" }).waitFor();
  await apiCall(stack().server.url, "DELETE", `/users/${created.data.id}`, undefined, token!);
  await page.getByTestId("user-row").filter({ hasText: "Live Person" }).waitFor({ state: "detached" });

  // Search (debounced) narrows the list.
  await page.getByPlaceholder("Pesquisar por nome ou e-mail").fill("joana");
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="user-row"]').length === 1);
  await context.close();

  const agent = await stack().newPage();
  await signIn(agent.page, "joana@e2e.local", "joana-123");
  expect(await agent.page.getByTestId("greeting").textContent()).toBe("Olá, Joana Agente");
  const nav = agent.page.getByRole("navigation");
  expect(await nav.getByText("Gerência").count()).toBe(0);
  expect(await nav.getByText("Administração").count()).toBe(0);
  expect(await nav.getByRole("link", { name: "Usuários" }).count()).toBe(0);
  expect(await nav.getByText("Sair").count()).toBe(1);
  // Agents do not see the due date nor the admin home cards.
  expect(await agent.page.getByTestId("active-until").count()).toBe(0);
  expect(await agent.page.getByTestId("due-card").count()).toBe(0);

  // The profile menu opens the user modal for themself: name editable, no profile select.
  await agent.page.getByRole("button", { name: "Minha conta" }).click();
  await agent.page.getByRole("menuitem", { name: "Perfil" }).click();
  const modal = agent.page.getByRole("dialog");
  await modal.getByRole("heading", { name: "Editar usuário" }).waitFor();
  await modal.getByLabel("Nome").fill("Joana Silva");
  expect(await modal.getByText("Perfil").count()).toBe(0);
  await modal.getByRole("button", { name: "Salvar" }).click();
  await agent.page.getByText("Usuário salvo.").waitFor();
  await agent.page.getByText("Olá, Joana Silva").waitFor();
  await agent.context.close();
});
