import { afterAll, afterEach, describe, expect, test } from "bun:test";
import { makeTestApp } from "../helpers/app";
import { openTestSocket } from "../helpers/socket";

const t = await makeTestApp();
const server = t.app.listen({ port: 0, hostname: "127.0.0.1" });
// Forced: a test that fails half-way leaves its sockets open, and a graceful stop would wait for them.
afterAll(() => server.stop(true));
const base = `ws://127.0.0.1:${server.server!.port}/ws`;

/** Every socket a test opened, closed after it (see afterEach). */
const opened: { ws: WebSocket; ready: Promise<void> }[] = [];

/**
 * A test that fails half-way leaves its sockets open: they are closed after each test, while the
 * database is still there for the server's close handlers (presence), not after the file's end.
 */
afterEach(async () => {
  const open = opened.splice(0).filter((s) => s.ws.readyState !== WebSocket.CLOSED);
  await Promise.all(
    open.map(
      (s) =>
        new Promise<void>((resolve) => {
          s.ready.catch(() => {});
          s.ws.addEventListener("close", () => resolve());
          setTimeout(resolve, 1000);
          s.ws.close();
        }),
    ),
  );
  if (open.length) await Bun.sleep(50);
});

/** Opens a socket and collects frames; `ready` resolves once the server says ready. */
function connect(token: string) {
  const s = openTestSocket(base, token);
  opened.push(s);
  return s;
}

/**
 * Resolves once the server has handled every message sent on the socket so far: it handles them in order, and the
 * last one (presence: the tab hidden) shows in the hub. For a user's only socket, which counts as visible until then.
 */
async function handled(s: ReturnType<typeof connect>, userId: number) {
  s.send({ type: "presence", visible: false });
  const end = Date.now() + 5000;
  while (t.deps.hub.hasVisibleSocket(userId) && Date.now() < end) await Bun.sleep(5);
  expect(t.deps.hub.hasVisibleSocket(userId)).toBe(false);
}

describe("realtime /ws", () => {
  test("refuses a missing or bad token", async () => {
    const ws = new WebSocket(`${base}?token=bad`);
    const code = await new Promise<string>((resolve) => {
      ws.onopen = () => resolve("open");
      ws.onerror = () => resolve("error");
      ws.onclose = () => resolve("closed");
    });
    expect(code).not.toBe("open");
  });

  test("a second login sends the auth event to the first browser only", async () => {
    const a = await t.newCompany();
    const first = connect(a.admin.token);
    await first.ready;
    await t.login(a.email, a.password);
    const f = await first.waitFor((x) => x.channel === "auth");
    expect(f).toMatchObject({ channel: "auth", action: "update", user: { id: a.admin.user.id } });
    first.ws.close();
  });

  test("company events reach only that company's sockets", async () => {
    const a = await t.newCompany();
    const b = await t.newCompany();
    const sa = connect(a.admin.token);
    const sb = connect(b.admin.token);
    await Promise.all([sa.ready, sb.ready]);
    await t.newUser(a.admin.token);
    expect(await sa.waitFor((x) => x.channel === "user" && x.action === "create")).not.toBeNull();
    expect(await sb.waitFor((x) => x.channel === "user", 300)).toBeNull();
    sa.ws.close();
    sb.ws.close();
  });

  test("joinNotification: admins join the company room, agents only their queue rooms", async () => {
    const a = await t.newCompany();
    const agent = await t.newUser(a.admin.token);
    const sa = connect(a.admin.token);
    const sg = connect(agent.token);
    await Promise.all([sa.ready, sg.ready]);
    sa.send({ type: "joinNotification" });
    sg.send({ type: "joinNotification" });
    await Promise.all([handled(sa, a.admin.user.id), handled(sg, agent.user.id)]);
    t.deps.hub.publish(`company-${a.company.id}-notification`, { channel: "ticket", action: "delete", ticketId: 900001 });
    expect(await sa.waitFor((x) => x.ticketId === 900001)).not.toBeNull();
    expect(await sg.waitFor((x) => x.ticketId === 900001, 300)).toBeNull();
    sa.ws.close();
    sg.ws.close();
  });

  test("joins the app sends as soon as the socket is connected, before ready, are kept (the open reads the session first)", async () => {
    const a = await t.newCompany();
    const s = connect(a.admin.token);
    // as the app does: its joins go in onopen, while the server may still be reading the session
    s.ws.onopen = () => s.send({ type: "joinNotification" });
    await s.ready;
    await handled(s, a.admin.user.id);
    t.deps.hub.publish(`company-${a.company.id}-notification`, { channel: "ticket", action: "delete", ticketId: 900003 });
    expect(await s.waitFor((x) => x.ticketId === 900003)).not.toBeNull();
    s.ws.close();
  });

  test("a socket closed while it is opening leaves nothing behind (the user is not left online)", async () => {
    const a = await t.newCompany();
    const before = t.deps.hub.socketCount(a.admin.user.id);
    const s = connect(a.admin.token);
    s.ready.catch(() => {});
    s.ws.onopen = () => s.ws.close();
    await new Promise<void>((resolve) => s.ws.addEventListener("close", () => resolve()));
    // the server's close waits for its open (a session read): give it time under load, then it must have left
    await Bun.sleep(200);
    for (let end = Date.now() + 3000; t.deps.hub.socketCount(a.admin.user.id) !== before && Date.now() < end; ) await Bun.sleep(10);
    expect(t.deps.hub.socketCount(a.admin.user.id)).toBe(before);
  });
});

