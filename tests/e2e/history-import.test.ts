/**
 * Recent history on linking, end to end: the real server with the real Baileys client linked to the
 * fake WhatsApp server. The connection is set to import 7 days; after the link the phone sends its
 * history sync; the 1:1 chats of the week become closed tickets, once, the bot stays quiet, and the
 * connection row shows the progress line.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { historyNotification } from "../support/fake-wa-history";
import { FakeWaServer, parseQr } from "../support/fake-wa-server";
import { apiCall, signIn, SUPER_EMAIL, SUPER_PASSWORD, setupStack } from "./harness";

let wa: FakeWaServer;
beforeAll(() => {
  wa = new FakeWaServer().start();
});
const stack = setupStack(() => ({ WA_WS_URL: wa.url, WA_TEST_ROOT_KEY: wa.rootKeyHex }));
afterAll(() => wa?.stop());

test("a number linked with 'last 7 days' imports its recent 1:1 chats as closed tickets, once, quietly", async () => {
  const { page, context } = await stack().newPage();
  await signIn(page, SUPER_EMAIL, SUPER_PASSWORD);
  const token = (await page.evaluate(() => localStorage.getItem("token")))!;
  const api = <T = unknown>(method: string, path: string, body?: unknown) => apiCall<T>(stack().server.url, method, path, body, token);
  // a greeting and a chatbot queue that must NOT fire for imported history
  const queue = await api<{ id: number }>("POST", "/queue", { name: "Vendas", color: "#16a34a", greetingMessage: "Bem-vindo às Vendas!" });
  const created = await api<{ id: number }>("POST", "/whatsapp", {
    name: "Loja Histórico",
    historyDays: 7,
    greetingMessage: "Olá! Escolha uma opção:",
    queueIds: [queue.data.id],
  });
  expect(created.status).toBe(201);
  const id = created.data.id;
  let qr = "";
  for (let i = 0; i < 100 && !qr; i++) {
    qr = (await api<{ qrcode: string }>("GET", `/whatsapp/${id}`)).data.qrcode;
    if (!qr) await Bun.sleep(100);
  }
  const { advSecretKey, identityKey } = parseQr(qr);
  wa.last("registration")!.pairSuccess({ advSecretKey, identityKey, jid: wa.me.jid, lid: wa.me.lid });
  await page.goto("/connections");
  const row = page.getByTestId("connection-row").filter({ hasText: "Loja Histórico" });
  await row.getByText("Conectado", { exact: true }).waitFor({ timeout: 15_000 });

  const day = 86_400_000;
  const now = Date.now();
  const phone = wa.me.jid.replace(/:\d+@/, "@");
  const history = historyNotification([
    {
      jid: "5511922221111@s.whatsapp.net",
      messages: [
        { id: "H-A1", fromMe: false, text: "Vocês têm o modelo azul?", at: now - 2 * day, pushName: "Rita Histórico" },
        { id: "H-A2", fromMe: true, text: "Temos sim, no tamanho M.", at: now - 2 * day + 60_000 },
      ],
    },
    { jid: "5511933332222@s.whatsapp.net", messages: [{ id: "H-B1", fromMe: false, text: "Pedido de janeiro", at: now - 40 * day, pushName: "Antigo" }] },
  ]);
  wa.last("login")!.message({ from: phone, id: "HIST-NOTIF-1", content: history });

  await row.getByTestId("connection-history").filter({ hasText: "Histórico importado" }).waitFor({ timeout: 15_000 });
  expect(await row.getByTestId("connection-history").textContent()).toContain("1 conversa, 2 mensagens");
  const closed = await api<{ tickets: { id: number; status: string; contact: { name: string } }[] }>("GET", "/tickets?status=closed&showAll=true");
  expect(closed.data.tickets.map((x) => [x.contact.name, x.status])).toEqual([["Rita Histórico", "closed"]]);
  const msgs = await api<{ messages: { body: string; fromMe: boolean }[] }>("GET", `/messages/${closed.data.tickets[0].id}`);
  expect(msgs.data.messages.map((m) => [m.body, m.fromMe])).toEqual([
    ["Vocês têm o modelo azul?", false],
    ["Temos sim, no tamanho M.", true],
  ]);
  const pending = await api<{ tickets: unknown[] }>("GET", "/tickets?status=pending&showAll=true");
  expect(pending.data.tickets).toEqual([]);

  // the same history again (a re-sent chunk): nothing new
  wa.last("login")!.message({ from: phone, id: "HIST-NOTIF-2", content: history });
  await Bun.sleep(1_500);
  const again = await api<{ tickets: { id: number }[] }>("GET", "/tickets?status=closed&showAll=true");
  expect(again.data.tickets).toHaveLength(1);
  expect((await api<{ messages: unknown[] }>("GET", `/messages/${closed.data.tickets[0].id}`)).data.messages).toHaveLength(2);
  // the bot stayed quiet: the client sent no message to anyone
  expect(wa.log.filter((l) => l.type === "message")).toHaveLength(0);
  await context.close();
}, 90_000);
