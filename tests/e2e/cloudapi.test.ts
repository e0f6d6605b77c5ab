import { afterAll, expect, test } from "bun:test";
import { change, deliver, inboundMessage, startFakeGraph } from "../support/fake-graph";
import { SUPER_EMAIL, SUPER_PASSWORD, setupStack, signIn } from "./harness";

const graph = startFakeGraph();
afterAll(() => graph.stop());
const stack = setupStack(() => ({ CLOUD_API_URL: graph.url }));

const account = graph.addAccount({
  templates: [
    {
      name: "retomar_conversa",
      language: "pt_BR",
      status: "APPROVED",
      category: "UTILITY",
      components: [{ type: "BODY", text: "Olá {{1}}, podemos continuar seu atendimento por aqui?" }],
    },
  ],
});

/** Meta posts a signed delivery to the server's webhook URL. */
const post = (url: string, payload: unknown) =>
  deliver((path, body, headers) => fetch(`${stack().server.url}${path}`, { method: "POST", headers, body }), new URL(url).pathname, payload, {
    appSecret: account.appSecret,
  });

test("Cloud API: add the connection, receive a message, reply; outside the 24-hour window only a template goes", async () => {
  const { page, context } = await stack().newPage();
  await signIn(page, SUPER_EMAIL, SUPER_PASSWORD);
  const nav = page.getByRole("navigation");
  await nav.getByRole("link", { name: "Conexões" }).click();
  await page.getByTestId("connection-add").click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Nome", { exact: true }).fill("Número oficial");
  await dialog.getByRole("button", { name: "WhatsApp" }).click();
  await page.getByRole("option", { name: "WhatsApp Cloud API" }).click();
  await dialog.getByLabel("ID do número de telefone").fill(account.numbers[0].id);
  await dialog.getByLabel("ID da conta do WhatsApp Business").fill(account.wabaId);
  // A wrong token is refused by Meta, under its field, before anything is saved.
  await dialog.getByLabel("Token de acesso permanente").fill("EAAGtokeninvalido");
  await dialog.getByLabel("Chave secreta do app").fill(account.appSecret);
  await dialog.getByTestId("connection-save").click();
  await dialog.getByText("A Meta recusou o token de acesso").waitFor();
  await dialog.getByLabel("Token de acesso permanente").fill(account.token);
  await dialog.getByTestId("connection-save").click();

  // Saved: the webhook to paste at Meta is shown at once.
  const setup = page.getByRole("dialog").filter({ hasText: "Configurar o webhook na Meta" });
  const webhookUrl = (await setup.getByTestId("cloud-webhook-url").textContent())!;
  const verifyToken = (await setup.getByTestId("cloud-verify-token").textContent())!;
  expect(webhookUrl).toStartWith(`${stack().server.url}/cloudapi/webhook/`);
  await setup.getByRole("button", { name: "Fechar" }).click();
  const row = page.getByTestId("connection-row").filter({ hasText: "Número oficial" });
  await row.getByText("Conectado").waitFor();
  await row.getByText(account.numbers[0].display_phone_number).waitFor();

  // Meta checks the webhook, then delivers a customer's message.
  const check = await fetch(`${webhookUrl}?hub.mode=subscribe&hub.verify_token=${verifyToken}&hub.challenge=424242`);
  expect(await check.text()).toBe("424242");
  expect(
    (
      await post(
        webhookUrl,
        change(account.numbers[0], inboundMessage("5511987650002", { type: "text", text: { body: "Oi, meu pedido atrasou" } }, { name: "Bruna Lima" })),
      )
    ).status,
  ).toBe(200);

  await nav.getByRole("link", { name: "Atendimentos" }).click();
  await page.getByTestId("tab-pending").click();
  const card = page.getByTestId("ticket-card").filter({ hasText: "Bruna Lima" });
  await card.getByRole("button", { name: "Aceitar" }).click();
  await page.getByTestId("message").filter({ hasText: "Oi, meu pedido atrasou" }).waitFor();
  await page.getByTestId("window-open").waitFor();
  const input = page.getByTestId("message-input");
  await input.fill("Vou verificar agora mesmo.");
  await input.press("Enter");
  await page.locator('[data-testid="message"][data-from-me="true"]').filter({ hasText: "Vou verificar agora mesmo." }).waitFor();
  // The chat shows the message once stored; the outbox sends it to the Graph API right after.
  const sentToGraph = () => graph.sent.some((m) => m.body.type === "text" && m.body.text.body.includes("Vou verificar agora mesmo."));
  for (let i = 0; i < 100 && !sentToGraph(); i++) await Bun.sleep(100);
  expect(sentToGraph()).toBe(true);

  // Another customer last wrote 26 hours ago: the chat says so before anyone types, and offers the templates.
  await post(
    webhookUrl,
    change(
      account.numbers[0],
      inboundMessage("5511987650003", { type: "text", text: { body: "Vocês abrem sábado?" } }, { name: "Caio Reis", at: Date.now() - 26 * 3600_000 }),
    ),
  );
  await page.getByTestId("tab-pending").click();
  await page.getByTestId("ticket-card").filter({ hasText: "Caio Reis" }).getByRole("button", { name: "Aceitar" }).click();
  const closed = page.getByTestId("window-closed");
  await closed.getByText("Janela de 24 horas encerrada").waitFor();
  expect(await page.getByTestId("message-input").isDisabled()).toBe(true);
  await closed.getByTestId("template-open").click();
  const picker = page.getByRole("dialog").filter({ hasText: "Enviar modelo" });
  await picker.getByRole("button", { name: "Escolha um modelo" }).click();
  await page.getByRole("option", { name: "retomar_conversa · pt_BR" }).click();
  await picker.getByTestId("template-param-0").fill("{{firstName}}");
  await picker.getByTestId("template-preview").getByText("Olá Caio, podemos continuar").waitFor();
  await picker.getByTestId("template-send").click();
  const sent = page.locator('[data-testid="message"][data-from-me="true"]').filter({ hasText: "Olá Caio, podemos continuar seu atendimento por aqui?" });
  await sent.getByTestId("template-badge").waitFor();
  const template = graph.sent.at(-1)!.body;
  expect(template.type).toBe("template");
  expect(template.template.components[0].parameters[0].text).toBe("Caio");
  await context.close();
}, 120_000);