describe("ticket rooms", () => {
  test("joinChatBox admits users who can see the ticket only", async () => {
    const { makeConnection, inbound } = await import("../helpers/channel");
    const { handleInbound } = await import("../../src/inbound/receive");
    const a = await t.newCompany();
    const q = await t.call("POST", "/queue", { token: a.admin.token, body: { name: "Fila Fechada", color: "#654321" } });
    const outsider = await t.newUser(a.admin.token);
    const { connection } = await makeConnection(t, a.company.id);
    const res = await handleInbound(t.deps, { id: connection.id, companyId: a.company.id }, inbound("5511955550000", "oi"));
    await t.call("PUT", `/tickets/${res!.ticket.id}`, { token: a.admin.token, body: { queueId: q.json.id, status: "pending" } });
    const admin = connect(a.admin.token);
    const other = connect(outsider.token);
    await Promise.all([admin.ready, other.ready]);
    admin.send({ type: "joinChatBox", ticketId: res!.ticket.id });
    other.send({ type: "joinChatBox", ticketId: res!.ticket.id });
    await Promise.all([handled(admin, a.admin.user.id), handled(other, outsider.user.id)]);
    t.deps.hub.publish(`ticket-${res!.ticket.id}`, { channel: "ticket", action: "delete", ticketId: 900002 });
    expect(await admin.waitFor((x) => x.ticketId === 900002)).not.toBeNull();
    expect(await other.waitFor((x) => x.ticketId === 900002, 300)).toBeNull();
    admin.ws.close();
    other.ws.close();
  });

  test("a join and the leave sent right after it are handled in that order (switching tickets quickly leaves no room behind)", async () => {
    const { makeConnection, inbound } = await import("../helpers/channel");
    const { handleInbound } = await import("../../src/inbound/receive");
    const a = await t.newCompany();
    const { connection } = await makeConnection(t, a.company.id);
    const conn = { id: connection.id, companyId: a.company.id };
    const one = await handleInbound(t.deps, conn, inbound("5511955550101", "primeiro"));
    const two = await handleInbound(t.deps, conn, inbound("5511955550102", "segundo"));
    const s = connect(a.admin.token);
    await s.ready;
    // the join reads the ticket from the database; the leave does not: handled side by side, the leave ended first
    s.send({ type: "joinChatBox", ticketId: one!.ticket.id });
    s.send({ type: "leaveChatBox", ticketId: one!.ticket.id });
    s.send({ type: "joinChatBox", ticketId: two!.ticket.id });
    await handled(s, a.admin.user.id);
    t.deps.hub.publish(`ticket-${one!.ticket.id}`, { channel: "ticket", action: "delete", ticketId: 900011 });
    t.deps.hub.publish(`ticket-${two!.ticket.id}`, { channel: "ticket", action: "delete", ticketId: 900012 });
    expect(await s.waitFor((x) => x.ticketId === 900012)).not.toBeNull();
    expect(s.frames.some((x) => x.ticketId === 900011)).toBe(false);
    s.ws.close();
  });
});

