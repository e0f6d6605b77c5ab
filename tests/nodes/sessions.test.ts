/**
 * WhatsApp sessions under leases (src/inbound/session-cluster.ts): app nodes on one PostgreSQL, each with its own
 * pool, Deps and supervisor, against the fake WhatsApp server. A connection runs on exactly one node; people's actions
 * made on another node reach it over the command bus; a message queued on another node is sent by the node running the
 * session; a node that dies loses its sessions to the others within a lease period, logged in again without a QR;
 * drain and SIGTERM hand sessions over at once.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type AppDeps, buildApp, createDeps, leaseSessions } from "../../src/app";
import { loadConfig } from "../../src/config";
import type { ServerFrame } from "../../src/contract/frames";
import { requestDrain } from "../../src/db/leases-pg";
import { openPostgresDb, pgClientOf } from "../../src/db/pg-client";
import type { SessionCluster, SessionCommand } from "../../src/inbound/session-cluster";
import { seed } from "../../src/ops/seed";
import { PgBus } from "../../src/realtime/bus-pg";
import { SUPER_EMAIL, SUPER_PASSWORD } from "../helpers/app";
import { type FakePeer, FakeWaServer, parseQr } from "../support/fake-wa-server";
import { NODE_SECRETS } from "../support/node-secrets";
import { createTestDatabase } from "../support/postgres";
import { registerWaHarness, until } from "../support/wa-harness";

setDefaultTimeout(60_000);
registerWaHarness();

const LEASE_MS = 1_500;
const server = new FakeWaServer().start();
let url = "";
let drop: () => Promise<void> = async () => {};
interface Node {
  name: string;
  deps: AppDeps;
  cluster: SessionCluster;
  frames: { id: number; status: string; qrcode?: string }[];
  /** Every frame this node's hub published to its sockets. */
  heard: ServerFrame[];
  call(method: string, path: string, body?: unknown, as?: string): Promise<{ status: number; json: Record<string, unknown> | null }>;
  runs(id: number): boolean;
  close(): Promise<void>;
}
const nodes: Node[] = [];
/** One sign-in of the super admin for every node (a new sign-in ends the previous session, on every node). */
let superToken = "";

