/**
 * Every read of a conversation obeys the ticket visibility rules (R-PERM-3, issue 10), whatever
 * the route: ticket notes by contact, chat media, the sandbox phone (REST and its socket room),
 * message search; and secrets are never sent in the clear.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { handleInbound } from "../../src/inbound/receive";
import { SECRET_MASK } from "../../src/contract/schemas/settings";
import { handleClientMessage } from "../../src/http/routes/ws";
import { messages } from "../../src/modules/messages/schema";
import { inbound, makeConnection } from "../helpers/channel";
import { makeLiveApp } from "./helpers";

const t = await makeLiveApp();

let c: Awaited<ReturnType<typeof t.newCompany>>;
let agent: Awaited<ReturnType<typeof t.newUser>>;
let mine: { ticketId: number; contactId: number };
let hidden: { ticketId: number; contactId: number };
let connectionId: number;

/** A customer writes; the admin moves the ticket to the queue. */
async function ticketIn(queueId: number, number: string, text: string) {
  const res = await handleInbound(t.deps, { id: connectionId, companyId: c.company.id }, inbound(number, text));
  const id = res!.ticket.id;
  expect((await t.call("PUT", `/tickets/${id}`, { token: c.admin.token, body: { queueId, status: "pending" } })).status).toBe(200);
  return { ticketId: id, contactId: res!.ticket.contactId };
}

beforeAll(async () => {
  c = await t.newCompany();
  const q1 = await t.call("POST", "/queue", { token: c.admin.token, body: { name: "Vendas", color: "#2255aa" } });
  const q2 = await t.call("POST", "/queue", { token: c.admin.token, body: { name: "Financeiro", color: "#aa2255" } });
  agent = await t.newUser(c.admin.token, { queueIds: [q1.json.id] });
  connectionId = (await makeConnection(t, c.company.id)).connection.id;
  mine = await ticketIn(q1.json.id, "5511944440001", "pedido de vendas");
  hidden = await ticketIn(q2.json.id, "5511944440002", "boleto atrasado segredo");
  for (const ticketId of [mine.ticketId, hidden.ticketId]) {
    const n = await t.call("POST", "/ticket-notes", { token: c.admin.token, body: { ticketId, note: `nota interna ${ticketId}` } });
    expect(n.status).toBe(201);
  }
});

