import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { companies } from "../../src/modules/companies/schema";
import { messages } from "../../src/modules/messages/schema";
import { plans } from "../../src/modules/plans/schema";
import { change, inboundMessage } from "../support/fake-graph";
import { addCloudConnection, answered, cloudApp, rowWhen, webhook } from "../helpers/cloud";

const { graph, t } = await cloudApp();

const TEMPLATES = [
  {
    name: "retorno",
    language: "pt_BR",
    status: "APPROVED",
    category: "UTILITY",
    components: [
      { type: "HEADER", format: "TEXT", text: "Pedido {{1}}" },
      { type: "BODY", text: "Olá {{1}}, podemos continuar pelo {{2}}?" },
      { type: "FOOTER", text: "Loja Centro" },
    ],
  },
  { name: "pendente", language: "pt_BR", status: "PENDING", components: [{ type: "BODY", text: "x" }] },
];

let n = 0;
/** A company with a Cloud API connection and a customer who wrote `hoursAgo` hours ago; the admin holds the ticket. */
async function setup(opts: { hoursAgo?: number; fields?: Record<string, unknown>; open?: boolean } = {}) {
  const { admin } = await t.newCompany();
  const account = graph.addAccount({ templates: structuredClone(TEMPLATES) });
  const w = await addCloudConnection(t, admin.token, account, opts.fields);
  const customer = `55219${String(Date.now()).slice(-6)}${++n}`;
  const path = w.cloudApi!.webhookPath!;
  const say = (content: Record<string, unknown>, at?: number) =>
    webhook(t, path, change(account.numbers[0], inboundMessage(customer, content, { at, name: "Carla Dias" })), { appSecret: account.appSecret });
  await say({ type: "text", text: { body: "oi" } }, Date.now() - (opts.hoursAgo ?? 0) * 3600_000);
  await answered(t, w.id);
  const tickets = (await t.call("GET", "/tickets?status=pending&showAll=true", { token: admin.token })).json.tickets;
  const ticket = tickets.find((x: { contact: { number: string } }) => x.contact.number === customer);
  if (opts.open !== false) await t.call("PUT", `/tickets/${ticket.id}`, { token: admin.token, body: { status: "open", userId: admin.user.id } });
  const lastSent = () => graph.sent.filter((m) => m.phoneNumberId === account.numbers[0].id).at(-1)!;
  return { admin, account, w, customer, ticket, say, lastSent };
}

describe("agents' messages through Graph", () => {
  test("text, reply, media and reaction go out as Graph messages with our id for the statuses", async () => {
    const s = await setup();
    const inbound = (await t.call("GET", `/messages/${s.ticket.id}`, { token: s.admin.token })).json.messages[0];
    const text = (await t.call("POST", `/messages/${s.ticket.id}`, { token: s.admin.token, body: { body: "Bom dia!", quotedMsg: { id: inbound.id } } })).json;
    const body = s.lastSent().body;
    expect(body).toMatchObject({
      messaging_product: "whatsapp",
      to: s.customer,
      type: "text",
      text: { body: "Bom dia!" },
      context: { message_id: inbound.wid },
    });
    expect(typeof body.biz_opaque_callback_data).toBe("string");
    expect(text.wid).toBe(s.lastSent().id);

    const form = new FormData();
    form.append("medias", new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10, ...new Array(64).fill(1)])], "foto.png", { type: "image/png" }));
    form.append("body", "segue a foto");
    const media = await t.call("POST", `/messages/${s.ticket.id}`, { token: s.admin.token, form });
    expect(media.status).toBe(201);
    const sentMedia = s.lastSent().body;
    expect(sentMedia.type).toBe("image");
    expect(sentMedia.image.caption).toBe("segue a foto");
    expect(graph.uploads.get(sentMedia.image.id)?.mime).toBe("image/png");

    const reaction = await t.call("POST", `/messages/reaction/${inbound.id}`, { token: s.admin.token, body: { emoji: "❤️" } });
    expect(reaction.status).toBe(201);
    expect(reaction.json.mediaType).toBe("reactionMessage");
    expect(s.lastSent().body).toMatchObject({ type: "reaction", reaction: { message_id: inbound.wid, emoji: "❤️" } });
    expect((await t.call("POST", `/messages/reaction/${inbound.id}`, { token: s.admin.token, body: { emoji: "abc" } })).status).toBe(400);
  });

  test("Graph's refusals become the message's failure reason; a revoked token keeps it waiting", async () => {
    const s = await setup();
    const cases: [number, number, string][] = [
      [400, 131047, "ERR_CLOUD_WINDOW_CLOSED"],
      [429, 130429, "ERR_CLOUD_RATE_LIMIT"],
      [400, 368, "ERR_CLOUD_POLICY"],
      [400, 132001, "ERR_CLOUD_TEMPLATE"],
    ];
    for (const [status, code, reason] of cases) {
      graph.failures.push({ status, code, message: "refused" });
      const r = (await t.call("POST", `/messages/${s.ticket.id}`, { token: s.admin.token, body: { body: `tentativa ${code}` } })).json;
      expect(r.sendStatus).toBe("failed");
      expect(r.sendError).toBe(reason);
    }
    graph.failures.push({ status: 401, code: 190, message: "expired" });
    const r = (await t.call("POST", `/messages/${s.ticket.id}`, { token: s.admin.token, body: { body: "depois do token" } })).json;
    expect(r.sendStatus).toBe("queued");
    const row = await rowWhen(t, s.admin.token, s.w.id, "DISCONNECTED");
    expect(row.closeReason).toBe("cloud_token_invalid");
    expect(row.cloudApi!.errorsLastHour).toBeGreaterThanOrEqual(5);
  });

  test("delete for everyone does not exist on the Cloud API: ERR_DELETE_WAPP_MSG", async () => {
    const s = await setup();
    const m = (await t.call("POST", `/messages/${s.ticket.id}`, { token: s.admin.token, body: { body: "apagar?" } })).json;
    const r = await t.call("DELETE", `/messages/${m.id}`, { token: s.admin.token });
    expect(r.json.error).toBe("ERR_DELETE_WAPP_MSG");
  });
});

