/**
 * Cloud API connections in the rest of the product: campaigns and schedules send their template to
 * customers outside the 24-hour window (and their text inside it), the send API takes a template and
 * refuses free text outside the window, transfer and close work as on any connection.
 */
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { sendDueSchedules } from "../../src/modules/schedules/jobs";
import { tickets, userRatings } from "../../src/modules/tickets/schema";
import { change, inboundMessage } from "../support/fake-graph";
import { addCloudConnection, answered, cloudApp, webhook } from "../helpers/cloud";

const { graph, t } = await cloudApp();
t.deps.config.campaignSecondMs = 1;

const TEMPLATE = {
  name: "novidades",
  language: "pt_BR",
  status: "APPROVED",
  category: "MARKETING",
  components: [{ type: "BODY", text: "Oi {{1}}! Temos novidades na {{2}}." }],
};

async function setup() {
  const { admin, company } = await t.newCompany();
  const account = graph.addAccount({ templates: [structuredClone(TEMPLATE)] });
  const w = await addCloudConnection(t, admin.token, account, { token: `api-${crypto.randomUUID()}` });
  await t.call("GET", `/whatsapp/${w.id}/templates`, { token: admin.token });
  const say = (number: string, body: string, at = Date.now()) =>
    webhook(
      t,
      w.cloudApi!.webhookPath!,
      change(account.numbers[0], inboundMessage(number, { type: "text", text: { body } }, { at, name: `Cliente ${number.slice(-2)}` })),
      {
        appSecret: account.appSecret,
      },
    );
  const sentTo = (number: string) => graph.sent.filter((m) => m.phoneNumberId === account.numbers[0].id && m.body.to === number);
  return { admin, company, account, w, say, sentTo };
}

describe("campaigns on a Cloud API connection", () => {
  test("a template is required; outside the window it goes, inside the window the text goes", async () => {
    const s = await setup();
    const inside = "5511960000001";
    const outside = "5511960000002";
    await s.say(inside, "quero saber das ofertas");
    await answered(t, s.w.id);
    const list = (await t.call("POST", "/contact-lists", { token: s.admin.token, body: { name: "Clientes" } })).json;
    for (const [i, number] of [inside, outside].entries()) {
      await t.call("POST", "/contact-list-items", { token: s.admin.token, body: { contactListId: list.id, name: `Pessoa ${i + 1}`, number } });
    }
    const base = {
      name: "Ofertas",
      message1: "Olá {nome}, as ofertas chegaram!",
      whatsappId: s.w.id,
      contactListId: list.id,
      scheduledAt: new Date(Date.now() - 1000).toISOString(),
    };
    const noTemplate = await t.call("POST", "/campaigns", { token: s.admin.token, body: base });
    expect(noTemplate.status).toBe(400);
    expect(noTemplate.json.error).toBe("ERR_TEMPLATE_REQUIRED");
    const unknown = await t.call("POST", "/campaigns", {
      token: s.admin.token,
      body: { ...base, template: { name: "nao_existe", language: "pt_BR", params: [] } },
    });
    expect(unknown.json.error).toBe("ERR_NO_TEMPLATE_FOUND");
    const r = await t.call("POST", "/campaigns", {
      token: s.admin.token,
      body: { ...base, template: { name: "novidades", language: "pt_BR", params: ["{nome}", "{{date}}"] } },
    });
    expect(r.status).toBe(201);
    expect(r.json.template.name).toBe("novidades");
    for (let i = 0; i < 40 && (await t.call("GET", `/campaigns/${r.json.id}`, { token: s.admin.token })).json.status !== "FINALIZADA"; i++) {
      await t.deps.jobs.runNow("campaigns.dispatch");
    }
    const toInside = s.sentTo(inside).at(-1)!.body;
    expect(toInside.type).toBe("text");
    expect(toInside.text.body).toBe("Olá Pessoa 1, as ofertas chegaram!");
    const toOutside = s.sentTo(outside).at(-1)!.body;
    expect(toOutside.type).toBe("template");
    expect(toOutside.template.components[0].parameters[0].text).toBe("Pessoa 2");
    expect(toOutside.template.components[0].parameters[1].text).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    const report = (await t.call("GET", `/campaigns/${r.json.id}/shipping`, { token: s.admin.token })).json.shipping;
    expect(report.every((x: { deliveredAt: string | null }) => x.deliveredAt)).toBe(true);
  });

  test("a template on a connection that is not Cloud API is refused", async () => {
    const s = await setup();
    const sandbox = (await t.call("POST", "/whatsapp", { token: s.admin.token, body: { name: "Teste", channel: "sandbox" } })).json;
    const r = await t.call("POST", "/campaigns", {
      token: s.admin.token,
      body: { name: "Errada", whatsappId: sandbox.id, template: { name: "novidades", language: "pt_BR", params: ["a", "b"] } },
    });
    expect(r.status).toBe(400);
    expect(r.json.error).toBe("ERR_CLOUD_ONLY");
  });
});

