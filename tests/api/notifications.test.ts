/**
 * Web Push and alerts (src/modules/notifications): each event kind reaches the right people through
 * the real web-push code path to a push service on 127.0.0.1 that decrypts what it gets (RFC 8291);
 * people who may not see the ticket, or who are looking at Balcão right now, get nothing;
 * preferences, preview and quiet hours are obeyed; subscriptions the service calls gone are deleted.
 */
import { describe, expect, test } from "bun:test";
import { handleInbound } from "../../src/inbound/receive";
import { whatsappQueues } from "../../src/modules/connections/schema";
import { recordSessionStatus } from "../../src/modules/connections/session";
import { loadSessionUser } from "../../src/modules/users/queries";
import type { HubSocket } from "../../src/core/hub";
import { wallParts } from "../../src/contract/zoned";
import { type FakeDevice, startPushService } from "../support/push-service";
import { makeTestApp } from "../helpers/app";
import { inbound, makeConnection } from "../helpers/channel";

// a push service name that resolves into the server's own network (as a hostile "push service" would)
const t = await makeTestApp({ resolve: async (host) => (host.endsWith(".rebind.test") ? ["10.0.0.7"] : ["93.184.215.14"]) });
t.deps.notifier.batchMs = 5;
const push = startPushService(t.config.vapid.publicKey);
const a = await t.newCompany();
const b = await t.newCompany();
const adm = a.admin.token;
const vendas = (await t.call("POST", "/queue", { token: adm, body: { name: "Vendas", color: "#118811" } })).json.id as number;
const suporte = (await t.call("POST", "/queue", { token: adm, body: { name: "Suporte", color: "#111188" } })).json.id as number;
const ana = await t.newUser(adm, { name: "Ana Lima", queueIds: [vendas] });
const bia = await t.newUser(adm, { name: "Bia Souza" });
const caio = await t.newUser(adm, { name: "Caio Reis", queueIds: [suporte] });
const other = await t.newUser(b.admin.token, { name: "Outra Empresa", queueIds: [] });

const { connection } = await makeConnection(t, a.company.id, { name: "Loja" });
await t.db.insert(whatsappQueues).values({ whatsappId: connection.id, queueId: vendas });
const conn = { id: connection.id, companyId: a.company.id };

async function subscribe(token: string, lang = "pt-BR", ua = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36") {
  const d = push.device();
  const r = await t.call("POST", "/notifications/devices", {
    token,
    body: { deviceId: `dev-${d.id}`, endpoint: d.endpoint, keys: d.keys, lang },
    headers: { "user-agent": ua },
  });
  expect(r.status).toBe(201);
  return d;
}
const settle = () => t.deps.notifier.flush();
const got = (d: FakeDevice) => push.of(d);
const prefsOf = (over: Record<string, unknown> = {}) => ({
  kinds: { newTicket: "both", newMessage: "both", transfer: "both", chat: "both", connection: "both" },
  preview: true,
  quiet: null,
  ...over,
});

const anaPhone = await subscribe(ana.token, "en");
const biaPhone = await subscribe(bia.token);
const caioPhone = await subscribe(caio.token, "es");
const admPhone = await subscribe(adm);
const otherPhone = await subscribe(other.token);
let ticketId = 0;
let ticketUuid = "";