describe("the 24-hour window and templates", () => {
  test("outside the window free text is refused before anything is stored; a template goes, filled from the contact", async () => {
    const s = await setup({ hoursAgo: 25 });
    const page = (await t.call("GET", `/messages/${s.ticket.id}`, { token: s.admin.token })).json;
    expect(page.window.open).toBe(false);
    expect(Date.parse(page.window.closesAt)).toBeLessThan(Date.now());
    const sentBefore = graph.sent.length;
    const refused = await t.call("POST", `/messages/${s.ticket.id}`, { token: s.admin.token, body: { body: "ainda está aí?" } });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toBe("ERR_CLOUD_WINDOW_CLOSED");
    expect(await t.db.select().from(messages).where(eq(messages.body, "ainda está aí?"))).toEqual([]);
    expect(graph.sent.length).toBe(sentBefore);

    const choice = { name: "retorno", language: "pt_BR", params: ["#123", "{{firstName}}", "WhatsApp"] };
    const sent = await t.call("POST", `/messages/${s.ticket.id}/template`, { token: s.admin.token, body: choice });
    expect(sent.status).toBe(201);
    expect(sent.json.templateName).toBe("retorno");
    expect(sent.json.body).toBe("*Pedido #123*\n\nOlá Carla, podemos continuar pelo WhatsApp?\n\n_Loja Centro_");
    expect(s.lastSent().body.template).toEqual({
      name: "retorno",
      language: { code: "pt_BR" },
      components: [
        { type: "header", parameters: [{ type: "text", text: "#123" }] },
        {
          type: "body",
          parameters: [
            { type: "text", text: "Carla" },
            { type: "text", text: "WhatsApp" },
          ],
        },
      ],
    });

    // The customer answers: the window opens again and free text goes.
    await s.say({ type: "text", text: { body: "sim" } });
    await answered(t, s.w.id);
    expect((await t.call("GET", `/messages/${s.ticket.id}`, { token: s.admin.token })).json.window.open).toBe(true);
    expect((await t.call("POST", `/messages/${s.ticket.id}`, { token: s.admin.token, body: { body: "ótimo" } })).status).toBe(201);
  });

  test("a template must be approved, sendable and filled; only Cloud API tickets take one", async () => {
    const s = await setup({ hoursAgo: 30 });
    const send = (body: unknown) => t.call("POST", `/messages/${s.ticket.id}/template`, { token: s.admin.token, body });
    expect((await send({ name: "pendente", language: "pt_BR" })).json.error).toBe("ERR_NO_TEMPLATE_FOUND");
    expect((await send({ name: "retorno", language: "en_US", params: ["1", "2", "3"] })).json.error).toBe("ERR_NO_TEMPLATE_FOUND");
    const missing = await send({ name: "retorno", language: "pt_BR", params: ["#1", ""] });
    expect(missing.status).toBe(400);
    expect(missing.json.fields["params.1"]).toBe("validation.required");
    const other = await t.newCompany();
    expect((await t.call("POST", `/messages/${s.ticket.id}/template`, { token: other.admin.token, body: { name: "retorno", language: "pt_BR" } })).status).toBe(
      404,
    );
    const agent = await t.newUser(s.admin.token);
    expect((await t.call("POST", `/messages/${s.ticket.id}/template`, { token: agent.token, body: { name: "retorno", language: "pt_BR" } })).status).toBe(403);
  });
});