describe("schedules on a Cloud API connection", () => {
  test("outside the window the template goes; without one the schedule fails with the reason", async () => {
    const s = await setup();
    const number = "5511960000010";
    await s.say(number, "oi", Date.now() - 30 * 3600_000);
    await answered(t, s.w.id);
    const contact = (await t.call("GET", `/contacts?searchParam=${number}`, { token: s.admin.token })).json.contacts[0];
    const sendAt = new Date(Date.now() - 1000).toISOString();
    const withTemplate = await t.call("POST", "/schedules", {
      token: s.admin.token,
      body: {
        body: "Lembrete da sua visita",
        contactId: contact.id,
        sendAt,
        template: { whatsappId: s.w.id, name: "novidades", language: "pt_BR", params: ["{{firstName}}", "loja"] },
      },
    });
    expect(withTemplate.status).toBe(201);
    expect(withTemplate.json.template.name).toBe("novidades");
    await sendDueSchedules(t.deps);
    const sent = s.sentTo(number).at(-1)!.body;
    expect(sent.type).toBe("template");
    expect(sent.template.components[0].parameters[0].text).toBe("Cliente");
    expect((await t.call("GET", `/schedules/${withTemplate.json.id}`, { token: s.admin.token })).json.status).toBe("ENVIADA");

    const plain = await t.call("POST", "/schedules", { token: s.admin.token, body: { body: "Sem modelo aqui", contactId: contact.id, sendAt } });
    await sendDueSchedules(t.deps);
    const failed = (await t.call("GET", `/schedules/${plain.json.id}`, { token: s.admin.token })).json;
    expect(failed.status).toBe("ERRO");
    expect(failed.error).toBe("ERR_CLOUD_WINDOW_CLOSED");
    const stranger = await t.newCompany();
    const foreign = await t.call("POST", "/schedules", {
      token: stranger.admin.token,
      body: {
        body: "Tentativa alheia",
        contactId: contact.id,
        sendAt,
        template: { whatsappId: s.w.id, name: "novidades", language: "pt_BR", params: ["a", "b"] },
      },
    });
    expect(foreign.status).toBe(400);
  });
});

describe("the send API on a Cloud API connection", () => {
  test("free text outside the window is refused; a template goes; a template elsewhere is refused", async () => {
    const s = await setup();
    const token = (await t.call("GET", `/whatsapp/${s.w.id}`, { token: s.admin.token })).json.token as string;
    const send = (body: unknown) => t.call("POST", "/api/messages/send", { body, headers: { authorization: `Bearer ${token}` } });
    const number = "5511960000020";
    const refused = await send({ number, body: "Seu pedido saiu" });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toBe("ERR_CLOUD_WINDOW_CLOSED");
    const ok = await send({ number, template: { name: "novidades", language: "pt_BR", params: ["{{firstName}}", "loja"] } });
    expect(ok.status).toBe(200);
    expect(ok.json.messages[0].status).toBe("sent");
    expect(s.sentTo(number).at(-1)!.body.type).toBe("template");
    await s.say(number, "recebi");
    await answered(t, s.w.id);
    expect((await send({ number, body: "Que bom!" })).status).toBe(200);
    expect(s.sentTo(number).at(-1)!.body.text.body).toBe("Que bom!");
    const sandboxToken = `sbx-${crypto.randomUUID()}`;
    await t.call("POST", "/whatsapp", { token: s.admin.token, body: { name: "Simulador", channel: "sandbox", token: sandboxToken } });
    const elsewhere = await t.call("POST", "/api/messages/send", {
      body: { number, template: { name: "novidades", language: "pt_BR" } },
      headers: { authorization: `Bearer ${sandboxToken}` },
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.json.error).toBe("ERR_CLOUD_ONLY");
  });
});

describe("tickets on a Cloud API connection", () => {
  test("transfer, close and the rating work as on any connection (the rating prompt goes through Graph)", async () => {
    const s = await setup();
    await t.call("PUT", "/settings/userRating", { token: s.admin.token, body: { value: "enabled" } });
    const number = "5511960000030";
    await s.say(number, "preciso de ajuda");
    await answered(t, s.w.id);
    const ticket = (await t.call("GET", "/tickets?status=pending&showAll=true", { token: s.admin.token })).json.tickets.find(
      (x: { contact: { number: string } }) => x.contact.number === number,
    );
    const queue = (await t.call("POST", "/queue", { token: s.admin.token, body: { name: "Financeiro", color: "#123456", greetingMessage: "" } })).json;
    const agent = await t.newUser(s.admin.token, { queueIds: [queue.id] });
    expect((await t.call("PUT", `/tickets/${ticket.id}`, { token: s.admin.token, body: { status: "open", userId: agent.id, queueId: queue.id } })).status).toBe(
      200,
    );
    expect((await t.call("POST", `/messages/${ticket.id}`, { token: agent.token, body: { body: "Olá, sou do financeiro" } })).status).toBe(201);
    const closed = await t.call("PUT", `/tickets/${ticket.id}`, { token: agent.token, body: { status: "closed" } });
    expect(closed.json).toMatchObject({ status: "open", awaitingRating: true });
    expect(s.sentTo(number).at(-1)!.body.type).toBe("text");
    await s.say(number, "3");
    await answered(t, s.w.id);
    const rated = (await t.db.select().from(userRatings).where(eq(userRatings.ticketId, ticket.id)).limit(1))[0];
    expect(rated?.rate).toBe(3);
    expect((await t.db.select().from(tickets).where(eq(tickets.id, ticket.id)).limit(1))[0]?.status).toBe("closed");
  });
});
