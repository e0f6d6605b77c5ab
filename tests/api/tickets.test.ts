import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { ingestMessage } from "../../src/inbound/receive";
import { LIMITS } from "../../src/contract/limits";
import { retryQueuedMessages } from "../../src/modules/messages/jobs";
import { tickets } from "../../src/modules/tickets/schema";
import { makeTestApp } from "../helpers/app";
import { inbound, makeConnection } from "../helpers/channel";

const t = await makeTestApp();
const a = await t.newCompany();
const b = await t.newCompany();
const { connection, fake } = await makeConnection(t, a.company.id);
const conn = { id: connection.id, companyId: a.company.id };

async function queue(token: string, name: string, color: string) {
  const r = await t.call("POST", "/queue", { token, body: { name, color } });
  if (r.status !== 201 && r.status !== 200) throw new Error(`queue: ${r.status} ${r.text}`);
  return r.json.id as number;
}
const vendas = await queue(a.admin.token, "Vendas", "#22aa55");
const suporte = await queue(a.admin.token, "Suporte", "#2255aa");
const ana = await t.newUser(a.admin.token, { name: "Ana Vendas", queueIds: [vendas] });
const bruno = await t.newUser(a.admin.token, { name: "Bruno Suporte", queueIds: [suporte] });

describe("inbound → pending ticket", () => {
  test("a customer message creates one pending ticket with one unread message, announced live", async () => {
    t.events.length = 0;
    const res = await ingestMessage(t.deps, conn, inbound("5511988887777", "Olá, quero comprar"));
    expect(res?.before).toBeNull();
    const ticket = (await t.db.select().from(tickets).where(eq(tickets.id, res!.ticket.id)).limit(1))[0]!;
    expect(ticket).toMatchObject({ status: "pending", unreadMessages: 1, lastMessage: "Olá, quero comprar", userId: null });
    const upd = t.events.find((e) => e.frame.channel === "appMessage" && e.frame.action === "create");
    expect(upd?.rooms).toContain(`company-${a.company.id}-pending`);
    expect(upd?.rooms).toContain(`company-${a.company.id}-queue-null-pending`);
    const msg = t.framesOf("appMessage").find((e) => e.frame.action === "create");
    expect(msg?.frame.message.body).toBe("Olá, quero comprar");
    // a replay of the same channel id is ingested once
    const again = await ingestMessage(t.deps, conn, { ...inbound("5511988887777", "Olá, quero comprar"), id: "DUPE-1" });
    const replay = await ingestMessage(t.deps, conn, { ...inbound("5511988887777", "Olá, quero comprar"), id: "DUPE-1" });
    expect(replay?.duplicate).toBe(true);
    expect(replay?.messageId).toBe(again!.messageId);
    const list = await t.call("GET", `/messages/${res!.ticket.id}`, { token: a.admin.token });
    expect(list.json.messages.length).toBe(2);
  });

  test("both agents see a queue-less pending ticket; company B does not", async () => {
    for (const s of [ana, bruno]) {
      const r = await t.call("GET", "/tickets?status=pending", { token: s.token });
      expect(r.json.tickets.map((x: { contact: { number: string } }) => x.contact.number)).toContain("5511988887777");
    }
    const other = await t.call("GET", "/tickets?status=pending&showAll=true", { token: b.admin.token });
    expect(other.json.tickets).toEqual([]);
  });
});

