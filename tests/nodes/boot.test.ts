/**
 * Several nodes as main.ts boots them on PostgreSQL (src/node.ts through createDeps): two apps on one database, each
 * a node with its own bus, cluster cache and job lock. A frame published on A reaches sockets on B through B's real
 * /ws with B's visibility checks; a settings change on A governs B at once; each node's /readyz says its own links.
 */
import { afterAll, afterEach, expect, test } from "bun:test";
import { PgJobLock } from "../../src/cluster/jobs-pg";
import { handleInbound } from "../../src/inbound/receive";
import { makeTestApp, type TestApp } from "../helpers/app";
import { inbound, makeConnection } from "../helpers/channel";
import { openTestSocket } from "../helpers/socket";

// Several nodes share their secrets (a token signed on A is good on B): README "Several nodes".
const env = {
  JWT_SECRET: "nodes-boot-jwt-secret-0123456789",
  JWT_REFRESH_SECRET: "nodes-boot-refresh-0123456789",
  ENCRYPTION_KEY: "nodes-boot-encryption-0123456789",
};
const a = await makeTestApp({ node: true, env });
const b = await makeTestApp({ node: true, env, database: a.database! });
const server = b.app.listen({ port: 0, hostname: "127.0.0.1" });
afterAll(() => server.stop(true));
const base = `ws://127.0.0.1:${server.server!.port}/ws`;

const opened: WebSocket[] = [];
afterEach(async () => {
  for (const ws of opened.splice(0)) ws.close();
  await Bun.sleep(50);
});

/** A socket on node B that keeps its frames; resolves `ready` once the server says so. */
function connectB(token: string) {
  const s = openTestSocket(base, token, 3_000);
  opened.push(s.ws);
  return s;
}

/** A new company signed up on A, with an agent of queue q1 (queues q1, q2), all made on A. */
async function companyOnA(t: TestApp) {
  const c = await t.newCompany();
  const q1 = (await t.call("POST", "/queue", { token: c.admin.token, body: { name: "Q1", color: "#101010" } })).json.id;
  const q2 = (await t.call("POST", "/queue", { token: c.admin.token, body: { name: "Q2", color: "#202020" } })).json.id;
  const agent = await t.newUser(c.admin.token, { queueIds: [q1] });
  return { ...c, q1, q2, agent };
}

test("each node is a node of its own: ids differ, both hear the bus and hold a job connection", async () => {
  expect(a.deps.node?.id).toBeTruthy();
  expect(b.deps.node?.id).not.toBe(a.deps.node?.id);
  for (const t of [a, b]) {
    const r = await t.call("GET", "/readyz");
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ ready: true, dbWritable: true, node: { id: t.deps.node!.id, busListening: true, jobLock: true } });
  }
});

test("a message stored on node A reaches sockets on node B, each with B's visibility checks", async () => {
  const c = await companyOnA(a);
  const other = await a.newCompany();
  const { connection } = await makeConnection(a, c.company.id);
  const conn = { id: connection.id, companyId: c.company.id };
  const first = await handleInbound(a.deps, conn, inbound("5511966661111", "oi"));
  const id = first!.ticket.id;
  await a.call("PUT", `/tickets/${id}`, { token: c.admin.token, body: { queueId: c.q1, status: "pending" } });

  const admin = connectB(c.admin.token);
  const agent = connectB(c.agent.token);
  const stranger = connectB(other.admin.token);
  await Promise.all([admin.ready, agent.ready, stranger.ready]);
  admin.send({ type: "joinNotification" });
  for (const s of [admin, agent]) {
    s.send({ type: "joinChatBox", ticketId: id });
    s.send({ type: "joinTickets", status: "pending" });
  }
  stranger.send({ type: "joinNotification" });
  stranger.send({ type: "joinChatBox", ticketId: id });
  await Bun.sleep(100);

  await handleInbound(a.deps, conn, inbound("5511966661111", "em Q1"));
  const seen = await agent.waitFor((f) => f.channel === "appMessage" && f.message.body === "em Q1");
  expect(seen).toMatchObject({ action: "create", ticket: { id } });
  expect(await admin.waitFor((f) => f.channel === "appMessage" && f.message.body === "em Q1")).not.toBeNull();

  // The ticket moves to a queue the agent does not serve (on A): B tells its agent it is gone, then keeps it from them.
  await a.call("PUT", `/tickets/${id}`, { token: c.admin.token, body: { queueId: c.q2, status: "pending" } });
  expect(await agent.waitFor((f) => f.channel === "ticket" && f.action === "delete" && f.ticketId === id)).not.toBeNull();
  await handleInbound(a.deps, conn, inbound("5511966661111", "em Q2"));
  expect(await admin.waitFor((f) => f.channel === "appMessage" && f.message.body === "em Q2")).not.toBeNull();
  expect(await agent.waitFor((f) => f.channel === "appMessage" && f.message.body === "em Q2", 300)).toBeNull();
  // Once, in order, and nothing for another company's admin.
  const bodies = admin.frames.filter((f) => f.channel === "appMessage" && f.action === "create").map((f) => f.message.body);
  expect(bodies).toEqual(["em Q1", "em Q2"]);
  expect(stranger.frames.filter((f) => f.channel === "appMessage" || f.channel === "ticket")).toEqual([]);
});

