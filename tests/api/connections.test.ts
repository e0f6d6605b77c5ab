import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { waAuth } from "../../src/channels/baileys/schema";
import type { ChannelAdapter, ChannelEvents, Outgoing, StartOptions } from "../../src/core/channel";
import { companies } from "../../src/modules/companies/schema";
import { plans } from "../../src/modules/plans/schema";
import { nowIso } from "../../src/lib/dates";
import { makeTestApp } from "../helpers/app";
import { inbound } from "../helpers/channel";
import { until } from "../helpers/cloud";

const t = await makeTestApp();
const a = await t.newCompany();
const b = await t.newCompany();

/** A WhatsApp stand-in: start shows a QR (or a pairing code), `link()` connects, logout disconnects. */
class FakeSession implements ChannelAdapter {
  readonly kind = "baileys";
  status: ChannelAdapter["status"] = "DISCONNECTED";
  starts: StartOptions[] = [];
  constructor(readonly events: ChannelEvents) {}
  async start(opts: StartOptions = {}) {
    this.starts.push(opts);
    await this.events.onStatus("OPENING");
    if (opts.pairingNumber) await this.events.onStatus("PAIRING", { pairingCode: "ABCD1234" });
    else await this.events.onStatus("qrcode", { qrcode: `2@qr-${this.starts.length}`, retries: 0 });
  }
  /** Resolves once the connection's row says so (PostgreSQL answers a moment after SQLite). */
  link() {
    return this.events.onStatus("CONNECTED");
  }
  async stop() {
    await this.events.onStatus("DISCONNECTED");
  }
  async logout() {
    await this.events.onStatus("DISCONNECTED", { reason: "logged_out" });
  }
  sent: Outgoing[] = [];
  async send(msg: Outgoing) {
    this.sent.push(msg);
    return { id: msg.id ?? "x", ack: 1 };
  }
  async deleteForEveryone() {}
  async markRead() {}
  async checkNumber(n: string) {
    return { exists: true, number: n, address: `${n}@s.whatsapp.net` };
  }
  async profilePicture() {
    return null;
  }
}
const sessions = new Map<number, FakeSession>();
/** Waits for the frame that shows a connection's QR code on the page (its start runs after POST /whatsapp answers). */
const qrShown = (id: number) => until(() => t.framesOf("whatsappSession").some((f) => f.frame.session.id === id && f.frame.session.status === "qrcode"));
t.deps.sessions.register("baileys", ({ connectionId, events }) => {
  const s = new FakeSession(events);
  sessions.set(connectionId, s);
  return s;
});

const create = (token: string, body: Record<string, unknown>) => t.call("POST", "/whatsapp", { token, body });
async function queue(token: string, name: string, color: string) {
  const r = await t.call("POST", "/queue", { token, body: { name, color } });
  return r.json.id as number;
}
const vendas = await queue(a.admin.token, "Vendas", "#22aa55");
const suporte = await queue(a.admin.token, "Suporte", "#2255aa");
const agent = await t.newUser(a.admin.token);