describe("the agent's story", () => {
  let ticketId = 0;
  test("accept: pending → open with the agent, greeting sent when enabled", async () => {
    await t.call("PUT", "/settings/sendGreetingAccepted", { token: a.admin.token, body: { value: "enabled" } });
    const res = await ingestMessage(t.deps, conn, inbound("5511977776666", "Preciso de ajuda"));
    ticketId = res!.ticket.id;
    fake.sent.length = 0;
    const r = await t.call("PUT", `/tickets/${ticketId}`, { token: ana.token, body: { status: "open" } });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ status: "open", userId: ana.id, unreadMessages: 0 });
    expect(fake.sent.length).toBe(1);
    expect((fake.sent[0] as { body: string }).body).toContain("meu nome é *Ana Vendas*");
    expect(fake.sent[0].to).toBe("5511977776666@s.whatsapp.net");
    expect(fake.read.length).toBeGreaterThan(0);
  });

  test("reply with text, a quoted reply and an image", async () => {
    fake.sent.length = 0;
    const text = await t.call("POST", `/messages/${ticketId}`, { token: ana.token, body: { body: "Olá {{firstName}}!" } });
    expect(text.status).toBe(201);
    expect(text.json).toMatchObject({ fromMe: true, sendStatus: "sent", ack: 1 });
    expect((fake.sent[0] as { body: string }).body).toMatch(/^Olá Cliente!$/);
    const history = await t.call("GET", `/messages/${ticketId}`, { token: ana.token });
    const customer = history.json.messages.find((m: { fromMe: boolean }) => !m.fromMe);
    const quoted = await t.call("POST", `/messages/${ticketId}`, { token: ana.token, body: { body: "Sobre isso:", quotedMsg: { id: customer.id } } });
    expect(quoted.json.quotedMsg.body).toBe("Preciso de ajuda");
    expect(fake.sent[1].quoted?.id).toBe(customer.wid);
    const form = new FormData();
    form.append("medias", new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], "foto.png", { type: "image/png" }));
    form.append("body", "Veja a foto");
    const img = await t.call("POST", `/messages/${ticketId}`, { token: ana.token, form });
    expect(img.status).toBe(201);
    expect(img.json).toMatchObject({ mediaType: "image", body: "Veja a foto", mediaName: "foto.png" });
    expect(fake.sent[2]).toMatchObject({ type: "media", mimetype: "image/png", caption: "Veja a foto" });
    const media = await t.call("GET", img.json.mediaUrl, { token: ana.token });
    expect(media.status).toBe(200);
    expect((await t.call("GET", img.json.mediaUrl, { token: b.admin.token })).status).toBe(404);
  });

  test("a message arriving while the chat is open is read at once", async () => {
    await ingestMessage(t.deps, conn, inbound("5511977776666", "mais uma coisa"));
    const row = async () => (await t.db.select().from(tickets).where(eq(tickets.id, ticketId)).limit(1))[0]!;
    expect((await row()).unreadMessages).toBe(1);
    t.events.length = 0;
    expect((await t.call("POST", `/messages/${ticketId}/read`, { token: ana.token })).json).toEqual({ ok: true });
    expect((await row()).unreadMessages).toBe(0);
    expect(t.framesOf("ticket").some((e) => e.frame.action === "updateUnread")).toBe(true);
    expect((await t.call("POST", `/messages/${ticketId}/read`, { token: b.admin.token })).status).toBe(404);
  });

  test("empty text is refused; another agent cannot write on a ticket they do not hold", async () => {
    const empty = await t.call("POST", `/messages/${ticketId}`, { token: ana.token, body: { body: "   " } });
    expect(empty.status).toBe(400);
    expect(empty.json.fields.body).toBe("validation.required");
    const notMine = await t.call("POST", `/messages/${ticketId}`, { token: bruno.token, body: { body: "oi" } });
    expect(notMine.status).toBe(403);
  });

  test("a note and a tag", async () => {
    const note = await t.call("POST", "/ticket-notes", { token: ana.token, body: { note: "Cliente VIP", ticketId } });
    expect(note.status).toBe(201);
    expect(note.json.user.name).toBe("Ana Vendas");
    const short = await t.call("POST", "/ticket-notes", { token: ana.token, body: { note: "x", ticketId } });
    expect(short.json.fields.note).toBe("validation.tooShort");
    const list = await t.call("GET", `/ticket-notes/list?ticketId=${ticketId}`, { token: ana.token });
    expect(list.json.map((n: { note: string }) => n.note)).toEqual(["Cliente VIP"]);
    expect((await t.call("DELETE", `/ticket-notes/${note.json.id}`, { token: ana.token })).status).toBe(403);
    const tag = await t.call("POST", "/tags", { token: a.admin.token, body: { name: "Urgente", color: "#ff0000" } });
    const synced = await t.call("POST", "/tags/sync", { token: ana.token, body: { ticketId, tags: [{ id: tag.json.id }] } });
    expect(synced.json.tags.map((x: { name: string }) => x.name)).toEqual(["Urgente"]);
    const bTag = await t.call("POST", "/tags", { token: b.admin.token, body: { name: "Outra", color: "#00ff00" } });
    const foreign = await t.call("POST", "/tags/sync", { token: ana.token, body: { ticketId, tags: [bTag.json.id] } });
    expect(foreign.status).toBe(404);
    const byTag = await t.call("GET", `/tickets?tags=${JSON.stringify([tag.json.id])}&showAll=true`, { token: a.admin.token });
    expect(byTag.json.tickets.map((x: { id: number }) => x.id)).toEqual([ticketId]);
    // The list's card carries its tags (on PostgreSQL they come with the rows, on SQLite from a second read).
    expect(byTag.json.tickets[0].tags).toEqual([{ id: tag.json.id, name: "Urgente", color: "#ff0000", kanban: 0 }]);
  });

  test("transfer to a queue without a user: pending in Suporte, Bruno sees it live, transfer text sent", async () => {
    await t.call("PUT", "/settings/sendMsgTransfTicket", { token: a.admin.token, body: { value: "enabled" } });
    t.events.length = 0;
    fake.sent.length = 0;
    const r = await t.call("PUT", `/tickets/${ticketId}`, { token: ana.token, body: { queueId: suporte, status: "pending", userId: null } });
    expect(r.json).toMatchObject({ status: "pending", userId: null, queueId: suporte });
    expect((fake.sent[0] as { body: string }).body).toContain("departamento *Suporte*");
    const upd = t.events.find((e) => e.frame.channel === "appMessage" && e.frame.action === "create");
    expect(upd?.rooms).toContain(`company-${a.company.id}-queue-${suporte}-pending`);
    // Ana's lists forget it: her rooms get a delete (she may no longer see it), in the same publish
    const moved = t.events.find((e) => e.frame.channel === "ticket" && e.frame.action === "update");
    expect(moved?.gone?.rooms).toContain(`user-${ana.id}`);
    expect(moved?.gone?.frame).toEqual({ channel: "ticket", action: "delete", ticketId });
    const brunoList = await t.call("GET", "/tickets?status=pending", { token: bruno.token });
    expect(brunoList.json.tickets.map((x: { id: number }) => x.id)).toContain(ticketId);
    const anaList = await t.call("GET", "/tickets?status=pending", { token: ana.token });
    expect(anaList.json.tickets.map((x: { id: number }) => x.id)).not.toContain(ticketId);
    expect((await t.call("GET", `/tickets/${ticketId}`, { token: ana.token })).status).toBe(403);
  });

  test("Bruno accepts and resolves: completion message, closed, reopened as pending by the next inbound", async () => {
    await t.db.update((await import("../../src/modules/connections/schema")).whatsapps).set({ complationMessage: "Obrigado, {{name}}!" });
    await t.call("PUT", `/tickets/${ticketId}`, { token: bruno.token, body: { status: "open" } });
    fake.sent.length = 0;
    const closed = await t.call("PUT", `/tickets/${ticketId}`, { token: bruno.token, body: { status: "closed" } });
    expect(closed.json.status).toBe("closed");
    expect((fake.sent.at(-1) as { body: string }).body).toBe("Obrigado, Cliente 6666!");
    const res = await ingestMessage(t.deps, conn, inbound("5511977776666", "Voltei"));
    expect(res?.ticket.id).toBe(ticketId);
    expect(res?.before?.status).toBe("closed");
    expect(res?.ticket.status).toBe("pending");
  });
});

