import { describe, expect, test } from "bun:test";
import { messages } from "../../src/modules/messages/schema";
import { eq } from "drizzle-orm";
import { change, inboundMessage, sign, statusOf, wamid } from "../support/fake-graph";
import { addCloudConnection, answered, cloudApp, until, webhook } from "../helpers/cloud";

const { graph, t } = await cloudApp();

let n = 0;
async function setup() {
  const { admin, company } = await t.newCompany();
  const account = graph.addAccount();
  const w = await addCloudConnection(t, admin.token, account);
  const customer = `55119${String(Date.now()).slice(-6)}${++n}`;
  const path = w.cloudApi!.webhookPath!;
  const say = (content: Record<string, unknown>, opts: Parameters<typeof inboundMessage>[2] = {}) =>
    webhook(t, path, change(account.numbers[0], inboundMessage(customer, content, opts)), { appSecret: account.appSecret });
  const ticketOf = async () => {
    const r = await t.call("GET", "/tickets?status=pending&showAll=true", { token: admin.token });
    return r.json.tickets.find((x: { contact: { number: string } }) => x.contact.number === customer);
  };
  const history = async (ticketId: number) => (await t.call("GET", `/messages/${ticketId}`, { token: admin.token })).json;
  return { admin, company, account, w, customer, path, say, ticketOf, history };
}