describe("ticket list rooms by role", () => {
  test("a supervisor follows the open list of their queues; an agent only the waiting list", async () => {
    const a = await t.newCompany();
    const q = await t.call("POST", "/queue", { token: a.admin.token, body: { name: "Fila Sup", color: "#335577" } });
    const sup = await t.newUser(a.admin.token, { profile: "supervisor", queueIds: [q.json.id] });
    const agent = await t.newUser(a.admin.token, { queueIds: [q.json.id] });
    const s1 = connect(sup.token);
    const s2 = connect(agent.token);
    await Promise.all([s1.ready, s2.ready]);
    for (const s of [s1, s2]) {
      s.send({ type: "joinTickets", status: "open" });
      s.send({ type: "joinTickets", status: "pending" });
    }
    await Promise.all([handled(s1, sup.user.id), handled(s2, agent.user.id)]);
    t.deps.hub.publish(`company-${a.company.id}-queue-${q.json.id}-open`, { channel: "ticket", action: "delete", ticketId: 900003 });
    t.deps.hub.publish(`company-${a.company.id}-queue-${q.json.id}-pending`, { channel: "ticket", action: "delete", ticketId: 900004 });
    expect(await s1.waitFor((x) => x.ticketId === 900003)).not.toBeNull();
    expect(await s1.waitFor((x) => x.ticketId === 900004)).not.toBeNull();
    expect(await s2.waitFor((x) => x.ticketId === 900004)).not.toBeNull();
    expect(await s2.waitFor((x) => x.ticketId === 900003, 300)).toBeNull();
    s1.ws.close();
    s2.ws.close();
  });
});

describe("one frame per message per socket", () => {
  test("a socket in the notification, status and chat rooms gets each inbound message once, ticket included", async () => {
    const { makeConnection, inbound } = await import("../helpers/channel");
    const { handleInbound } = await import("../../src/inbound/receive");
    const a = await t.newCompany();
    const { connection } = await makeConnection(t, a.company.id);
    const conn = { id: connection.id, companyId: a.company.id };
    const first = await handleInbound(t.deps, conn, inbound("5511955551111", "oi"));
    const admin = connect(a.admin.token);
    await admin.ready;
    admin.send({ type: "joinNotification" });
    for (const status of ["open", "pending", "closed"]) admin.send({ type: "joinTickets", status });
    admin.send({ type: "joinChatBox", ticketId: first!.ticket.id });
    await handled(admin, a.admin.user.id);
    admin.frames.length = 0;
    for (let i = 0; i < 5; i++) await handleInbound(t.deps, conn, inbound("5511955551111", `mensagem ${i}`));
    await Bun.sleep(100);
    const creates = admin.frames.filter((f) => f.channel === "appMessage" && f.action === "create");
    expect(creates.map((f) => f.message.body)).toEqual(["mensagem 0", "mensagem 1", "mensagem 2", "mensagem 3", "mensagem 4"]);
    expect(creates.every((f) => f.ticket.id === first!.ticket.id && f.ticket.lastMessage.startsWith("mensagem"))).toBe(true);
    // nothing else about these messages: no ticket update, no duplicates
    expect(admin.frames.filter((f) => f.channel === "ticket")).toEqual([]);
    admin.ws.close();
  });

  test("an agent whose ticket moved to a queue they do not serve stops receiving it, even from its chat room", async () => {
    const { makeConnection, inbound } = await import("../helpers/channel");
    const { handleInbound } = await import("../../src/inbound/receive");
    const a = await t.newCompany();
    const q1 = (await t.call("POST", "/queue", { token: a.admin.token, body: { name: "Q1", color: "#101010" } })).json.id;
    const q2 = (await t.call("POST", "/queue", { token: a.admin.token, body: { name: "Q2", color: "#202020" } })).json.id;
    const agent = await t.newUser(a.admin.token, { queueIds: [q1] });
    const { connection } = await makeConnection(t, a.company.id);
    const conn = { id: connection.id, companyId: a.company.id };
    const res = await handleInbound(t.deps, conn, inbound("5511955552222", "oi"));
    const id = res!.ticket.id;
    await t.call("PUT", `/tickets/${id}`, { token: a.admin.token, body: { queueId: q1, status: "pending" } });
    const s = connect(agent.token);
    await s.ready;
    s.send({ type: "joinChatBox", ticketId: id });
    s.send({ type: "joinTickets", status: "pending" });
    await handled(s, agent.user.id);
    await handleInbound(t.deps, conn, inbound("5511955552222", "ainda em Q1"));
    expect(await s.waitFor((f) => f.channel === "appMessage" && f.message.body === "ainda em Q1")).not.toBeNull();
    await t.call("PUT", `/tickets/${id}`, { token: a.admin.token, body: { queueId: q2, status: "pending" } });
    expect(await s.waitFor((f) => f.channel === "ticket" && f.action === "delete" && f.ticketId === id)).not.toBeNull();
    await handleInbound(t.deps, conn, inbound("5511955552222", "agora em Q2"));
    expect(await s.waitFor((f) => f.channel === "appMessage" && f.message.body === "agora em Q2", 300)).toBeNull();
    s.ws.close();
  });

  test("closeUser ends every open socket of a user with 4401 (the SPA goes to /login)", async () => {
    const a = await t.newCompany();
    const agent = await t.newUser(a.admin.token);
    const s = connect(agent.token);
    await s.ready;
    const closed = new Promise<number>((resolve) => {
      s.ws.onclose = (e) => resolve(e.code);
    });
    t.deps.hub.closeUser(agent.user.id);
    expect(await closed).toBe(4401);
    expect(t.deps.hub.socketCount(agent.user.id)).toBe(0);
  });
});