describe("POST /whatsapp", () => {
  let firstId = 0;
  test("the first connection is the default, with the defaults of R-CONN-3, and starts (QR)", async () => {
    t.events.length = 0;
    const r = await create(a.admin.token, { name: "Atendimento", queueIds: [vendas], token: "secret-token-123" });
    expect(r.status).toBe(201);
    firstId = r.json.id;
    expect(r.json).toMatchObject({
      name: "Atendimento",
      channel: "baileys",
      isDefault: true,
      provider: "beta",
      maxUseBotQueues: 3,
      timeSendQueue: 0,
      timeUseBotQueues: 0,
      expiresTicket: 0,
      expiresInactiveMessage: "",
      token: "secret-token-123",
      queueIds: [vendas],
    });
    await qrShown(firstId);
    const list = await t.call("GET", "/whatsapp?session=0", { token: a.admin.token });
    expect(list.json).toHaveLength(1);
    expect(list.json[0]).toMatchObject({ status: "qrcode", qrcode: "2@qr-1", queues: [{ id: vendas, name: "Vendas", color: "#22aa55", greetingMessage: "" }] });
    expect(list.json[0].token).not.toContain("secret-token");
    expect(list.json[0]).toHaveProperty("lastMessageAt");
    expect(list.json[0]).toHaveProperty("lastAckAt");
    expect(list.json[0].reconnectsToday).toBe(0);
    expect(list.json[0]).not.toHaveProperty("session");
    const frames = t.framesOf("whatsappSession");
    expect(frames.at(-1)?.frame.session).toMatchObject({ id: firstId, status: "qrcode", qrcode: "2@qr-1" });
    expect(frames.at(-1)?.rooms).toEqual([`company-${a.company.id}-mainchannel`]);
    const upd = t.framesOf("whatsapp").find((e) => e.frame.action === "update");
    expect(JSON.stringify(upd?.frame)).not.toContain("secret-token-123");
  });

  test("validation: name 2-50, unique in the company; channel; token unique; queues of the company", async () => {
    expect((await create(a.admin.token, { name: "A" })).status).toBe(400);
    expect((await create(a.admin.token, { name: "x".repeat(51) })).status).toBe(400);
    expect((await create(a.admin.token, { name: "Outra", channel: "telegram" })).status).toBe(400);
    expect((await create(a.admin.token, { name: "atendimento" })).json.error).toBe("ERR_CONNECTION_NAME_ALREADY_EXISTS");
    expect((await create(a.admin.token, { name: "Outra", token: "secret-token-123" })).json.error).toBe("ERR_CONNECTION_TOKEN_ALREADY_EXISTS");
    const foreignQueue = await queue(b.admin.token, "Fila B", "#aa2255");
    expect((await create(a.admin.token, { name: "Outra", queueIds: [foreignQueue] })).status).toBe(404);
    expect((await create(a.admin.token, { name: "Outra", sendIdQueue: foreignQueue })).status).toBe(404);
    expect((await create(a.admin.token, { name: "Outra", maxUseBotQueues: -1 })).status).toBe(400);
    // the same name in another company is fine
    expect((await create(b.admin.token, { name: "Atendimento", channel: "sandbox" })).status).toBe(201);
  });

  test("more than one queue needs a greeting", async () => {
    const r = await create(a.admin.token, { name: "Duas filas", queueIds: [vendas, suporte] });
    expect(r).toMatchObject({ status: 400, json: { error: "ERR_WAPP_GREETING_REQUIRED" } });
    const ok = await create(a.admin.token, { name: "Duas filas", queueIds: [vendas, suporte], greetingMessage: "Olá! Escolha:" });
    expect(ok.status).toBe(201);
    expect(ok.json.isDefault).toBe(false);
    expect(ok.json.queues.map((q: { id: number }) => q.id).sort()).toEqual([vendas, suporte].sort());
  });

  test("admins only", async () => {
    const r = await create(agent.token, { name: "Do agente" });
    expect(r).toMatchObject({ status: 403, json: { error: "ERR_NO_PERMISSION" } });
    const list = await t.call("GET", "/whatsapp", { token: agent.token });
    expect(list.status).toBe(200);
    expect(list.json.every((w: { token: string }) => !w.token.includes("secret"))).toBe(true);
    const one = await t.call("GET", `/whatsapp/${firstId}`, { token: agent.token });
    expect(one.json.token).not.toContain("secret-token");
    const mine = await t.call("GET", `/whatsapp/${firstId}`, { token: a.admin.token });
    expect(mine.json.token).toBe("secret-token-123");
    expect((await t.call("PUT", `/whatsapp/${firstId}`, { token: agent.token, body: { name: "Nope" } })).status).toBe(403);
    expect((await t.call("DELETE", `/whatsapp/${firstId}`, { token: agent.token })).status).toBe(403);
    expect((await t.call("POST", `/whatsappsession/${firstId}`, { token: agent.token })).status).toBe(403);
  });

  test("the plan's connection limit answers ERR_PLAN_LIMIT_CONNECTIONS with the limit", async () => {
    const now = nowIso();
    const plan = (
      await t.db
        .insert(plans)
        .values({ name: `Mini ${crypto.randomUUID().slice(0, 4)}`, users: 5, connections: 1, queues: 5, value: 10, createdAt: now, updatedAt: now })
        .returning()
    )[0];
    const c = await t.newCompany();
    await t.db.update(companies).set({ planId: plan.id }).where(eq(companies.id, c.company.id));
    expect((await create(c.admin.token, { name: "Única", channel: "sandbox" })).status).toBe(201);
    const r = await create(c.admin.token, { name: "Segunda", channel: "sandbox" });
    expect(r).toMatchObject({ status: 400, json: { error: "ERR_PLAN_LIMIT_CONNECTIONS", limit: 1 } });
  });
});