/** One node: its own pool, Deps, app and lease manager; the command bus is shared in-process. */
async function node(name: string): Promise<Node> {
  const dir = mkdtempSync(join(tmpdir(), `balcao-${name}-`));
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dir,
    ADMIN_EMAIL: SUPER_EMAIL,
    ADMIN_PASSWORD: SUPER_PASSWORD,
    LOG_LEVEL: "silent",
    // The nodes of one installation share its secrets: a token signed on one is good on the others.
    ...NODE_SECRETS,
    WA_WS_URL: server.url,
    WA_TEST_ROOT_KEY: server.rootKeyHex,
  });
  const db = openPostgresDb(url, { max: 4 });
  await seed(db, config);
  const deps = createDeps(db, config);
  const app = buildApp(deps);
  // The command bus as on the servers: LISTEN/NOTIFY on its own channel.
  const bus = await PgBus.open<SessionCommand>(url, { nodeId: name, channel: "balcao_sessions" });
  const cluster = leaseSessions(deps, { nodeId: name, bus }, { leaseMs: LEASE_MS, renewMs: 200, timeoutMs: 5_000 });
  const frames: { id: number; status: string; qrcode?: string }[] = [];
  const heard: ServerFrame[] = [];
  deps.hub.listen((p) => {
    heard.push(p.frame);
    if (p.frame.channel === "whatsappSession") frames.push(p.frame.session as { id: number; status: string; qrcode?: string });
  });
  await deps.sessions.startAll();
  const call = async (method: string, path: string, body?: unknown, as?: string) => {
    superToken ||= ((await (await app.handle(post("/auth/login", { email: SUPER_EMAIL, password: SUPER_PASSWORD }))).json()) as { token: string }).token;
    const res = await app.handle(
      new Request(`http://localhost${path}`, {
        method,
        headers: { "content-type": "application/json", authorization: `Bearer ${as ?? superToken}` },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    const text = await res.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = text;
    }
    return { status: res.status, json: json as Record<string, unknown> | null };
  };
  const n = {
    name,
    deps,
    cluster,
    frames,
    heard,
    call,
    runs: (id: number) => !!deps.sessions.get(id),
    close: async () => {
      cluster.manager.halt();
      await deps.sessions.registry.stopAll();
      await bus.close();
      deps.notifier.stop();
      await db.$client.end({ timeout: 2 });
      rmSync(dir, { recursive: true, force: true });
    },
  };
  nodes.push(n);
  return n;
}

const post = (path: string, body: unknown) =>
  new Request(`http://localhost${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

beforeAll(async () => {
  const database = await createTestDatabase();
  url = database.url;
  drop = database.drop;
}, 120_000);
afterAll(async () => {
  for (const n of nodes) await n.close();
  server.stop();
  await drop();
});

const status = async (n: Node, id: number) => ((await n.call("GET", `/whatsapp/${id}`)).json as { status: string }).status;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

describe("WhatsApp sessions on several nodes", () => {
  let a: Node;
  let b: Node;
  let id = 0;

  test("a connection created on A runs on A only; B's actions reach A; a message queued on B is sent by A", async () => {
    a = await node("node-a");
    b = await node("node-b");
    const peer = await server.addPeer("5511955551234", "88880005555");
    const created = await a.call("POST", "/whatsapp", { name: "Loja" });
    expect(created.status).toBe(201);
    id = created.json?.id as number;
    await until(() => a.frames.some((f) => f.id === id && f.status === "qrcode"), 10_000, "a QR on A");
    const qr = parseQr(a.frames.find((f) => f.id === id && f.status === "qrcode")?.qrcode as string);
    server.last("registration")?.pairSuccess({ advSecretKey: qr.advSecretKey, identityKey: qr.identityKey, jid: server.me.jid, lid: server.me.lid });
    await until(() => a.frames.some((f) => f.id === id && f.status === "CONNECTED"), 10_000, "CONNECTED on A");
    // A few lease rounds later, still on A alone.
    await Bun.sleep(600);
    expect([a.runs(id), b.runs(id)]).toEqual([true, false]);
    expect(await b.deps.sessions.placements()).toEqual(new Map([[id, "node-a"]]));

    // A customer writes: the ticket exists for everyone.
    await server.sendEncrypted({ peer, id: "IN-1", content: { conversation: "Oi, vocês abrem hoje?" }, pushName: "Maria" });
    let ticketId = 0;
    await until(
      async () => {
        const list = (await b.call("GET", "/tickets?status=pending")).json as { tickets: { id: number }[] };
        ticketId = list.tickets[0]?.id ?? 0;
        return ticketId > 0;
      },
      10_000,
      "the ticket",
    );
    // An agent on B takes the ticket and answers: B stores it, A (which runs the session) sends it.
    expect((await b.call("PUT", `/tickets/${ticketId}`, { status: "open" })).status).toBe(200);
    const t0 = performance.now();
    const sent = await b.call("POST", `/messages/${ticketId}`, { body: "Abrimos às 9h" });
    expect(sent).toMatchObject({ status: 201 });
    await server.waitFor(
      () => peer.inbox.some((m) => m.message.extendedTextMessage?.text === "Abrimos às 9h" || m.message.conversation === "Abrimos às 9h"),
      10_000,
      "A sends B's message",
    );
    console.log(`outbox on B → sent by A: ${(performance.now() - t0).toFixed(0)} ms after the POST answered`);

    // Calls on the session made on B run on A: a number checked on WhatsApp (a new contact), a delete for everyone.
    const t1 = performance.now();
    expect((await b.call("POST", "/contacts", { name: "Ninguém", number: "5511900000000" })).json?.error).toBe("ERR_WAPP_INVALID_CONTACT");
    console.log(`a number checked on WhatsApp through A, from B: ${(performance.now() - t1).toFixed(0)} ms (the whole POST /contacts)`);
    const page = (await b.call("GET", `/messages/${ticketId}`)).json as { messages: { id: number; body: string }[] };
    const mine = page.messages.find((m) => m.body === "Abrimos às 9h") as { id: number };
    const inbox = peer.inbox.length;
    expect((await b.call("DELETE", `/messages/${mine.id}`)).status).toBe(200);
    await server.waitFor(() => peer.inbox.slice(inbox).some((m) => m.message.protocolMessage?.type === 0), 5_000, "the revoke sent by A");

    // A person's start on B runs on A (answered once A did it); B never opens a socket of its own.
    const sessions = server.sessions.length;
    const trips: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      expect((await b.call("POST", `/whatsappsession/${id}`)).status).toBe(200);
      trips.push(performance.now() - t);
    }
    console.log(`start on B → run on A → answer: median ${median(trips).toFixed(1)} ms (${trips.map((x) => x.toFixed(1)).join(", ")})`);
    expect(b.runs(id)).toBe(false);
    expect(server.sessions.length).toBe(sessions);
    expect(await status(b, id)).toBe("CONNECTED");
  });

  test("admins see the node running each session (list, one connection, /metrics); agents and other companies do not", async () => {
    const list = (await b.call("GET", "/whatsapp")).json as unknown as { id: number; node?: string | null }[];
    expect(list.find((w) => w.id === id)?.node).toBe("node-a");
    expect((await b.call("GET", `/whatsapp/${id}`)).json?.node).toBe("node-a");
    const metrics = String((await b.call("GET", "/metrics")).json);
    expect(metrics).toContain(`balcao_connection_node{connection="${id}",node="node-a"} 1`);
    expect(metrics).toContain(`balcao_node_sessions{node="node-a"} 1`);
    // An agent of the same company sees the connection, not where it runs.
    const email = `agent.${crypto.randomUUID().slice(0, 8)}@test.local`;
    expect((await b.call("POST", "/users", { name: "Agente", email, password: "user-pass-1", profile: "user" })).status).toBe(201);
    const agent = ((await b.call("POST", "/auth/login", { email, password: "user-pass-1" })).json as { token: string }).token;
    const seen = (await b.call("GET", "/whatsapp", undefined, agent)).json as unknown as { id: number; node?: string }[];
    expect(seen.find((w) => w.id === id)).toBeDefined();
    expect(seen.find((w) => w.id === id)).not.toHaveProperty("node");
    expect((await b.call("GET", `/whatsapp/${id}`, undefined, agent)).json).not.toHaveProperty("node");
    // Another company's admin: not in their list, 404 by id.
    const other = `admin.${crypto.randomUUID().slice(0, 8)}@test.local`;
    const signup = await b.call("POST", "/companies/cadastro", { name: "Outra Loja", email: other, password: "secret-123", planId: 1, phone: "" });
    expect(signup.status).toBe(201);
    const otherToken = ((await b.call("POST", "/auth/login", { email: other, password: "secret-123" })).json as { token: string }).token;
    expect(((await b.call("GET", "/whatsapp", undefined, otherToken)).json as unknown as { id: number }[]).some((w) => w.id === id)).toBe(false);
    expect((await b.call("GET", `/whatsapp/${id}`, undefined, otherToken)).status).toBe(404);
  });

  test("A dies: B resumes its session within a lease period, logged in from the stored credentials (no QR), and publishes again what A stored last", async () => {
    const logins = server.sessions.filter((s) => s.hello?.kind === "login").length;
    // A customer writes just before A dies: A stores it; its frame never leaves A (no bus between the hubs here, as
    // when a node is killed right after its commit).
    const peer = server.peers.get("5511955551234") as FakePeer;
    await server.sendEncrypted({ peer, id: "IN-LAST", content: { conversation: "Ainda estão aí?" }, pushName: "Maria" });
    const created = (n: Node) =>
      n.heard.filter((f): f is Extract<ServerFrame, { channel: "appMessage"; action: "create" }> => f.channel === "appMessage" && f.action === "create");
    await until(() => created(a).some((f) => f.message.body === "Ainda estão aí?"), 10_000, "the last message stored on A");
    expect(created(b).some((f) => f.message.body === "Ainda estão aí?")).toBe(false);
    const alertsOnB = b.heard.filter((f) => f.channel === "notification").length;
    // A dies: no renewal, its socket gone, nothing written on the way.
    a.cluster.manager.halt();
    a.deps.sessions.fences?.revoke(id);
    await a.deps.sessions.stopQuietly(id);
    const t0 = performance.now();
    await until(() => b.runs(id) && b.deps.sessions.get(id)?.status === "CONNECTED", 15_000, "the session on B");
    const took = performance.now() - t0;
    console.log(`takeover after a node's death: ${took.toFixed(0)} ms (lease ${LEASE_MS} ms)`);
    expect(took).toBeLessThan(LEASE_MS + 3_000);
    expect(b.frames.some((f) => f.id === id && f.status === "qrcode")).toBe(false);
    expect(server.sessions.filter((s) => s.hello?.kind === "login").length).toBe(logins + 1);
    expect(await b.deps.sessions.placements()).toEqual(new Map([[id, "node-b"]]));
    // B took a lease A never handed back: A's last messages go out again from B, each once, and ring nothing again.
    await until(() => created(b).some((f) => f.message.body === "Ainda estão aí?"), 5_000, "A's last message published by B");
    expect(created(b).filter((f) => f.message.body === "Ainda estão aí?").length).toBe(1);
    const replayed = created(b).find((f) => f.message.body === "Ainda estão aí?");
    expect(replayed?.ticket.lastMessage).toBe("Ainda estão aí?");
    expect(b.heard.filter((f) => f.channel === "notification").length).toBe(alertsOnB);
  });

  test("drain: B hands the session to C and keeps serving; SIGTERM on C hands it back at once", async () => {
    const c = await node("node-c");
    const t0 = performance.now();
    expect(await requestDrain(pgClientOf(b.deps.db), "node-b")).toBe(true);
    await until(() => c.runs(id) && c.deps.sessions.get(id)?.status === "CONNECTED", 15_000, "the session on C");
    console.log(`drain B → running on C: ${(performance.now() - t0).toFixed(0)} ms`);
    expect(b.runs(id)).toBe(false);
    // B still answers people (HTTP), and the session's state was never written DISCONNECTED by the move.
    expect((await b.call("GET", "/whatsapp")).status).toBe(200);
    expect(b.frames.filter((f) => f.id === id).some((f) => f.status === "DISCONNECTED")).toBe(false);
    expect(await requestDrain(pgClientOf(b.deps.db), "node-b", false)).toBe(true);

    const t1 = performance.now();
    await c.deps.sessions.stopAll({ keepState: true });
    await until(() => b.runs(id) && b.deps.sessions.get(id)?.status === "CONNECTED", 10_000, "the session back on B");
    const back = performance.now() - t1;
    console.log(`SIGTERM on C → running on B: ${back.toFixed(0)} ms`);
    // Handed back, not expired: well within a lease period.
    expect(back).toBeLessThan(LEASE_MS + 1_000);
    // The row follows the session's own state (written right after it; the frame people see goes out after the row).
    await until(async () => (await status(b, id)) === "CONNECTED", 5_000, "CONNECTED recorded by B");
  });

  test("logout and delete made on a node that does not run the session reach the one that does", async () => {
    // C stopped (SIGTERM) above: a fresh node D is where people act now.
    const c = await node("node-d");
    expect(b.runs(id)).toBe(true);
    let t = performance.now();
    expect((await c.call("DELETE", `/whatsappsession/${id}`)).status).toBe(200);
    console.log(`logout on C → done on B: ${(performance.now() - t).toFixed(0)} ms`);
    await until(() => !b.runs(id), 5_000, "the session stopped on B");
    expect(await status(c, id)).toBe("DISCONNECTED");
    const creds = await pgClientOf(b.deps.db)`select count(*)::int as n from wa_auth where connection_id = ${id}`;
    expect(creds[0].n).toBe(0);
    t = performance.now();
    expect((await c.call("DELETE", `/whatsapp/${id}`)).status).toBe(200);
    console.log(`delete on C: ${(performance.now() - t).toFixed(0)} ms`);
    // Nobody takes a deleted connection.
    await Bun.sleep(600);
    expect(nodes.some((n) => n.runs(id))).toBe(false);
  });
});