describe("customers' messages through the webhook", () => {
  test("a signed text opens a ticket, once, however often Meta delivers it", async () => {
    const s = await setup();
    const id = wamid();
    const before = t.framesOf("appMessage").length;
    const r = await s.say({ type: "text", text: { body: "Olá, quero um orçamento" } }, { id, name: "Ana Souza" });
    expect(r.status).toBe(200);
    expect(await r.text()).toBe("EVENT_RECEIVED");
    expect((await s.say({ type: "text", text: { body: "Olá, quero um orçamento" } }, { id })).status).toBe(200);
    await answered(t, s.w.id);
    const ticket = await s.ticketOf();
    expect(ticket.contact.name).toBe("Ana Souza");
    expect(ticket.whatsappId).toBe(s.w.id);
    const page = await s.history(ticket.id);
    expect(page.messages.map((m: { body: string }) => m.body)).toEqual(["Olá, quero um orçamento"]);
    expect(
      t
        .framesOf("appMessage")
        .slice(before)
        .filter((f) => f.frame.action === "create"),
    ).toHaveLength(1);
    expect(page.window.open).toBe(true);
    const row = (await t.call("GET", `/whatsapp/${s.w.id}`, { token: s.admin.token })).json;
    expect(row.cloudApi.lastWebhookAt).toBeTruthy();
    expect(row.lastMessageAt).toBeTruthy();
  });

  test("a bad, missing or other company's signature answers 401 and stores nothing", async () => {
    const a = await setup();
    const b = await setup();
    const payload = change(a.account.numbers[0], inboundMessage(a.customer, { type: "text", text: { body: "injetada" } }));
    const raw = JSON.stringify(payload);
    const cases = [
      await webhook(t, a.path, payload, { signature: null }),
      await webhook(t, a.path, payload, { appSecret: "0123456789abcdef0123456789abcdef" }),
      await webhook(t, a.path, payload, { signature: sign(`${raw} `, a.account.appSecret) }),
      // signed with A's secret, posted to B's webhook
      await webhook(t, b.path, payload, { appSecret: a.account.appSecret }),
    ];
    for (const r of cases) {
      expect(r.status).toBe(401);
      expect((await r.json()).error).toBe("ERR_CLOUD_SIGNATURE_INVALID");
    }
    expect(await t.db.select().from(messages).where(eq(messages.body, "injetada"))).toEqual([]);
    expect((await webhook(t, "/cloudapi/webhook/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", payload, { appSecret: a.account.appSecret })).status).toBe(404);
    const row = (await t.call("GET", `/whatsapp/${a.w.id}`, { token: a.admin.token })).json;
    expect(row.cloudApi.errorsLastHour).toBe(3);
  });

  test("a delivery past its bound is refused before it is read (413)", async () => {
    const s = await setup();
    const huge = change(s.account.numbers[0], inboundMessage(s.customer, { type: "text", text: { body: "x".repeat(3 * 1024 * 1024) } }));
    const r = await webhook(t, s.path, huge, { appSecret: s.account.appSecret });
    expect(r.status).toBe(413);
  });

  test("media is downloaded through Graph with the token; location, contacts, replies and reactions are stored as on WhatsApp", async () => {
    const s = await setup();
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new Array(200).fill(7)]);
    const mediaId = graph.addMedia(s.account, jpeg, "image/jpeg");
    const first = wamid();
    await s.say({ type: "image", image: { id: mediaId, mime_type: "image/jpeg", caption: "a foto" } }, { id: first });
    await s.say({ type: "location", location: { latitude: -23.55, longitude: -46.63, name: "Loja" } });
    await s.say({
      type: "contacts",
      contacts: [{ name: { formatted_name: "João Lima", first_name: "João" }, phones: [{ phone: "+55 11 98888-7777", wa_id: "5511988887777", type: "CELL" }] }],
    });
    await s.say({ type: "text", text: { body: "sobre a foto" } }, { context: first });
    await s.say({ type: "reaction", reaction: { message_id: first, emoji: "👍" } });
    await answered(t, s.w.id);
    const ticket = await s.ticketOf();
    const list = (await s.history(ticket.id)).messages;
    const [image, location, contact, reply, reaction] = list;
    expect(image.mediaType).toBe("image");
    expect(image.body).toBe("a foto");
    const file = await t.call("GET", image.mediaUrl, { token: s.admin.token });
    expect(file.status).toBe(200);
    expect(location.mediaType).toBe("locationMessage");
    expect(location.body).toContain("-23.55%2C-46.63");
    expect(contact.mediaType).toBe("contactMessage");
    expect(contact.body).toContain("waid=5511988887777");
    expect(reply.quotedMsg.body).toBe("a foto");
    expect(reaction.mediaType).toBe("reactionMessage");
    expect(reaction.body).toBe("👍");
    expect(reaction.quotedMsg.id).toBe(image.id);
  });

  test("media past WhatsApp's size for its kind is not downloaded; the message is kept without it", async () => {
    const s = await setup();
    const big = graph.addMedia(s.account, new Uint8Array(600 * 1024).fill(1), "image/webp");
    const before = graph.calls.filter((c) => c.path.startsWith("/media-bytes")).length;
    await s.say({ type: "sticker", sticker: { id: big, mime_type: "image/webp" } });
    await answered(t, s.w.id);
    const ticket = await s.ticketOf();
    const [m] = (await s.history(ticket.id)).messages;
    expect(m.mediaUrl).toBeNull();
    expect(graph.calls.filter((c) => c.path.startsWith("/media-bytes")).length).toBe(before);
    // Opening the chat sends the read receipt through Graph.
    await until(() => graph.reads.includes(m.wid));
  });

  test("a storage failure that the spool takes answers 200; one the spool cannot take answers 503 so Meta delivers again", async () => {
    const s = await setup();
    const db = t.deps.db;
    const real = db.transaction.bind(db);
    const spool = t.deps.inboundSpool;
    const realAdd = spool.add.bind(spool);
    let failing = true;
    (db as { transaction: unknown }).transaction = ((fn: never) => {
      if (failing) throw new Error("database is locked");
      return real(fn);
    }) as typeof db.transaction;
    try {
      const spooled = await s.say({ type: "text", text: { body: "vai para o spool" } });
      expect(spooled.status).toBe(200);
      spool.add = async () => {
        throw new Error("disk full");
      };
      const refused = await s.say({ type: "text", text: { body: "nem o spool" } });
      expect(refused.status).toBe(503);
    } finally {
      failing = false;
      (db as { transaction: unknown }).transaction = real;
      spool.add = realAdd;
    }
    await spool.drain();
    await until(async () => !!(await s.ticketOf()));
    const bodies = (await s.history((await s.ticketOf()).id)).messages.map((m: { body: string }) => m.body);
    expect(bodies).toContain("vai para o spool");
  });
});

