import { expect, test } from "bun:test";
import { apiCall, signIn, SUPER_EMAIL, SUPER_PASSWORD, setupStack } from "./harness";

const stack = setupStack();

test("internal chat: two users talk live, with unread dots on the menu and the top bar", async () => {
  const base = stack().server.url;
  const admin = (await apiCall<{ token: string }>(base, "POST", "/auth/login", { email: SUPER_EMAIL, password: SUPER_PASSWORD })).data.token;
  await apiCall(base, "POST", "/users", { name: "Beto Chat", email: "beto.chat@e2e.local", password: "beto-123", profile: "user" }, admin);

  const a = await stack().newPage();
  const b = await stack().newPage();
  await signIn(a.page, SUPER_EMAIL, SUPER_PASSWORD);
  await signIn(b.page, "beto.chat@e2e.local", "beto-123");
  await b.page.getByTestId("chats-menu").waitFor();

  await a.page.getByRole("navigation").getByRole("link", { name: "Chat", exact: true }).click();
  await a.page.getByText("Nenhuma conversa ainda.").waitFor();
  await a.page.getByTestId("chat-new").click();
  const dialog = a.page.getByRole("dialog", { name: "Conversa" });
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await dialog.getByText("Por favor, preencha o título da conversa.").waitFor();
  await dialog.getByText("Por favor, selecione pelo menos um usuário.").waitFor();
  await dialog.getByLabel("Título").fill("Escala de sábado");
  await dialog.getByRole("button", { name: /^Usuários/ }).click();
  await a.page.getByRole("option", { name: "Beto Chat" }).click();
  await a.page.keyboard.press("Escape");
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await a.page.waitForURL(/\/chats\/[0-9a-f-]{36}$/);
  await a.page.getByTestId("chat-input").fill("Você cobre o sábado?");
  await a.page.getByTestId("chat-input").press("Enter");
  await a.page.getByTestId("chat-message").filter({ hasText: "Você cobre o sábado?" }).waitFor();
  // Blank text is not sent.
  await a.page.getByTestId("chat-input").fill("   ");
  await a.page.getByTestId("chat-input").press("Enter");

  // Beto, on another page, sees the unread count in the top bar and the dot on the menu, live.
  await b.page.getByTestId("chats-menu-count").filter({ hasText: "1" }).waitFor();
  await b.page.getByRole("navigation").getByTestId("menu-alert").first().waitFor();
  await b.page.getByTestId("chats-menu").click();
  await b.page.getByTestId("chats-menu-item").filter({ hasText: "Escala de sábado" }).click();
  await b.page.getByTestId("chat-message").filter({ hasText: "Você cobre o sábado?" }).waitFor();
  await b.page.getByTestId("chats-menu-count").waitFor({ state: "detached" });
  expect(await b.page.getByRole("button", { name: "Excluir" }).count()).toBe(0);

  await b.page.getByTestId("chat-input").fill("Cubro sim!");
  await b.page.getByRole("button", { name: "Enviar" }).click();
  await a.page.getByTestId("chat-message").filter({ hasText: "Cubro sim!" }).waitFor();
  // Read while open: Ana's counter stays at zero.
  await a.page.waitForTimeout(300);
  expect(await a.page.getByTestId("chats-menu-count").count()).toBe(0);
  expect(await a.page.getByTestId("chat-message").count()).toBe(2);
  await a.context.close();
  await b.context.close();
}, 60_000);