describe("campaign frames", () => {
  test("campaign and contact-list frames reach the company's admins only, not its agents or other companies", async () => {
    const a = await t.newCompany();
    const b = await t.newCompany();
    const agent = await t.newUser(a.admin.token);
    const admin = connect(a.admin.token);
    const user = connect(agent.token);
    const other = connect(b.admin.token);
    await Promise.all([admin.ready, user.ready, other.ready]);
    const list = await t.call("POST", "/contact-lists", { token: a.admin.token, body: { name: "Ao vivo" } });
    const campaign = await t.call("POST", "/campaigns", { token: a.admin.token, body: { name: "Ao vivo", contactListId: list.json.id } });
    expect(await admin.waitFor((f) => f.channel === "ContactList" && f.record?.id === list.json.id)).not.toBeNull();
    expect(await admin.waitFor((f) => f.channel === "campaign" && f.action === "create" && f.record?.id === campaign.json.id)).toMatchObject({
      record: { name: "Ao vivo", status: "INATIVA", contactList: { name: "Ao vivo" } },
    });
    await Bun.sleep(50);
    for (const s of [user, other]) expect(s.frames.filter((f) => f.channel === "campaign" || f.channel === "ContactList")).toEqual([]);
    for (const s of [admin, user, other]) s.ws.close();
  });
});