/** Polls `pred` until it holds or `ms` pass; answers whether it held. */
async function until(pred: () => boolean, ms = 2_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (pred()) return true;
    await Bun.sleep(5);
  }
  return pred();
}

test("a user's socket on B counts on A: online, no push while on screen; a logout on A closes it on B and shows them offline at once", async () => {
  const c = await companyOnA(a);
  const watcher = connectB(c.admin.token);
  const s = connectB(c.agent.token);
  await Promise.all([watcher.ready, s.ready]);
  const id = c.agent.user.id;
  expect(await until(() => a.deps.hub.socketCount(id) === 1)).toBe(true);
  // The tab on B is on screen: A's notifier sends no push on top of it; hidden, it does.
  expect(a.deps.hub.hasVisibleSocket(id)).toBe(true);
  s.send({ type: "presence", visible: false });
  expect(await until(() => !a.deps.hub.hasVisibleSocket(id))).toBe(true);
  // The logout lands on A: B closes the agent's socket, and the company sees them offline at once.
  expect((await a.call("DELETE", "/auth/logout", { token: c.agent.token })).status).toBeLessThan(300);
  expect(await Promise.race([s.closed, Bun.sleep(2_000).then(() => 0)])).toBe(4401);
  expect(await watcher.waitFor((f) => f.channel === "presence" && f.userId === id && f.online === false)).not.toBeNull();
  expect(a.deps.hub.socketCount(id)).toBe(0);
});

test("a settings change on node A governs node B at once (the cluster cache forgets on every node)", async () => {
  const c = await a.newCompany();
  // B reads the company's settings now (its cache keeps them): campaigns are on.
  expect((await b.call("GET", "/campaigns", { token: c.admin.token })).status).toBe(200);
  const t0 = performance.now();
  expect((await a.call("PUT", "/settings/campaignsEnabled", { token: c.admin.token, body: { value: "false" } })).status).toBe(200);
  let status = 0;
  while (performance.now() - t0 < 2_000) {
    status = (await b.call("GET", "/campaigns", { token: c.admin.token })).status;
    if (status === 403) break;
    await Bun.sleep(5);
  }
  expect(status).toBe(403);
  // Far below the cache's 10 s backstop: the forget crossed over the bus.
  expect(performance.now() - t0).toBeLessThan(1_000);
  expect((await a.call("PUT", "/settings/campaignsEnabled", { token: c.admin.token, body: { value: "true" } })).status).toBe(200);
  await Bun.sleep(200);
  expect((await b.call("GET", "/campaigns", { token: c.admin.token })).status).toBe(200);
});

test("jobs that run once take the node's PostgreSQL job lock: a job running on A is busy on B", async () => {
  const lockA = a.deps.node && (a.deps.node as unknown as { jobLock: PgJobLock }).jobLock;
  const lockB = b.deps.node && (b.deps.node as unknown as { jobLock: PgJobLock }).jobLock;
  expect(lockA).toBeInstanceOf(PgJobLock);
  let release = () => {};
  const held = new Promise<void>((r) => {
    release = r;
  });
  const running = lockA!.run("tests.boot-once", null, () => held);
  await Bun.sleep(50);
  expect(await lockB!.run("tests.boot-once", null, () => {})).toBe("busy");
  release();
  expect(await running).toBe("ran");
  expect(await lockB!.run("tests.boot-once", null, () => {})).toBe("ran");
});

test("a node whose bus or job connection is gone says so in /readyz and is not ready (the balancer skips it)", async () => {
  const c = await makeTestApp({ node: true, env, database: a.database! });
  const node = c.deps.node as unknown as { bus: { close(): Promise<void> }; jobLock: PgJobLock };
  expect((await c.call("GET", "/readyz")).status).toBe(200);
  await node.bus.close();
  const r = await c.call("GET", "/readyz");
  expect(r.status).toBe(503);
  expect(r.json).toMatchObject({ error: "ERR_NOT_READY", ready: false, dbWritable: true, node: { busListening: false, jobLock: true } });
  await node.jobLock.close();
  expect((await c.call("GET", "/readyz")).json).toMatchObject({ node: { busListening: false, jobLock: false } });
  // The other nodes are unaffected.
  expect((await b.call("GET", "/readyz")).status).toBe(200);
});