describe("GET /whatsapp/:id, PUT, DELETE and the default rules", () => {
  test("GET answers queues in menu order and promptId; another company gets 404", async () => {
    const list = await t.call("GET", "/whatsapp", { token: a.admin.token });
    const two = list.json.find((w: { name: string }) => w.name === "Duas filas");
    const r = await t.call("GET", `/whatsapp/${two.id}`, { token: a.admin.token });
    // No order set: creation order (Vendas was created first), never alphabetical (issue 29).
    expect(r.json.queues.map((q: { name: string }) => q.name)).toEqual(["Vendas", "Suporte"]);
    expect(r.json).toHaveProperty("promptId", null);
    expect((await t.call("GET", `/whatsapp/${two.id}`, { token: b.admin.token })).json.error).toBe("ERR_NO_WAPP_FOUND");
    expect((await t.call("PUT", `/whatsapp/${two.id}`, { token: b.admin.token, body: { name: "Hack" } })).status).toBe(404);
    expect((await t.call("DELETE", `/whatsapp/${two.id}`, { token: b.admin.token })).status).toBe(404);
    expect((await t.call("DELETE", `/whatsappsession/${two.id}`, { token: b.admin.token })).status).toBe(404);
  });

  test("one box (no sessions under leases): no node on a connection, for admins either", async () => {
    const list = await t.call("GET", "/whatsapp", { token: a.admin.token });
    expect(list.json.length).toBeGreaterThan(0);
    for (const w of list.json) expect(w).not.toHaveProperty("node");
    expect((await t.call("GET", `/whatsapp/${list.json[0].id}`, { token: a.admin.token })).json).not.toHaveProperty("node");
  });

  test("PUT: settings, queues re-associated, greeting rule, isDefault moves the flag", async () => {
    const list = await t.call("GET", "/whatsapp", { token: a.admin.token });
    const first = list.json.find((w: { name: string }) => w.name === "Atendimento");
    const two = list.json.find((w: { name: string }) => w.name === "Duas filas");
    const bad = await t.call("PUT", `/whatsapp/${two.id}`, { token: a.admin.token, body: { greetingMessage: "" } });
    expect(bad.json.error).toBe("ERR_WAPP_GREETING_REQUIRED");
    const one = await t.call("PUT", `/whatsapp/${two.id}`, {
      token: a.admin.token,
      body: { queueIds: [suporte], greetingMessage: "", expiresTicket: 2, complationMessage: "Tchau" },
    });
    expect(one.status).toBe(200);
    expect(one.json).toMatchObject({ queueIds: [suporte], expiresTicket: 2, complationMessage: "Tchau", greetingMessage: "" });
    t.events.length = 0;
    const def = await t.call("PUT", `/whatsapp/${two.id}`, { token: a.admin.token, body: { isDefault: true } });
    expect(def.json.isDefault).toBe(true);
    const after = await t.call("GET", `/whatsapp/${first.id}`, { token: a.admin.token });
    expect(after.json.isDefault).toBe(false);
    const updated = t.framesOf("whatsapp").map((e) => (e.frame.action === "update" ? e.frame.whatsapp.id : e.frame.whatsappId));
    expect(updated).toContain(first.id);
    expect(updated).toContain(two.id);
    // the only default cannot drop its flag
    const drop = await t.call("PUT", `/whatsapp/${two.id}`, { token: a.admin.token, body: { isDefault: false } });
    expect(drop.json.error).toBe("ERR_NO_OTHER_WHATSAPP");
    // renaming to another connection's name
    expect((await t.call("PUT", `/whatsapp/${two.id}`, { token: a.admin.token, body: { name: "Atendimento" } })).status).toBe(409);
  });

  test("DELETE the default promotes another; the session ends and its credentials go", async () => {
    const list = await t.call("GET", "/whatsapp", { token: a.admin.token });
    const def = list.json.find((w: { isDefault: boolean }) => w.isDefault);
    await t.db.insert(waAuth).values({ connectionId: def.id, kind: "creds", keyId: "", value: "{}" });
    t.events.length = 0;
    const r = await t.call("DELETE", `/whatsapp/${def.id}`, { token: a.admin.token });
    expect(r.status).toBe(200);
    expect(await t.db.select().from(waAuth).where(eq(waAuth.connectionId, def.id))).toEqual([]);
    expect(t.events.some((e) => e.frame.channel === "whatsapp" && e.frame.action === "delete" && e.frame.whatsappId === def.id)).toBe(true);
    const rest = await t.call("GET", "/whatsapp", { token: a.admin.token });
    expect(rest.json.filter((w: { isDefault: boolean }) => w.isDefault)).toHaveLength(1);
    expect(t.deps.channels.get(def.id)).toBeUndefined();
    expect((await t.call("GET", `/whatsapp/${def.id}`, { token: a.admin.token })).status).toBe(404);
  });
});