describe("push devices", () => {
  test("a device is listed with its browser, marked current for this browser, and never shows its keys", async () => {
    const r = await t.call("GET", `/notifications/devices?deviceId=dev-${anaPhone.id}`, { token: ana.token });
    expect(r.status).toBe(200);
    expect(r.json.devices).toHaveLength(1);
    expect(r.json.devices[0]).toMatchObject({ browser: "Chrome · Android", current: true, lastUsedAt: null });
    expect(JSON.stringify(r.json)).not.toContain(anaPhone.keys.auth);
    expect(JSON.stringify(r.json)).not.toContain(anaPhone.endpoint);
  });

  test("bad subscriptions are refused with field errors; endpoints must be https on a public host (loopback only through the operator allow list)", async () => {
    const d = push.device();
    const bad = await t.call("POST", "/notifications/devices", {
      token: ana.token,
      body: { deviceId: "x", endpoint: "nope", keys: { p256dh: "a", auth: "b" } },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.fields).sort()).toEqual(["deviceId", "endpoint", "keys.auth", "keys.p256dh"]);
    for (const endpoint of [
      "http://example.com/push/1",
      "https://user:pw@push.example.com/1",
      "https://push.example.com:8443/1",
      "ftp://push.example.com/1",
      "https://10.0.0.5/push/1",
      "https://169.254.169.254/latest",
      "https://localhost/push/1",
      "https://[::1]/push/1",
    ]) {
      const r = await t.call("POST", "/notifications/devices", { token: ana.token, body: { deviceId: "device-123", endpoint, keys: d.keys } });
      expect(r.status).toBe(400);
    }
    const long = await t.call("POST", "/notifications/devices", {
      token: ana.token,
      body: { deviceId: "device-123", endpoint: `https://push.example.com/${"a".repeat(1100)}`, keys: d.keys },
    });
    expect(long.status).toBe(400);
  });

  test("one subscription per device: subscribing again replaces it; a user removes only their own devices", async () => {
    const first = push.device();
    const second = push.device();
    const body = (d: FakeDevice) => ({ deviceId: "tablet-0001", endpoint: d.endpoint, keys: d.keys });
    const r1 = await t.call("POST", "/notifications/devices", { token: bia.token, body: body(first) });
    const r2 = await t.call("POST", "/notifications/devices", { token: bia.token, body: body(second) });
    expect(r2.status).toBe(201);
    const list = (await t.call("GET", "/notifications/devices", { token: bia.token })).json.devices;
    expect(list).toHaveLength(2); // the phone and the tablet, the tablet once
    expect(list.map((x: { id: number }) => x.id)).not.toContain(r1.json.id);
    // another user's device id (same company or another) does not exist for the caller
    expect((await t.call("DELETE", `/notifications/devices/${r2.json.id}`, { token: ana.token })).json).toEqual({ error: "ERR_NO_DEVICE_FOUND" });
    expect((await t.call("DELETE", `/notifications/devices/${r2.json.id}`, { token: other.token })).status).toBe(404);
    expect((await t.call("DELETE", `/notifications/devices/${r2.json.id}`, { token: bia.token })).status).toBe(200);
    expect((await t.call("GET", "/notifications/devices", { token: bia.token })).json.devices).toHaveLength(1);
  });
});

describe("preferences", () => {
  test("a user sees the built-in defaults and the VAPID public key until they choose", async () => {
    const r = await t.call("GET", "/notifications/preferences", { token: ana.token });
    expect(r.json).toMatchObject({ custom: false, prefs: prefsOf(), vapidPublicKey: t.config.vapid.publicKey });
  });

  test("only admins set the company's defaults (403 before any field error); users without a choice follow them", async () => {
    expect((await t.call("PUT", "/notifications/defaults", { token: ana.token, body: { kinds: "x" } })).status).toBe(403);
    expect((await t.call("PUT", "/notifications/defaults", { token: adm, body: { kinds: "x" } })).status).toBe(400);
    const quiet = prefsOf({ preview: false });
    expect((await t.call("PUT", "/notifications/defaults", { token: adm, body: quiet })).status).toBe(200);
    expect((await t.call("GET", "/notifications/preferences", { token: bia.token })).json).toMatchObject({ custom: false, prefs: quiet, defaults: quiet });
    // another company keeps its own defaults
    expect((await t.call("GET", "/notifications/preferences", { token: other.token })).json.prefs).toEqual(prefsOf());
    await t.call("PUT", "/notifications/defaults", { token: adm, body: prefsOf() });
  });

  test("a user's own choice is validated and stored; resetting goes back to the defaults", async () => {
    const bad = await t.call("PUT", "/notifications/preferences", { token: ana.token, body: prefsOf({ quiet: { start: "25:00", end: "07:00" } }) });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.fields)).toEqual(["quiet.start"]);
    const mine = prefsOf({ kinds: { newTicket: "sound", newMessage: "both", transfer: "notification", chat: "none", connection: "both" } });
    expect((await t.call("PUT", "/notifications/preferences", { token: ana.token, body: mine })).json).toMatchObject({ custom: true, prefs: mine });
    expect((await t.call("DELETE", "/notifications/preferences", { token: ana.token })).json).toMatchObject({ custom: false, prefs: prefsOf() });
  });
});