describe("delivery statuses", () => {
  test("sent, delivered and read climb the ack ladder; late or repeated statuses never move it back", async () => {
    const s = await setup();
    await s.say({ type: "text", text: { body: "oi" } });
    await answered(t, s.w.id);
    const ticket = await s.ticketOf();
    await t.call("PUT", `/tickets/${ticket.id}`, { token: s.admin.token, body: { status: "open", userId: s.admin.user.id } });
    const sent = (await t.call("POST", `/messages/${ticket.id}`, { token: s.admin.token, body: { body: "Olá! Em que posso ajudar?" } })).json;
    const out = graph.sent.at(-1)!;
    expect(sent.wid).toBe(out.id);
    expect(sent.ack).toBe(1);
    const status = (st: "sent" | "delivered" | "read") =>
      webhook(t, s.path, change(s.account.numbers[0], { statuses: [statusOf(out.id, st)] }), { appSecret: s.account.appSecret });
    const ackNow = async () => (await s.history(ticket.id)).messages.find((m: { id: number }) => m.id === sent.id).ack;
    await status("sent");
    expect(await ackNow()).toBe(2);
    await status("read");
    expect(await ackNow()).toBe(4);
    await status("delivered");
    await status("sent");
    expect(await ackNow()).toBe(4);
    const row = (await t.call("GET", `/whatsapp/${s.w.id}`, { token: s.admin.token })).json;
    expect(row.cloudApi.lastStatusAt).toBeTruthy();
  });

  test("a status that arrives before the send's answer finds the message by our id", async () => {
    const s = await setup();
    await s.say({ type: "text", text: { body: "oi" } });
    await answered(t, s.w.id);
    const ticket = await s.ticketOf();
    await t.call("PUT", `/tickets/${ticket.id}`, { token: s.admin.token, body: { status: "open", userId: s.admin.user.id } });
    const release = graph.holdSends();
    const sending = t.call("POST", `/messages/${ticket.id}`, { token: s.admin.token, body: { body: "rápido" } });
    const row = await (async () => {
      await until(async () => !!(await t.db.select().from(messages).where(eq(messages.body, "rápido")).limit(1))[0]);
      return (await t.db.select().from(messages).where(eq(messages.body, "rápido")).limit(1))[0]!;
    })();
    const early = wamid();
    await webhook(t, s.path, change(s.account.numbers[0], { statuses: [statusOf(early, "delivered", { alias: row.wid })] }), {
      appSecret: s.account.appSecret,
    });
    release();
    const sentMsg = (await sending).json;
    const stored = (await t.db.select().from(messages).where(eq(messages.id, sentMsg.id)).limit(1))[0]!;
    expect(stored.ack).toBe(3);
    expect(stored.sendStatus).toBe("sent");
  });

  test("a failed status marks the message failed with WhatsApp's reason", async () => {
    const s = await setup();
    await s.say({ type: "text", text: { body: "oi" } });
    await answered(t, s.w.id);
    const ticket = await s.ticketOf();
    await t.call("PUT", `/tickets/${ticket.id}`, { token: s.admin.token, body: { status: "open", userId: s.admin.user.id } });
    const sent = (await t.call("POST", `/messages/${ticket.id}`, { token: s.admin.token, body: { body: "não vai chegar" } })).json;
    await webhook(t, s.path, change(s.account.numbers[0], { statuses: [statusOf(sent.wid, "failed", { code: 131026 })] }), { appSecret: s.account.appSecret });
    const m = (await s.history(ticket.id)).messages.find((x: { id: number }) => x.id === sent.id);
    expect(m.sendStatus).toBe("failed");
    expect(m.sendError).toBe("ERR_CLOUD_UNDELIVERABLE");
  });
});
