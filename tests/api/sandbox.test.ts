import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../helpers/app";

const t = await makeTestApp();
const a = await t.newCompany();
const b = await t.newCompany();
const tick = (ms = 20) => Bun.sleep(ms);

async function waitFor<T>(fn: () => Promise<T | undefined> | T | undefined, ms = 3000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > until) throw new Error("timed out");
    await tick(50);
  }
}

const created = await t.call("POST", "/whatsapp", { token: a.admin.token, body: { name: "Sandbox", channel: "sandbox" } });
const connId = created.json.id as number;
const NUMBER = "5511912345678";

describe("sandbox connection", () => {
  test("connects at once, as the company's default", async () => {
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ channel: "sandbox", isDefault: true });
    const w = await waitFor(async () => {
      const r = await t.call("GET", `/whatsapp/${connId}`, { token: a.admin.token });
      return r.json.status === "CONNECTED" ? r.json : undefined;
    });
    expect(w.qrcode).toBe("");
  });

  test("a customer's text becomes a pending ticket, the phone sees it delivered", async () => {
    t.events.length = 0;
    const r = await t.call("POST", `/sandbox/${connId}/messages`, {
      token: a.admin.token,
      body: { number: NUMBER, name: "Maria Cliente", body: "Olá, quero um orçamento" },
    });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({ direction: "in", body: "Olá, quero um orçamento", ack: 2 });
    const list = await t.call("GET", "/tickets?status=pending", { token: a.admin.token });
    const ticket = list.json.tickets.find((x: { contact: { number: string } }) => x.contact.number === NUMBER);
    expect(ticket).toMatchObject({ status: "pending", lastMessage: "Olá, quero um orçamento", whatsappId: connId });
    expect(ticket.contact.name).toBe("Maria Cliente");
    expect(t.events.some((e) => e.frame.channel === "sandbox" && e.rooms.includes(`sandbox-${connId}`))).toBe(true);
    const customers = await t.call("GET", `/sandbox/${connId}/customers`, { token: a.admin.token });
    expect(customers.json[0]).toMatchObject({ number: NUMBER, name: "Maria Cliente" });
    const health = await t.call("GET", "/whatsapp", { token: a.admin.token });
    expect(health.json[0].lastMessageAt).toBeTruthy();
  });

  test("the agent's reply reaches the phone with acks 1 → 3 → 4", async () => {
    const list = await t.call("GET", "/tickets?status=pending", { token: a.admin.token });
    const ticket = list.json.tickets.find((x: { contact: { number: string } }) => x.contact.number === NUMBER);
    const acc = await t.call("PUT", `/tickets/${ticket.id}`, { token: a.admin.token, body: { status: "open" } });
    expect(acc.status).toBe(200);
    const sent = await t.call("POST", `/messages/${ticket.id}`, { token: a.admin.token, body: { body: "Claro! Qual produto?" } });
    expect(sent.status).toBe(201);
    expect(sent.json).toMatchObject({ sendStatus: "sent", ack: 1 });
    const conv = await t.call("GET", `/sandbox/${connId}/conversation?number=${NUMBER}`, { token: a.admin.token });
    const out = conv.json.messages.find((m: { direction: string }) => m.direction === "out");
    expect(out.body).toBe("Claro! Qual produto?");
    // the customer's message shows as read once the agent opened the ticket
    expect(conv.json.messages.find((m: { direction: string }) => m.direction === "in").ack).toBe(4);
    await waitFor(async () => {
      const m = await t.call("GET", `/messages/${ticket.id}`, { token: a.admin.token });
      return m.json.messages.find((x: { id: number; ack: number }) => x.id === sent.json.id && x.ack === 4);
    });
    const after = await t.call("GET", `/sandbox/${connId}/conversation?number=${NUMBER}`, { token: a.admin.token });
    expect(after.json.messages.find((m: { direction: string }) => m.direction === "out").ack).toBe(4);
    const w = await t.call("GET", `/whatsapp/${connId}`, { token: a.admin.token });
    expect(w.json.lastAckAt).toBeTruthy();
  });

  test("images, locations and contact cards from the phone", async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
    const form = new FormData();
    form.set("number", NUMBER);
    form.set("type", "image");
    form.set("body", "foto do produto");
    form.set("file", new File([png], "foto.png", { type: "image/png" }));
    const img = await t.call("POST", `/sandbox/${connId}/messages`, { token: a.admin.token, form });
    expect(img.status).toBe(201);
    expect(img.json.mediaUrl).toMatch(new RegExp(`^/media/${a.company.id}/sandbox/`));
    const loc = await t.call("POST", `/sandbox/${connId}/messages`, {
      token: a.admin.token,
      body: { number: NUMBER, type: "location", latitude: -23.5, longitude: -46.6 },
    });
    expect(loc.status).toBe(201);
    const card = await t.call("POST", `/sandbox/${connId}/messages`, {
      token: a.admin.token,
      body: { number: NUMBER, type: "contact", vcard: "BEGIN:VCARD\nVERSION:3.0\nFN:João\nTEL;waid=5511955554444:+55 11 95555-4444\nEND:VCARD" },
    });
    expect(card.status).toBe(201);
    const list = await t.call("GET", "/tickets?status=open", { token: a.admin.token });
    const ticket = list.json.tickets.find((x: { contact: { number: string } }) => x.contact.number === NUMBER);
    const msgs = await t.call("GET", `/messages/${ticket.id}`, { token: a.admin.token });
    const types = msgs.json.messages.map((m: { mediaType: string }) => m.mediaType);
    expect(types).toContain("image");
    expect(types).toContain("locationMessage");
    expect(types).toContain("contactMessage");
  });

  test("bad input answers 4xx; another company and WhatsApp connections answer 404", async () => {
    const empty = await t.call("POST", `/sandbox/${connId}/messages`, { token: a.admin.token, body: { number: NUMBER, body: "  " } });
    expect(empty.status).toBe(400);
    const short = await t.call("POST", `/sandbox/${connId}/messages`, { token: a.admin.token, body: { number: "12", body: "x" } });
    expect(short.status).toBe(400);
    const noFile = await t.call("POST", `/sandbox/${connId}/messages`, { token: a.admin.token, body: { number: NUMBER, type: "image" } });
    expect(noFile.status).toBe(400);
    const other = await t.call("GET", `/sandbox/${connId}/conversation?number=${NUMBER}`, { token: b.admin.token });
    expect(other.status).toBe(404);
    const post = await t.call("POST", `/sandbox/${connId}/messages`, { token: b.admin.token, body: { number: NUMBER, body: "oi" } });
    expect(post.status).toBe(404);
  });

  test("after logout the phone cannot write; a new start connects again", async () => {
    const off = await t.call("DELETE", `/whatsappsession/${connId}`, { token: a.admin.token });
    expect(off.status).toBe(200);
    const r = await t.call("POST", `/sandbox/${connId}/messages`, { token: a.admin.token, body: { number: NUMBER, body: "alô?" } });
    expect(r).toMatchObject({ status: 400, json: { error: "ERR_WAPP_NOT_INITIALIZED" } });
    const on = await t.call("POST", `/whatsappsession/${connId}`, { token: a.admin.token });
    expect(on.status).toBe(200);
    const w = await t.call("GET", `/whatsapp/${connId}`, { token: a.admin.token });
    expect(w.json.status).toBe("CONNECTED");
    const again = await t.call("POST", `/sandbox/${connId}/messages`, { token: a.admin.token, body: { number: NUMBER, body: "alô?" } });
    expect(again.status).toBe(201);
  });
});

describe("sandbox room", () => {
  test("joinSandbox subscribes only to the user's own company's connections", async () => {
    const { handleClientMessage } = await import("../../src/http/routes/ws");
    const ws = { id: "s1", send() {}, close() {} };
    t.deps.hub.add(ws, b.admin.user);
    await handleClientMessage(t.deps, ws, b.admin.user, { type: "joinSandbox", connectionId: connId });
    expect(t.deps.hub.roomsOf(ws)).toEqual([]);
    t.deps.hub.remove(ws);
    t.deps.hub.add(ws, a.admin.user);
    await handleClientMessage(t.deps, ws, { ...a.admin.user, queueIds: [] }, { type: "joinSandbox", connectionId: connId });
    expect(t.deps.hub.roomsOf(ws)).toEqual([`sandbox-${connId}`]);
    await handleClientMessage(t.deps, ws, { ...a.admin.user, queueIds: [] }, { type: "leaveSandbox", connectionId: connId });
    expect(t.deps.hub.roomsOf(ws)).toEqual([]);
    t.deps.hub.remove(ws);
  });
});