describe("/whatsappsession", () => {
  let id = 0;
  test("start shows a QR; linking connects; the health line counts unexpected reconnects", async () => {
    const r = await create(a.admin.token, { name: "Sessão" });
    id = r.json.id;
    await qrShown(id);
    const s = sessions.get(id)!;
    await s.link();
    expect((await t.call("GET", `/whatsapp/${id}`, { token: a.admin.token })).json).toMatchObject({ status: "CONNECTED", qrcode: "" });
    // the transport reconnects by itself: counted once, though OPENING is reported twice on the way
    await s.events.onStatus("TIMEOUT", { reason: "closed_428", retries: 1 });
    await s.events.onStatus("OPENING");
    await s.events.onStatus("OPENING");
    await s.events.onStatus("CONNECTED");
    const after = (await t.call("GET", `/whatsapp/${id}`, { token: a.admin.token })).json;
    expect(after.reconnectsToday).toBe(1);
    // the last close reason is kept on the row (the page says it in words)
    expect(after.closeReason).toBe("closed_428");
    await s.events.onStatus("DISCONNECTED", { reason: "replaced" });
    expect((await t.call("GET", `/whatsapp/${id}`, { token: a.admin.token })).json).toMatchObject({ status: "DISCONNECTED", closeReason: "replaced" });
    expect(t.framesOf("whatsappSession").at(-1)?.frame.session).toMatchObject({ status: "DISCONNECTED", closeReason: "replaced" });
    await s.link();
    // inbound messages update lastMessageAt
    await s.events.onMessages([inbound("5511933334444", "Oi")]);
    expect((await t.call("GET", `/whatsapp/${id}`, { token: a.admin.token })).json.lastMessageAt).toBeTruthy();
  });

  test("DELETE logs out → DISCONNECTED; POST starts again", async () => {
    t.events.length = 0;
    const off = await t.call("DELETE", `/whatsappsession/${id}`, { token: a.admin.token });
    expect(off.status).toBe(200);
    expect((await t.call("GET", `/whatsapp/${id}`, { token: a.admin.token })).json.status).toBe("DISCONNECTED");
    const frame = t.framesOf("whatsappSession").at(-1);
    expect(frame?.frame.session).toMatchObject({ id, status: "DISCONNECTED" });
    const on = await t.call("POST", `/whatsappsession/${id}`, { token: a.admin.token });
    expect(on.status).toBe(200);
    expect((await t.call("GET", `/whatsapp/${id}`, { token: a.admin.token })).json.status).toBe("qrcode");
  });

  test("PUT asks for a new QR (fresh credentials) or a pairing code for a phone number", async () => {
    await t.db.insert(waAuth).values({ connectionId: id, kind: "creds", keyId: "", value: "{}" });
    const r = await t.call("PUT", `/whatsappsession/${id}`, { token: a.admin.token });
    expect(r.status).toBe(200);
    expect(await t.db.select().from(waAuth).where(eq(waAuth.connectionId, id))).toEqual([]);
    expect(sessions.get(id)!.starts.at(-1)).toMatchObject({ fresh: true });
    const p = await t.call("PUT", `/whatsappsession/${id}`, { token: a.admin.token, body: { pairingNumber: "+55 (11) 98888-7777" } });
    expect(p.status).toBe(200);
    expect(sessions.get(id)!.starts.at(-1)).toMatchObject({ fresh: true, pairingNumber: "5511988887777" });
    const w = await t.call("GET", `/whatsapp/${id}`, { token: a.admin.token });
    expect(w.json).toMatchObject({ status: "PAIRING", pairingCode: "ABCD1234" });
    const bad = await t.call("PUT", `/whatsappsession/${id}`, { token: a.admin.token, body: { pairingNumber: "12" } });
    expect(bad.status).toBe(400);
  });
});