describe("rules", () => {
  test("new ticket: queue required for agents; conflict answers 409 with owner and queue; own ticket answered as is", async () => {
    const contact = await t.call("POST", "/contacts", { token: a.admin.token, body: { name: "Carla Nova", number: "5511955554444" } });
    const noQueue = await t.call("POST", "/tickets", { token: ana.token, body: { contactId: contact.json.id } });
    expect(noQueue.json.fields.queueId).toBe("validation.selectQueue");
    const first = await t.call("POST", "/tickets", { token: ana.token, body: { contactId: contact.json.id, queueId: vendas } });
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ status: "open", userId: ana.id, queueId: vendas });
    const same = await t.call("POST", "/tickets", { token: ana.token, body: { contactId: contact.json.id, queueId: vendas } });
    expect(same.status).toBe(200);
    expect(same.json.id).toBe(first.json.id);
    const conflict = await t.call("POST", "/tickets", { token: a.admin.token, body: { contactId: contact.json.id } });
    expect(conflict.status).toBe(409);
    expect(conflict.json).toMatchObject({ error: "ERR_OTHER_OPEN_TICKET", user: { id: ana.id, name: "Ana Vendas" }, queue: { id: vendas, name: "Vendas" } });
  });

  test("the database refuses a second active ticket for a contact on a connection", async () => {
    const existing = (await t.db.select().from(tickets).where(eq(tickets.status, "open")).limit(1))[0]!;
    const refused = await t.db
      .insert(tickets)
      .values({ ...existing, id: undefined, uuid: crypto.randomUUID(), status: "pending" })
      .then(
        () => null,
        (e: Error) => `${e.message} ${String(e.cause ?? "")}`,
      );
    // SQLite says "UNIQUE constraint failed", PostgreSQL "duplicate key value violates unique constraint".
    expect(refused).toMatch(/unique constraint/i);
  });

  test("search finds tickets by message text (FTS) and by contact name", async () => {
    await ingestMessage(t.deps, conn, inbound("5511944443333", "Meu pedido número 4521 atrasou"));
    const byText = await t.call("GET", `/tickets?searchParam=${encodeURIComponent("pedido 4521")}&showAll=true`, { token: a.admin.token });
    expect(byText.json.tickets.map((x: { contact: { number: string } }) => x.contact.number)).toEqual(["5511944443333"]);
    const byName = await t.call("GET", "/tickets?searchParam=carla&showAll=true", { token: a.admin.token });
    expect(byName.json.tickets.length).toBe(1);
    const bad = await t.call("GET", `/tickets?searchParam=${encodeURIComponent('"*) OR (')}`, { token: a.admin.token });
    expect(bad.status).toBe(200);
  });

  test("a failed send is marked and announced; without a live connection it waits, then fails after the outbox timeout", async () => {
    const contact = await t.call("POST", "/contacts", { token: a.admin.token, body: { name: "Davi Falha", number: "5511933332222" } });
    const tk = await t.call("POST", "/tickets", { token: ana.token, body: { contactId: contact.json.id, queueId: vendas } });
    fake.failNext = true;
    const r = await t.call("POST", `/messages/${tk.json.id}`, { token: ana.token, body: { body: "vai falhar" } });
    expect(r.json).toMatchObject({ sendStatus: "failed", ack: 0 });
    // retry: the same reserved id goes out once more; a sent message cannot be retried
    fake.sent.length = 0;
    expect((await t.call("POST", `/messages/retry/${r.json.id}`, { token: bruno.token })).status).toBe(403);
    const again = await t.call("POST", `/messages/retry/${r.json.id}`, { token: ana.token });
    expect(again.json).toMatchObject({ id: r.json.id, sendStatus: "sent", ack: 1 });
    expect(fake.sent.map((m) => m.id)).toEqual([r.json.wid]);
    expect((await t.call("POST", `/messages/retry/${r.json.id}`, { token: ana.token })).status).toBe(400);
    await t.deps.sessions.registry.stop(connection.id);
    const r2 = await t.call("POST", `/messages/${tk.json.id}`, { token: ana.token, body: { body: "sem conexão" } });
    expect(r2.json.sendStatus).toBe("queued");
    await retryQueuedMessages(t.deps, Date.now() + LIMITS.outboxTimeoutMs + 60_000);
    const after = await t.call("GET", `/messages/${tk.json.id}`, { token: ana.token });
    expect(after.json.messages.find((m: { id: number }) => m.id === r2.json.id)).toMatchObject({ sendStatus: "failed", ack: 0 });
    void t.deps.sessions.registry.start(connection.id, a.company.id, `fake-${connection.id}`);
  });

  test("delete: own messages only; ticket delete is for admins", async () => {
    const tk = (await t.db.select().from(tickets).where(eq(tickets.status, "open")).limit(1))[0]!;
    const sent = await t.call("POST", `/messages/${tk.id}`, { token: ana.token, body: { body: "apagar" } });
    const del = await t.call("DELETE", `/messages/${sent.json.id}`, { token: ana.token });
    expect(del.json.isDeleted).toBe(true);
    expect(fake.deleted.at(-1)?.id).toBe(sent.json.wid);
    const list = await t.call("GET", `/messages/${tk.id}`, { token: ana.token });
    const inboundMsg = list.json.messages.find((m: { fromMe: boolean }) => !m.fromMe);
    if (inboundMsg) expect((await t.call("DELETE", `/messages/${inboundMsg.id}`, { token: ana.token })).status).toBe(403);
    expect((await t.call("DELETE", `/tickets/${tk.id}`, { token: ana.token })).status).toBe(403);
    t.events.length = 0;
    const ok = await t.call("DELETE", `/tickets/${tk.id}`, { token: a.admin.token });
    expect(ok.json.message).toBe("Ticket deleted sucessfully.");
    expect(t.events.some((e) => e.frame.channel === "ticket" && e.frame.action === "delete")).toBe(true);
    expect((await t.call("GET", `/messages/${tk.id}`, { token: a.admin.token })).status).toBe(404);
  });

  test("company B cannot reach company A's tickets, messages or notes", async () => {
    const tk = (await t.db.select().from(tickets).where(eq(tickets.companyId, a.company.id)).limit(1))[0]!;
    for (const [m, p, body] of [
      ["GET", `/tickets/${tk.id}`],
      ["GET", `/tickets/u/${tk.uuid}`],
      ["PUT", `/tickets/${tk.id}`, { status: "open" }],
      ["GET", `/messages/${tk.id}`],
      ["POST", `/messages/${tk.id}`, { body: "intrusão" }],
      ["POST", "/ticket-notes", { note: "intrusão", ticketId: tk.id }],
    ] as const) {
      const r = await t.call(m, p, { token: b.admin.token, body });
      expect(r.status).toBe(404);
      expect(r.json.error).toBe("ERR_NO_TICKET_FOUND");
    }
  });
});