describe("ticket visibility on every route", () => {
  test("notes by contact show only the notes of tickets the agent may see", async () => {
    const other = await t.call("GET", `/ticket-notes/list?contactId=${hidden.contactId}`, { token: agent.token });
    expect(other.status).toBe(200);
    expect(other.json).toEqual([]);
    const own = await t.call("GET", `/ticket-notes/list?contactId=${mine.contactId}`, { token: agent.token });
    expect(own.json.map((n: { note: string }) => n.note)).toEqual([`nota interna ${mine.ticketId}`]);
    const admin = await t.call("GET", `/ticket-notes/list?contactId=${hidden.contactId}`, { token: c.admin.token });
    expect(admin.json).toHaveLength(1);
    expect((await t.call("GET", `/ticket-notes/list?ticketId=${hidden.ticketId}`, { token: agent.token })).status).toBe(403);
  }, 30_000);

  test("a chat file of a ticket out of sight answers 404; in sight 200", async () => {
    const files: Record<string, string> = {};
    for (const [name, ticketId] of [
      ["hidden", hidden.ticketId],
      ["mine", mine.ticketId],
    ] as const) {
      const mediaPath = `${c.company.id}/messages/${name}-${crypto.randomUUID()}.png`;
      const full = join(t.config.mediaDir, mediaPath);
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
      const now = new Date().toISOString();
      await t.db.insert(messages).values({
        companyId: c.company.id,
        ticketId,
        contactId: null,
        body: "",
        fromMe: false,
        mediaType: "image",
        mediaUrl: mediaPath,
        wid: `W${crypto.randomUUID()}`,
        createdAt: now,
        updatedAt: now,
      } as typeof messages.$inferInsert);
      files[name] = mediaPath;
    }
    expect((await t.http("GET", `/media/${files.hidden}`, { token: agent.token })).status).toBe(404);
    expect((await t.http("GET", `/media/${files.mine}`, { token: agent.token })).status).toBe(200);
    expect((await t.http("GET", `/media/${files.hidden}`, { token: c.admin.token })).status).toBe(200);
  }, 30_000);

  test("message search finds only conversations the agent may see", async () => {
    const agentSearch = await t.call("GET", "/tickets?searchParam=segredo&showAll=true", { token: agent.token });
    expect(agentSearch.json.tickets).toEqual([]);
    const adminSearch = await t.call("GET", "/tickets?searchParam=segredo&showAll=true", { token: c.admin.token });
    expect(adminSearch.json.tickets.map((x: { id: number }) => x.id)).toEqual([hidden.ticketId]);
  }, 30_000);

  test("the sandbox phone (every conversation of its connection) is refused to agents, REST and socket", async () => {
    const sb = await t.call("POST", "/whatsapp", { token: c.admin.token, body: { name: "Telefone de teste", channel: "sandbox" } });
    expect(sb.status).toBe(201);
    const id = sb.json.id;
    for (const path of [`/sandbox/${id}/customers`, `/sandbox/${id}/conversation?number=5511944440002`]) {
      expect((await t.call("GET", path, { token: agent.token })).status).toBe(403);
      expect((await t.call("GET", path, { token: c.admin.token })).status).toBe(200);
    }
    expect(
      (await t.call("POST", `/sandbox/${id}/messages`, { token: agent.token, body: { number: "5511944440009", name: "X", type: "text", body: "oi" } })).status,
    ).toBe(403);
    const ws = { id: crypto.randomUUID(), send() {}, close() {} };
    t.deps.hub.add(ws, agent.user as never);
    await handleClientMessage(t.deps, ws, { ...agent.user, queueIds: [] } as never, { type: "joinSandbox", connectionId: id });
    expect(t.deps.hub.roomsOf(ws)).not.toContain(`sandbox-${id}`);
    t.deps.hub.remove(ws);
  }, 30_000);
});

describe("secrets", () => {
  test("integration secrets reach neither agents nor admins in the clear (settings and /auth/me)", async () => {
    const secret = "asaas-live-key-0123456789";
    expect((await t.call("PUT", "/settings/asaas", { token: c.admin.token, body: { value: secret } })).status).toBe(200);
    for (const token of [agent.token, c.admin.token]) {
      const list = await t.call("GET", "/settings", { token });
      expect(list.text).not.toContain(secret);
      expect(list.json.find((s: { key: string }) => s.key === "asaas").value).toBe(SECRET_MASK);
      const me = await t.call("GET", "/auth/me", { token });
      expect(me.text).not.toContain(secret);
    }
  }, 30_000);
});

describe("validation that used to pass silently", () => {
  test("settings: an unknown key is refused (400); a known key only takes its allowed values", async () => {
    const unknown = await t.call("PUT", "/settings/anythingGoes", { token: c.admin.token, body: { value: "1" } });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error).toBe("ERR_NO_SETTING_FOUND");
    const bad = await t.call("PUT", "/settings/userRating", { token: c.admin.token, body: { value: "maybe" } });
    expect(bad.status).toBe(400);
    expect((await t.call("PUT", "/settings/userRating", { token: c.admin.token, body: { value: "enabled" } })).status).toBe(200);
  }, 30_000);

  test("users: another company's queue ids are refused (400), not silently dropped", async () => {
    const other = await t.newCompany();
    const foreign = await t.call("POST", "/queue", { token: other.admin.token, body: { name: "Alheia", color: "#123abc" } });
    const r = await t.call("POST", "/users", {
      token: c.admin.token,
      body: { name: "Nova Pessoa", email: `np.${crypto.randomUUID().slice(0, 6)}@test.local`, password: "senha-123", queueIds: [foreign.json.id] },
    });
    expect(r.status).toBe(400);
    expect(r.json.fields.queueIds).toBeTruthy();
    const put = await t.call("PUT", `/users/${agent.id}`, { token: c.admin.token, body: { queueIds: [foreign.json.id] } });
    expect(put.status).toBe(400);
  }, 30_000);
});