describe("boot and delete edge cases", () => {
  test("boot resumes linked WhatsApp and sandbox connections only; the rest show DISCONNECTED", async () => {
    const c = await t.newCompany();
    const linked = (await create(c.admin.token, { name: "Vinculada" })).json.id as number;
    const unlinked = (await create(c.admin.token, { name: "Sem vínculo" })).json.id as number;
    const phone = (await create(c.admin.token, { name: "Telefone", channel: "sandbox" })).json.id as number;
    const off = (await create(c.admin.token, { name: "Desligado", channel: "sandbox" })).json.id as number;
    await t.call("DELETE", `/whatsappsession/${off}`, { token: c.admin.token });
    await t.db
      .insert(waAuth)
      .values({ connectionId: linked, kind: "creds", keyId: "", value: JSON.stringify({ me: { id: "1@s.whatsapp.net" }, account: {} }) });
    // a fresh process: a new supervisor over the same database
    const { ConnectionSupervisor } = await import("../../src/inbound/supervisor");
    const { channelKinds } = await import("../../src/app");
    const booted = new Map<number, string>();
    const sup = new ConnectionSupervisor({ ...t.deps, channels: new Map() }, channelKinds(t.deps));
    sup.register("baileys", ({ connectionId, events }) => {
      booted.set(connectionId, "baileys");
      return new FakeSession(events);
    });
    const n = await sup.startAll();
    const mine = [linked, unlinked, phone, off];
    expect(mine.filter((id) => booted.has(id) || sup.get(id))).toEqual([linked, phone]);
    expect(n).toBeGreaterThanOrEqual(2);
    const list = await t.call("GET", "/whatsapp", { token: c.admin.token });
    const status = Object.fromEntries(list.json.map((w: { id: number; status: string }) => [w.id, w.status]));
    expect(status[unlinked]).toBe("DISCONNECTED");
    expect(status[off]).toBe("DISCONNECTED");
    expect(status[phone]).toBe("CONNECTED");
    await sup.stopAll();
  });

  test("deleting a connection keeps its tickets; a clash with a connection-less active ticket closes the older one", async () => {
    const c = await t.newCompany();
    const keep = (await create(c.admin.token, { name: "Fica", channel: "sandbox" })).json.id as number;
    const gone = (await create(c.admin.token, { name: "Sai", channel: "sandbox" })).json.id as number;
    await Bun.sleep(5);
    await t.call("POST", `/sandbox/${gone}/messages`, { token: c.admin.token, body: { number: "5511955550000", body: "oi" } });
    const { tickets } = await import("../../src/modules/tickets/schema");
    const mine = await t.db.select().from(tickets).where(eq(tickets.companyId, c.company.id));
    expect(mine).toHaveLength(1);
    // the same contact also has an active ticket without a connection
    await t.db.insert(tickets).values({ ...mine[0], id: undefined, uuid: crypto.randomUUID(), whatsappId: null });
    const r = await t.call("DELETE", `/whatsapp/${gone}`, { token: c.admin.token });
    expect(r.status).toBe(200);
    const after = await t.db.select().from(tickets).where(eq(tickets.companyId, c.company.id));
    expect(after).toHaveLength(2);
    expect(after.filter((x) => x.status !== "closed")).toHaveLength(1);
    expect(keep).toBeGreaterThan(0);
  });
});