describe("the chatbot's menus", () => {
  const queues = async (token: string, names: string[]) => {
    const ids: number[] = [];
    for (const [i, name] of names.entries()) {
      ids.push(
        (
          await t.call("POST", "/queue", {
            token,
            body: { name, color: `#${(0x100000 + i * 4321).toString(16)}`, greetingMessage: `Fila ${name}`, orderQueue: i + 1 },
          })
        ).json.id,
      );
    }
    return ids;
  };

  test("up to 3 queues go as reply buttons; a tap answers with its id, a typed number works too", async () => {
    const { admin } = await t.newCompany();
    const ids = await queues(admin.token, ["Vendas", "Suporte"]);
    const account = graph.addAccount();
    const w = await addCloudConnection(t, admin.token, account, { queueIds: ids, greetingMessage: "Olá! Escolha:" });
    const customer = `5531999${String(++n).padStart(5, "0")}`;
    const say = (content: Record<string, unknown>) =>
      webhook(t, w.cloudApi!.webhookPath!, change(account.numbers[0], inboundMessage(customer, content)), { appSecret: account.appSecret });
    await say({ type: "text", text: { body: "oi" } });
    await answered(t, w.id);
    const menu = graph.sent.at(-1)!.body;
    expect(menu.type).toBe("interactive");
    expect(menu.interactive).toEqual({
      type: "button",
      body: { text: "Olá! Escolha:" },
      action: {
        buttons: [
          { type: "reply", reply: { id: "1", title: "Vendas" } },
          { type: "reply", reply: { id: "2", title: "Suporte" } },
        ],
      },
    });
    // The chat shows the same menu as numbered text.
    const stored = (
      await t.db
        .select()
        .from(messages)
        .where(eq(messages.wid, graph.sent.at(-1)!.id))
        .limit(1)
    )[0]!;
    expect(stored.body).toContain("*[ 2 ]* - Suporte");
    await say({ type: "interactive", interactive: { type: "button_reply", button_reply: { id: "2", title: "Suporte" } } });
    await answered(t, w.id);
    const list = (await t.call("GET", "/tickets?status=pending&showAll=true", { token: admin.token })).json.tickets;
    const ticket = list.find((x: { contact: { number: string } }) => x.contact.number === customer);
    expect(ticket.queueId).toBe(ids[1]);
    const inbound = (await t.call("GET", `/messages/${ticket.id}`, { token: admin.token })).json.messages.filter((m: { fromMe: boolean }) => !m.fromMe);
    expect(inbound.at(-1).body).toBe("Suporte");
    // Typing the number still works.
    const other = `5531977${String(++n).padStart(5, "0")}`;
    const type = (body: string) =>
      webhook(t, w.cloudApi!.webhookPath!, change(account.numbers[0], inboundMessage(other, { type: "text", text: { body } })), {
        appSecret: account.appSecret,
      });
    await type("olá");
    await type("1");
    await answered(t, w.id);
    const typed = (await t.call("GET", "/tickets?status=pending&showAll=true", { token: admin.token })).json.tickets.find(
      (x: { contact: { number: string } }) => x.contact.number === other,
    );
    expect(typed.queueId).toBe(ids[0]);
  });

  test("4 to 10 choices go as a list; more go as numbered text", async () => {
    const { admin } = await t.newCompany();
    const four = await queues(admin.token, ["Um", "Dois", "Três", "Quatro com um nome bem comprido demais"]);
    const a = graph.addAccount();
    const w = await addCloudConnection(t, admin.token, a, { queueIds: four, greetingMessage: "Menu" });
    await webhook(t, w.cloudApi!.webhookPath!, change(a.numbers[0], inboundMessage("5531988800001", { type: "text", text: { body: "oi" } })), {
      appSecret: a.appSecret,
    });
    await answered(t, w.id);
    const list = graph.sent.at(-1)!.body.interactive;
    expect(list.type).toBe("list");
    expect(list.action.sections[0].rows.map((r: { id: string }) => r.id)).toEqual(["1", "2", "3", "4"]);
    expect(list.action.sections[0].rows[3]).toEqual({ id: "4", title: "Quatro com um nome bem…", description: "Quatro com um nome bem comprido demais" });

    const big = await t.newCompany();
    const plan = (
      await t.db
        .insert(plans)
        .values({ name: `Grande ${Date.now()}`, users: 5, connections: 5, queues: 20, value: 1, createdAt: "", updatedAt: "" })
        .returning()
    )[0];
    await t.db.update(companies).set({ planId: plan.id }).where(eq(companies.id, big.company.id));
    const many = await queues(
      big.admin.token,
      Array.from({ length: 11 }, (_, i) => `Fila ${i + 1}`),
    );
    const b = graph.addAccount();
    const w2 = await addCloudConnection(t, big.admin.token, b, { queueIds: many, greetingMessage: "Menu" });
    await webhook(t, w2.cloudApi!.webhookPath!, change(b.numbers[0], inboundMessage("5531988800002", { type: "text", text: { body: "oi" } })), {
      appSecret: b.appSecret,
    });
    await answered(t, w2.id);
    const plain = graph.sent.at(-1)!.body;
    expect(plain.type).toBe("text");
    expect(plain.text.body).toContain("*[ 11 ]* - Fila 11");
  });
});