describe("presence (the dashboard's online column follows it live)", () => {
  const dashboardOnline = async (token: string, userId: number) =>
    ((await t.call("GET", "/dashboard?days=3", { token })).json.attendants as { id: number; online: boolean }[]).find((a) => a.id === userId)?.online;

  test("a user's socket opening tells their company, and only it, that they are online, even when sign-in already set the flag", async () => {
    const a = await t.newCompany();
    const b = await t.newCompany();
    const agent = await t.newUser(a.admin.token);
    const watcher = connect(a.admin.token);
    const stranger = connect(b.admin.token);
    await Promise.all([watcher.ready, stranger.ready]);
    // the agent signed in (flag already on): the socket's opening is still told
    const s = connect(agent.token);
    await s.ready;
    expect(await watcher.waitFor((f) => f.channel === "presence" && f.userId === agent.user.id && f.online === true)).not.toBeNull();
    expect(await stranger.waitFor((f) => f.channel === "presence" && f.userId === agent.user.id, 300)).toBeNull();
    expect(await dashboardOnline(a.admin.token, agent.user.id)).toBe(true);
    // the last socket closing: offline, live and in the figures
    s.ws.close();
    expect(await watcher.waitFor((f) => f.channel === "presence" && f.userId === agent.user.id && f.online === false)).not.toBeNull();
    expect(await dashboardOnline(a.admin.token, agent.user.id)).toBe(false);
    for (const x of [watcher, stranger]) x.ws.close();
  });

  test("the offline sweep tells the company; a ping after it brings the user back, live", async () => {
    const { sweepOfflineUsers } = await import("../../src/modules/users/jobs");
    const { users } = await import("../../src/schema");
    const { eq } = await import("drizzle-orm");
    const a = await t.newCompany();
    const agent = await t.newUser(a.admin.token);
    const watcher = connect(a.admin.token);
    const s = connect(agent.token);
    await Promise.all([watcher.ready, s.ready]);
    await t.db
      .update(users)
      .set({ lastSeenAt: new Date(Date.now() - 10 * 60_000).toISOString() })
      .where(eq(users.id, agent.user.id));
    await sweepOfflineUsers(t.deps);
    expect(await watcher.waitFor((f) => f.channel === "presence" && f.userId === agent.user.id && f.online === false)).not.toBeNull();
    watcher.frames.length = 0;
    s.send({ type: "userStatus" });
    expect(await watcher.waitFor((f) => f.channel === "presence" && f.userId === agent.user.id && f.online === true)).not.toBeNull();
    // a ping that changes nothing is not told again
    watcher.frames.length = 0;
    s.send({ type: "userStatus" });
    expect(await watcher.waitFor((f) => f.channel === "presence", 300)).toBeNull();
    for (const x of [watcher, s]) x.ws.close();
  });

  test("a live browser pings often enough that the 5-minute sweep never takes it for gone", async () => {
    const { LIMITS } = await import("../../src/contract/limits");
    // two pings (one may be late: a hidden tab's timers run once a minute) fit in the sweep's 5 minutes
    expect(LIMITS.userStatusPingMs * 2 + 60_000).toBeLessThanOrEqual(5 * 60_000);
  });

  test("ending a user's sessions (logout) shows them offline at once", async () => {
    const a = await t.newCompany();
    const agent = await t.newUser(a.admin.token);
    const watcher = connect(a.admin.token);
    const s = connect(agent.token);
    await Promise.all([watcher.ready, s.ready]);
    expect((await t.call("DELETE", "/auth/logout", { token: agent.token })).status).toBeLessThan(300);
    expect(await watcher.waitFor((f) => f.channel === "presence" && f.userId === agent.user.id && f.online === false)).not.toBeNull();
    watcher.ws.close();
  });

  test("with several sessions, signing out of one browser keeps the user online while another is connected; the last one shows them offline", async () => {
    const a = await t.newCompany();
    expect((await t.call("PUT", "/settings/singleSession", { token: a.admin.token, body: { value: "disabled" } })).status).toBe(200);
    const agent = await t.newUser(a.admin.token);
    const other = await t.login(agent.email, agent.password);
    const watcher = connect(a.admin.token);
    const first = connect(agent.token);
    const second = connect(other.token);
    await Promise.all([watcher.ready, first.ready, second.ready]);
    watcher.frames.length = 0;
    expect((await t.call("DELETE", "/auth/logout", { token: agent.token })).status).toBeLessThan(300);
    expect(await watcher.waitFor((f) => f.channel === "presence" && f.userId === agent.user.id && f.online === false, 500)).toBeNull();
    expect(second.ws.readyState).toBe(WebSocket.OPEN);
    expect((await t.call("DELETE", "/auth/logout", { token: other.token })).status).toBeLessThan(300);
    expect(await watcher.waitFor((f) => f.channel === "presence" && f.userId === agent.user.id && f.online === false)).not.toBeNull();
    expect(second.ws.readyState).not.toBe(WebSocket.OPEN);
    watcher.ws.close();
  });
});