describe("kanban", () => {
  test("kanban routes follow the plan's useKanban flag; a kanban move swaps the kanban tag", async () => {
    const { plans } = await import("../../src/modules/plans/schema");
    const { companies } = await import("../../src/modules/companies/schema");
    const lane1 = await t.call("POST", "/tags", { token: a.admin.token, body: { name: "Lane Um", color: "#aa0000", kanban: 1 } });
    const lane2 = await t.call("POST", "/tags", { token: a.admin.token, body: { name: "Lane Dois", color: "#00aa00", kanban: 1 } });
    const res = await ingestMessage(t.deps, conn, inbound("5511922221111", "kanban"));
    const id = res!.ticket.id;
    await t.call("PUT", `/ticket-tags/${id}/${lane1.json.id}`, { token: a.admin.token });
    await t.call("DELETE", `/ticket-tags/${id}`, { token: a.admin.token });
    const moved = await t.call("PUT", `/ticket-tags/${id}/${lane2.json.id}`, { token: a.admin.token });
    expect(moved.json.tags.map((x: { name: string }) => x.name)).toEqual(["Lane Dois"]);
    const board = await t.call("GET", "/ticket/kanban", { token: a.admin.token });
    expect(board.json.tickets.some((x: { id: number }) => x.id === id)).toBe(true);
    const now = new Date().toISOString();
    const noKanban = (await t.db.insert(plans).values({ name: "Sem Kanban", useKanban: false, createdAt: now, updatedAt: now }).returning())[0];
    await t.db.update(companies).set({ planId: noKanban.id }).where(eq(companies.id, a.company.id));
    const denied = await t.call("GET", "/ticket/kanban", { token: a.admin.token });
    expect(denied.status).toBe(403);
    expect(denied.json).toEqual({ error: "ERR_NO_PERMISSION", feature: "useKanban" });
    await t.db.update(companies).set({ planId: 1 }).where(eq(companies.id, a.company.id));
  });
});
