import { afterAll, beforeAll, expect, test } from "bun:test";
import { FakeWaServer, parseQr } from "../support/fake-wa-server";
import { apiCall, signIn, SUPER_EMAIL, SUPER_PASSWORD, setupStack } from "./harness";

/**
 * The real server with the real Baileys library against the project's fake WhatsApp server on
 * 127.0.0.1 (WA_WS_URL / WA_TEST_ROOT_KEY, honoured only under NODE_ENV=test).
 */
let wa: FakeWaServer;
beforeAll(() => {
  wa = new FakeWaServer().start();
});
const stack = setupStack(() => ({ WA_WS_URL: wa.url, WA_TEST_ROOT_KEY: wa.rootKeyHex }));
afterAll(() => {
  wa?.stop();
});

test("connections: link WhatsApp by QR, disconnect, then ask for a pairing code", async () => {
  const { page, context } = await stack().newPage();
  await signIn(page, SUPER_EMAIL, SUPER_PASSWORD);
  const nav = page.getByRole("navigation");
  await nav.getByRole("link", { name: "Conexões" }).click();
  await page.getByRole("heading", { name: "Conexões" }).waitFor();
  await page.getByText("Nenhuma conexão ainda.").waitFor();

  // Validation, then a WhatsApp connection: it starts at once and shows QR codes.
  await page.getByTestId("connection-add").click();
  const dialog = page.getByRole("dialog");
  await dialog.getByTestId("connection-save").click();
  await dialog.getByText("Obrigatório").waitFor();
  await dialog.getByLabel("Nome", { exact: true }).fill("Loja Centro");
  await dialog.getByTestId("connection-save").click();
  await page.getByText("Conexão salva.").waitFor();
  const row = page.getByTestId("connection-row").filter({ hasText: "Loja Centro" });
  await row.getByTestId("session-qr").waitFor({ timeout: 15_000 });
  await nav.getByTestId("menu-alert").waitFor({ timeout: 5_000 });

  // The QR modal draws the live code; the phone scans it; the modal says so and closes.
  await row.getByTestId("session-qr").click();
  const qr = page.getByRole("dialog");
  await qr.getByTestId("qr-image").waitFor();
  const token = (await page.evaluate(() => localStorage.getItem("token")))!;
  const list = await apiCall<{ id: number; qrcode: string }[]>(stack().server.url, "GET", "/whatsapp?session=0", undefined, token);
  const w = list.data[0];
  const { advSecretKey, identityKey } = parseQr(w.qrcode);
  wa.last("registration")!.pairSuccess({ advSecretKey, identityKey, jid: wa.me.jid, lid: wa.me.lid });
  await qr.getByText("Conectado.").waitFor({ timeout: 15_000 });
  await qr.waitFor({ state: "detached", timeout: 5_000 });
  await row.getByText("Conectado", { exact: true }).waitFor();
  await nav.getByTestId("menu-alert").waitFor({ state: "detached", timeout: 5_000 });

  // Disconnect logs the device out; the row offers "try again" and "new QR".
  await row.getByTestId("session-disconnect").click();
  await row.getByText("Desconectado").waitFor({ timeout: 10_000 });
  await row.getByTestId("session-retry").waitFor();

  // New QR → the pairing-code tab: type the phone number, get the 8-character code.
  await row.getByTestId("session-new-qr").click();
  await qr.getByRole("tab", { name: "Código de pareamento" }).click();
  await qr.getByLabel("Número de telefone (com DDI e DDD)").fill("+1 555 000-1111");
  await qr.getByRole("button", { name: "Gerar código" }).click();
  const code = await qr.getByTestId("pairing-code").textContent({ timeout: 15_000 });
  expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  await page.keyboard.press("Escape");
  await row.getByText("Pareando").waitFor();

  // Queues created after the connection join it (it served every queue there was: none), and a menu
  // of two gets a suggested greeting; with two queues the greeting stays required.
  const q1 = await apiCall<{ id: number }>(stack().server.url, "POST", "/queue", { name: "Vendas", color: "#16a34a" }, token);
  const q2 = await apiCall<{ id: number }>(stack().server.url, "POST", "/queue", { name: "Suporte", color: "#2563eb" }, token);
  expect([q1.status, q2.status]).toEqual([201, 201]);
  await row.getByRole("button", { name: "Editar" }).click();
  await dialog.getByLabel("Mensagem de saudação").waitFor();
  expect(await dialog.getByLabel("Mensagem de saudação").inputValue()).toContain("Como podemos ajudar?");
  await dialog.getByLabel("Mensagem de saudação").fill("");
  await dialog.getByTestId("connection-save").click();
  await dialog.getByText("A mensagem de saudação é obrigatória quando há mais de uma fila.").waitFor();
  await dialog.getByLabel("Mensagem de saudação").fill("Olá! Escolha uma opção:");
  await dialog.getByTestId("connection-save").click();
  await page.getByText("Conexão salva.").first().waitFor();
  const saved = await apiCall<{ queues: { name: string }[]; greetingMessage: string }>(stack().server.url, "GET", `/whatsapp/${w.id}`, undefined, token);
  expect(saved.data.queues.map((q) => q.name)).toEqual(["Vendas", "Suporte"]);
  expect(saved.data.greetingMessage).toBe("Olá! Escolha uma opção:");

  // Delete with confirmation.
  await row.getByRole("button", { name: "Excluir" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Excluir" }).click();
  await page.getByText("Conexão excluída.").waitFor();
  await page.getByText("Nenhuma conexão ainda.").waitFor();
  await context.close();
}, 120_000);

test("the QR dialog says why when WhatsApp cannot be reached, shows the reason on the row, and retries", async () => {
  const { page, context } = await stack().newPage();
  await signIn(page, SUPER_EMAIL, SUPER_PASSWORD);
  const token = (await page.evaluate(() => localStorage.getItem("token")))!;
  // WhatsApp is out of reach: the new connection's session ends, and the row says why in words.
  const port = Number(new URL(wa.url).port);
  wa.stop();
  const created = await apiCall<{ id: number }>(stack().server.url, "POST", "/whatsapp", { name: "Filial Norte" }, token);
  expect(created.status).toBe(201);
  await page.goto("/connections");
  const row = page.getByTestId("connection-row").filter({ hasText: "Filial Norte" });
  await row.getByTestId("close-reason").getByText("Não foi possível falar com o WhatsApp.", { exact: false }).waitFor({ timeout: 15_000 });

  // A new QR while still offline: the dialog says so instead of "Aguardando o QR code…" forever.
  await row.getByTestId("session-new-qr").click();
  const qr = page.getByRole("dialog");
  const trouble = qr.getByTestId("session-trouble");
  await trouble.getByText("Não foi possível falar com o WhatsApp. Verifique a internet do servidor.").waitFor({ timeout: 15_000 });

  // WhatsApp answers nothing (the socket opens, no QR comes): after 20 s the dialog says so.
  wa.silent = true;
  wa.start(port);
  await page.clock.install();
  await trouble.getByRole("button", { name: "Tentar novamente" }).click();
  await trouble.waitFor({ state: "detached" });
  await page.clock.fastForward(21_000);
  await trouble.getByText("O WhatsApp não enviou o QR code em 20 segundos.").waitFor();

  // Back to normal: "Tentar novamente" in the dialog brings the QR.
  wa.silent = false;
  await trouble.getByRole("button", { name: "Tentar novamente" }).click();
  await qr.getByTestId("qr-image").waitFor({ timeout: 15_000 });
  await context.close();
}, 60_000);

test("at phone width a connection's status and session buttons sit under its name: nothing scrolls sideways", async () => {
  const base = stack().server.url;
  const token = (await apiCall<{ token: string }>(base, "POST", "/auth/login", { email: SUPER_EMAIL, password: SUPER_PASSWORD })).data.token;
  await apiCall(base, "POST", "/whatsapp", { name: "Loja Estreita", channel: "sandbox" }, token);
  const { page, context } = await stack().newPage({ width: 390, height: 820 });
  await signIn(page, SUPER_EMAIL, SUPER_PASSWORD);
  await page.goto("/connections");
  const row = page.getByTestId("connection-row").filter({ hasText: "Loja Estreita" });
  await row.getByTestId("connection-status").waitFor();
  await row.getByRole("button", { name: "Desconectar" }).waitFor();
  const widths = await page.evaluate(() => {
    const table = document.querySelector("table");
    const box = table?.parentElement;
    return { page: document.documentElement.scrollWidth, view: innerWidth, table: box?.scrollWidth ?? 0, box: box?.clientWidth ?? 0 };
  });
  expect(widths.page).toBeLessThanOrEqual(widths.view);
  expect(widths.table).toBeLessThanOrEqual(widths.box);
  await context.close();
}, 60_000);