describe("events", () => {
  test("a new ticket waiting in a queue: its people get one push, in their language; people outside the queue nothing", async () => {
    const res = await handleInbound(t.deps, conn, inbound("5511970000001", "quero comprar"));
    ticketId = res!.ticket.id;
    await settle();
    const ticket = (await t.call("GET", `/tickets/${ticketId}`, { token: adm })).json;
    ticketUuid = ticket.uuid;
    expect(ticket).toMatchObject({ status: "pending", queueId: vendas });
    expect(got(anaPhone)).toEqual([
      { kind: "newTicket", title: "New ticket in Vendas", body: "Cliente 0001: quero comprar", url: `/tickets/${ticketUuid}`, tag: `ticket-${ticketId}` },
    ]);
    expect(got(biaPhone)).toEqual([]);
    expect(got(caioPhone)).toEqual([]);
    expect(got(admPhone)).toEqual([]);
    // another message while it waits is not a new ticket
    await handleInbound(t.deps, conn, inbound("5511970000001", "alô?"));
    await settle();
    expect(got(anaPhone)).toHaveLength(1);
  });

  test("a new message in a ticket one owns reaches the owner only; the push service recorded the device's last use", async () => {
    expect((await t.call("PUT", `/tickets/${ticketId}`, { token: ana.token, body: { status: "open", userId: ana.user.id } })).status).toBe(200);
    await settle();
    push.clear();
    await handleInbound(t.deps, conn, inbound("5511970000001", "qual o preço?"));
    await settle();
    expect(got(anaPhone)).toEqual([
      { kind: "newMessage", title: "Cliente 0001", body: "qual o preço?", url: `/tickets/${ticketUuid}`, tag: `ticket-${ticketId}` },
    ]);
    expect(got(biaPhone).length + got(caioPhone).length + got(admPhone).length).toBe(0);
    const dev = (await t.call("GET", "/notifications/devices", { token: ana.token })).json.devices[0];
    expect(dev.lastUsedAt).not.toBeNull();
  });

  test("without 'show message preview' the text never leaves the server", async () => {
    await t.call("PUT", "/notifications/preferences", { token: ana.token, body: prefsOf({ preview: false }) });
    push.clear();
    await handleInbound(t.deps, conn, inbound("5511970000001", "segredo 1234"));
    await settle();
    expect(got(anaPhone)).toEqual([expect.objectContaining({ kind: "newMessage", body: "New message" })]);
    expect(JSON.stringify(push.received)).not.toContain("segredo");
    await t.call("DELETE", "/notifications/preferences", { token: ana.token });
  });

  test("no push while one of the user's tabs is on screen: that tab gets the sound frame instead", async () => {
    const socket: HubSocket = { id: `sock-${ana.user.id}`, send: () => undefined, close: () => undefined };
    t.deps.hub.add(socket, (await loadSessionUser(t.db, ana.user.id))!.user);
    push.clear();
    const before = t.framesOf("notification").length;
    await handleInbound(t.deps, conn, inbound("5511970000001", "está aí?"));
    await settle();
    expect(got(anaPhone)).toEqual([]);
    const sound = t.framesOf("notification").slice(before);
    expect(sound).toHaveLength(1);
    expect(sound[0].rooms).toEqual([`user-${ana.user.id}`]);
    expect(sound[0].frame.notification).toMatchObject({ kind: "newMessage", sound: true, url: `/tickets/${ticketUuid}` });
    // the tab goes to the background: pushes again
    t.deps.hub.setVisible(socket, false);
    await handleInbound(t.deps, conn, inbound("5511970000001", "oi?"));
    await settle();
    expect(got(anaPhone)).toHaveLength(1);
    t.deps.hub.remove(socket);
  });

  test("a burst of messages on one ticket is one push", async () => {
    push.clear();
    t.deps.notifier.batchMs = 200;
    await Promise.all(["1", "2", "3", "4"].map((n) => handleInbound(t.deps, conn, inbound("5511970000001", `parte ${n}`))));
    await settle();
    t.deps.notifier.batchMs = 5;
    expect(got(anaPhone)).toHaveLength(1);
    expect(got(anaPhone)[0].body).toBe("parte 4");
  });

  test("a ticket transferred to someone: they are told (even outside its queue, as its owner), the one who sent it is not", async () => {
    push.clear();
    expect((await t.call("PUT", `/tickets/${ticketId}`, { token: ana.token, body: { status: "open", userId: bia.user.id, queueId: vendas } })).status).toBe(
      200,
    );
    await settle();
    expect(got(biaPhone)).toEqual([
      { kind: "transfer", title: "Ticket transferido para você", body: "Cliente 0001", url: `/tickets/${ticketUuid}`, tag: `ticket-${ticketId}` },
    ]);
    expect(got(anaPhone)).toEqual([]);
  });

  test("a ticket transferred to a queue: that queue's people are told, not the others", async () => {
    push.clear();
    expect((await t.call("PUT", `/tickets/${ticketId}`, { token: bia.token, body: { status: "pending", userId: null, queueId: suporte } })).status).toBe(200);
    await settle();
    expect(got(caioPhone)).toEqual([expect.objectContaining({ kind: "transfer", title: "Ticket transferido a Suporte", body: "Cliente 0001" })]);
    expect(got(anaPhone).length + got(biaPhone).length + got(admPhone).length).toBe(0);
  });

  test("internal chat: a direct message reaches the other person; in a group only who is mentioned", async () => {
    push.clear();
    const direct = (await t.call("POST", "/chats", { token: ana.token, body: { title: "Ana e Bia", users: [bia.id] } })).json;
    expect((await t.call("POST", `/chats/${direct.id}/messages`, { token: ana.token, body: { message: "Bia, pode me cobrir?" } })).status).toBe(201);
    const group = (await t.call("POST", "/chats", { token: ana.token, body: { title: "Plantão", users: [bia.id, caio.id] } })).json;
    await t.call("POST", `/chats/${group.id}/messages`, { token: ana.token, body: { message: "bom dia a todos" } });
    await t.call("POST", `/chats/${group.id}/messages`, { token: ana.token, body: { message: "@Caio pode ver o ticket?" } });
    await settle();
    expect(got(biaPhone)).toEqual([
      { kind: "chat", title: "Ana Lima · Ana e Bia", body: "Bia, pode me cobrir?", url: `/chats/${direct.uuid}`, tag: `chat-${direct.id}` },
    ]);
    expect(got(caioPhone)).toEqual([expect.objectContaining({ kind: "chat", title: "Ana Lima te mencionó en Plantão", body: "@Caio pode ver o ticket?" })]);
    expect(got(anaPhone)).toEqual([]);
  });

  test("admins hear of a connection down for over the grace period; one that comes back in time alerts nobody", async () => {
    push.clear();
    t.deps.notifier.downAfterMs = 40;
    await recordSessionStatus(t.deps, { connectionId: connection.id, companyId: a.company.id }, "DISCONNECTED");
    await recordSessionStatus(t.deps, { connectionId: connection.id, companyId: a.company.id }, "CONNECTED");
    await Bun.sleep(80);
    await settle();
    expect(got(admPhone)).toEqual([]);
    await recordSessionStatus(t.deps, { connectionId: connection.id, companyId: a.company.id }, "DISCONNECTED");
    await Bun.sleep(80);
    await settle();
    expect(got(admPhone)).toEqual([expect.objectContaining({ kind: "connection", title: "Conexão caída: Loja", url: "/connections" })]);
    expect(got(anaPhone).length + got(biaPhone).length + got(caioPhone).length).toBe(0);
    await recordSessionStatus(t.deps, { connectionId: connection.id, companyId: a.company.id }, "CONNECTED");
  });

  test("a kind set to none alerts in no way; sound only plays in the tab without a push; quiet hours silence everything", async () => {
    await t.call("PUT", "/notifications/preferences", {
      token: caio.token,
      body: prefsOf({ kinds: { ...prefsOf().kinds, newTicket: "sound", transfer: "none" } }),
    });
    push.clear();
    const caioFrames = (from: number) =>
      t
        .framesOf("notification")
        .slice(from)
        .filter((f) => f.rooms.includes(`user-${caio.user.id}`));
    let from = t.framesOf("notification").length;
    const r = await handleInbound(t.deps, conn, inbound("5511970000009", "novo cliente"));
    await settle();
    await t.call("PUT", `/tickets/${r!.ticket.id}`, { token: adm, body: { status: "pending", userId: null, queueId: suporte } });
    await settle();
    expect(got(caioPhone)).toEqual([]);
    expect(caioFrames(from)).toEqual([]); // transfer: none
    // a new ticket straight into Suporte: Caio's tab plays its sound, his phone gets nothing
    const line2 = await makeConnection(t, a.company.id, { name: "Suporte direto", isDefault: false });
    await t.db.insert(whatsappQueues).values({ whatsappId: line2.connection.id, queueId: suporte });
    from = t.framesOf("notification").length;
    await handleInbound(t.deps, { id: line2.connection.id, companyId: a.company.id }, inbound("5511970000011", "mais um"));
    await settle();
    expect(got(caioPhone)).toEqual([]);
    expect(caioFrames(from).map((f) => f.frame.notification)).toEqual([expect.objectContaining({ kind: "newTicket", sound: true })]);
    // quiet hours around now (company clock) for Ana: a new ticket in her queue alerts her in no way
    const w = wallParts(t.config.timezone, Date.now());
    const hh = (h: number) => `${String((h + 24) % 24).padStart(2, "0")}:00`;
    await t.call("PUT", "/notifications/preferences", { token: ana.token, body: prefsOf({ quiet: { start: hh(w.h - 1), end: hh(w.h + 1) } }) });
    push.clear();
    from = t.framesOf("notification").length;
    await handleInbound(t.deps, conn, inbound("5511970000010", "outro cliente"));
    await settle();
    expect(got(anaPhone)).toEqual([]);
    expect(
      t
        .framesOf("notification")
        .slice(from)
        .filter((f) => f.rooms.includes(`user-${ana.user.id}`)),
    ).toEqual([]);
    await t.call("DELETE", "/notifications/preferences", { token: ana.token });
  });

  test("an endpoint whose name resolves into the server's network is never called, and its subscription is dropped (SSRF guard)", async () => {
    const d = push.device();
    const r = await t.call("POST", "/notifications/devices", {
      token: bia.token,
      body: { deviceId: "rebinding-1", endpoint: "https://fcm.rebind.test/push/1", keys: d.keys },
    });
    expect(r.status).toBe(201); // a public-looking name passes at save time...
    const before = push.received.length;
    await t
      .call("POST", `/chats`, { token: ana.token, body: { title: "Só nós", users: [bia.id] } })
      .then((c) => t.call("POST", `/chats/${c.json.id}/messages`, { token: ana.token, body: { message: "teste" } }));
    await settle();
    // ...but at send time it resolves to 10.0.0.7: refused by the guard, the subscription is gone
    const ids = (await t.call("GET", "/notifications/devices", { token: bia.token })).json.devices.map((x: { id: number }) => x.id);
    expect(ids).not.toContain(r.json.id);
    expect(push.received.length).toBe(before + 1); // Bia's real phone only
  });

  test("a subscription the push service answers 404 or 410 for is deleted; a 500 keeps it", async () => {
    const gone = await subscribe(ana.token);
    const missing = await subscribe(ana.token);
    const flaky = await subscribe(ana.token);
    push.answerFor(gone, 410);
    push.answerFor(missing, 404);
    push.answerFor(flaky, 500);
    await handleInbound(t.deps, conn, inbound("5511970000020", "oi de novo"));
    await settle();
    expect(push.received.filter((p) => [gone.id, missing.id, flaky.id].includes(p.device))).toHaveLength(3);
    const left = (await t.call("GET", "/notifications/devices", { token: ana.token })).json.devices;
    expect(left).toHaveLength(2); // the first phone and the flaky one
  });

  test("nothing ever reached another company's device, and every push was well signed and encrypted", () => {
    expect(got(otherPhone)).toEqual([]);
    expect(push.errors).toEqual([]);
  });
});