describe("channel events of a live connection", () => {
  test("acks move forward only, edits and revokes mark the message, calls get the automatic text", async () => {
    const c = await t.newCompany();
    const id = (await create(c.admin.token, { name: "Eventos" })).json.id as number;
    await qrShown(id);
    const s = sessions.get(id)!;
    await s.link();
    const { messages } = await import("../../src/modules/messages/schema");
    const { and: andOp } = await import("drizzle-orm");
    await s.events.onMessages([inbound("5511944443333", "primeira", { id: "IN-1" })]);
    const row = async () =>
      (
        await t.db
          .select()
          .from(messages)
          .where(andOp(eq(messages.whatsappId, id), eq(messages.wid, "IN-1")))
          .limit(1)
      )[0]!;
    expect((await row()).body).toBe("primeira");
    t.events.length = 0;
    await s.events.onAck([{ id: "IN-1", ack: 3 }]);
    await s.events.onAck([{ id: "IN-1", ack: 2 }]);
    expect((await row()).ack).toBe(3);
    expect(t.events.filter((e) => e.frame.channel === "appMessage" && e.frame.action === "update")).toHaveLength(1);
    expect((await t.call("GET", `/whatsapp/${id}`, { token: c.admin.token })).json.lastAckAt).toBeTruthy();
    await s.events.onEdit({ id: "IN-1", body: "primeira (editada)" });
    expect(await row()).toMatchObject({ body: "primeira (editada)", isEdited: true });
    t.events.length = 0;
    await s.events.onRevoke("IN-1");
    expect((await row()).isDeleted).toBe(true);
    // the deleted text leaves the card's preview in every list, not only in the open chat
    const card = t.framesOf("ticket").find((f) => f.frame.action === "update" && f.rooms.some((r) => r.endsWith("-pending")));
    expect(card?.frame.action === "update" && card.frame.ticket.lastMessage).toBe("");
    // the company's `call` setting is "disabled" by default: a finished call gets the automatic text
    await s.events.onCall({ id: "CALL-1", from: { number: "5511944443333", address: "5511944443333@s.whatsapp.net" }, isVideo: false, status: "terminate" });
    const callRow = async () =>
      (
        await t.db
          .select()
          .from(messages)
          .where(andOp(eq(messages.whatsappId, id), eq(messages.wid, "CALL-1")))
          .limit(1)
      )[0];
    // The call's entry is stored by the next group commit (a turn of the event loop, longer on a busy machine).
    for (let i = 0; i < 200 && !(await callRow()); i++) await Bun.sleep(10);
    expect(s.sent.some((m) => m.type === "text" && m.body.includes("chamadas de voz e vídeo estão desabilitadas"))).toBe(true);
    const call = await callRow();
    expect(call?.mediaType).toBe("call_log");
    // a call that rang out (timeout) is answered like a hung-up one, and only once
    s.sent.length = 0;
    await s.events.onCall({ id: "CALL-3", from: { number: "5511944443333", address: "5511944443333@s.whatsapp.net" }, isVideo: false, status: "timeout" });
    await s.events.onCall({ id: "CALL-3", from: { number: "5511944443333", address: "5511944443333@s.whatsapp.net" }, isVideo: false, status: "terminate" });
    await Bun.sleep(20);
    expect(s.sent.filter((m) => m.type === "text" && m.body.startsWith("*Mensagem Automática*:\n"))).toHaveLength(1);
    // enabled: calls are left alone
    await t.call("PUT", "/settings/call", { token: c.admin.token, body: { value: "enabled" } });
    s.sent.length = 0;
    await s.events.onCall({ id: "CALL-2", from: { number: "5511944443333", address: "5511944443333@s.whatsapp.net" }, isVideo: true, status: "terminate" });
    await Bun.sleep(20);
    expect(s.sent).toEqual([]);
  });
});

describe("lapsed subscriptions", () => {
  test("connections.pause-lapsed stops the sessions of a company past its due date, keeping its credentials", async () => {
    const { companies } = await import("../../src/modules/companies/schema");
    const { whatsapps } = await import("../../src/modules/connections/schema");
    const { eq } = await import("drizzle-orm");
    const c = await t.newCompany();
    const created = await t.call("POST", "/whatsapp", { token: c.admin.token, body: { name: "Sandbox Vencida", channel: "sandbox" } });
    expect(created.status).toBe(201);
    const sup = t.deps.sessions;
    await sup.start({ id: created.json.id, companyId: c.company.id, channel: "sandbox" });
    expect(sup.get(created.json.id)).toBeDefined();
    expect(await sup.pauseLapsed()).toBe(0);
    await t.db.update(companies).set({ dueDate: "2020-01-01" }).where(eq(companies.id, c.company.id));
    expect(await t.deps.jobs.runNow("connections.pause-lapsed")).toBe(true);
    expect(sup.get(created.json.id)).toBeUndefined();
    expect((await t.db.select().from(whatsapps).where(eq(whatsapps.id, created.json.id)).limit(1))[0]?.status).toBe("DISCONNECTED");
  });
});
