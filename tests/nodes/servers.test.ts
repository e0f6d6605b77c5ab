/**
 * Two real servers (`bun src/main.ts`, separate processes) on one PostgreSQL database, against the fake WhatsApp
 * server: each WhatsApp connection's session runs on exactly one of them (one socket per connection at the fake
 * server, one live lease), people on either server see and act on every connection, and when one server is killed
 * with -9 its connections start on the other within a lease period, logged in from the stored credentials (no QR).
 * `balcao drain` lists the nodes and moves a node's sessions to the others while it keeps serving.
 * This replaced the "one server per database" refusal that held until sessions were leased.
 */
import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { LEASE_MS, RENEW_MS } from "../../src/db/leases";
import { balcaoEnv, type Child, listening, runBalcao, spawnBalcao } from "../ops/processes";
import { FakeWaServer, parseQr } from "../support/fake-wa-server";
import { NODE_SECRETS } from "../support/node-secrets";
import { createTestDatabase } from "../support/postgres";
import { registerWaHarness, until } from "../support/wa-harness";

setDefaultTimeout(120_000);
registerWaHarness();

const fake = new FakeWaServer().start();
const root = mkdtempSync(join(tmpdir(), "balcao-servers-"));
chmodSync(root, 0o755);
const children: Child[] = [];
const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of children) if (c.proc.exitCode === null && c.proc.signalCode === null) await c.kill("SIGKILL");
  for (const f of cleanup) await f();
  fake.stop();
  rmSync(root, { recursive: true, force: true });
});

/** One sign-in for both servers (a new sign-in ends the user's previous session, on every node). */
let headers: Record<string, string> | null = null;

/** A server process on the database, with a data folder of its own. */
async function serve(url: string, name: string) {
  const dir = join(root, name);
  mkdirSync(dir, { mode: 0o755 });
  const child = spawnBalcao(
    ["src/main.ts"],
    balcaoEnv(dir, { ...NODE_SECRETS, DATABASE_URL: url, WA_WS_URL: fake.url, WA_TEST_ROOT_KEY: fake.rootKeyHex, LOG_LEVEL: "info" }),
  );
  children.push(child);
  const base = await listening(child, 60_000);
  const call = async (method: string, path: string, body?: unknown) => {
    if (!headers) {
      const login = await fetch(`${base}/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "root@ops.test", password: "root-pass-123" }),
      });
      headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}`, "content-type": "application/json" };
    }
    const res = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    return (await res.json()) as Record<string, unknown>;
  };
  return { child, call };
}

/** Creates a WhatsApp connection on `on` and links it by QR: answers its id once CONNECTED. */
async function link(on: Awaited<ReturnType<typeof serve>>, name: string) {
  const created = await on.call("POST", "/whatsapp", { name });
  const id = created.id as number;
  let qr = "";
  await until(
    async () => {
      qr = ((await on.call("GET", `/whatsapp/${id}`)).qrcode as string) ?? "";
      return !!qr;
    },
    20_000,
    `a QR for ${name}`,
  ).catch((e) => {
    console.log(JSON.stringify(created).slice(0, 300), on.child.output().slice(-3000));
    throw e;
  });
  const q = parseQr(qr);
  fake.last("registration")?.pairSuccess({ advSecretKey: q.advSecretKey, identityKey: q.identityKey, jid: fake.me.jid, lid: fake.me.lid });
  await until(async () => (await on.call("GET", `/whatsapp/${id}`)).status === "CONNECTED", 20_000, `${name} CONNECTED`);
  return id;
}

describe("two servers on one PostgreSQL database", () => {
  test("each connection runs on exactly one server; drain moves them; kill -9 one: its connections start on the other within a lease period", async () => {
    const database = await createTestDatabase({ migrated: false });
    cleanup.push(database.drop);
    const sql = postgres(database.url, { max: 1, onnotice: () => {} });
    cleanup.push(() => sql.end({ timeout: 1 }));
    const one = await serve(database.url, "one");
    const two = await serve(database.url, "two");
    const first = await link(one, "Loja Centro");
    const second = await link(two, "Loja Norte");
    const leases = async () =>
      Object.fromEntries(
        (
          await sql`select connection_id, node_id from connection_leases
            where expires_at >= (extract(epoch from clock_timestamp()) * 1000)::bigint order by connection_id`
        ).map((r) => [Number(r.connection_id), String(r.node_id)]),
      );
    const liveSockets = () => fake.sessions.filter((s) => !s.closed).length;
    // A few lease rounds later: one socket per connection, one lease each, on the server it was linked on.
    await Bun.sleep(RENEW_MS + 1_000);
    const placed = await leases();
    expect(Object.keys(placed).map(Number)).toEqual([first, second]);
    expect(placed[first]).not.toBe(placed[second]);
    expect(placed[first]).toContain(`:${one.child.proc.pid}:`);
    expect(liveSockets()).toBe(2);
    // Both servers serve both connections' state to people.
    expect((await two.call("GET", `/whatsapp/${first}`)).status).toBe("CONNECTED");

    // `balcao drain` lists the nodes with their sessions; draining one moves its session to the other, and the
    // drained server keeps serving people.
    const env = balcaoEnv(join(root, "cli"), { DATABASE_URL: database.url });
    const listed = await runBalcao(["src/cli.ts", "drain"], env);
    expect(listed.code).toBe(0);
    expect(listed.output).toContain(`${placed[first]}  serving`);
    expect(listed.output).toContain(`1 session: ${first} Loja Centro`);
    expect(listed.output).toContain(`1 session: ${second} Loja Norte`);
    const tDrain = performance.now();
    const drained = await runBalcao(["src/cli.ts", "drain", placed[first]], env);
    expect(drained.code).toBe(0);
    await until(async () => (await leases())[first] === placed[second], 20_000, "the drained session on the other server");
    await until(async () => (await two.call("GET", `/whatsapp/${first}`)).status === "CONNECTED" && liveSockets() === 2, 20_000, "CONNECTED after the drain");
    console.log(`balcao drain → the session CONNECTED on the other server: ${((performance.now() - tDrain) / 1000).toFixed(1)} s`);
    expect((await one.call("GET", "/whatsapp")) as unknown as unknown[]).toHaveLength(2);
    expect((await runBalcao(["src/cli.ts", "drain", placed[first], "--undo"], env)).code).toBe(0);
    expect((await runBalcao(["src/cli.ts", "drain", "no-such-node"], env)).output).toContain("no live node no-such-node");

    // A server is killed: its connections resume on the other, logged in again (no QR), still one socket each.
    const logins = fake.sessions.filter((s) => s.hello?.kind === "login").length;
    const t0 = performance.now();
    await two.child.kill("SIGKILL");
    const onOne = async () => Object.values(await leases()).filter((n) => n === placed[first]).length === 2;
    await until(onOne, LEASE_MS + RENEW_MS + 10_000, "the leases on the other server");
    const connected = async () =>
      (await one.call("GET", `/whatsapp/${first}`)).status === "CONNECTED" && (await one.call("GET", `/whatsapp/${second}`)).status === "CONNECTED";
    await until(async () => (await connected()) && liveSockets() === 2, 20_000, "CONNECTED on the other server");
    const took = performance.now() - t0;
    console.log(
      `kill -9 → its connections CONNECTED on the other server: ${(took / 1000).toFixed(1)} s (lease ${LEASE_MS / 1000} s, rounds every ${RENEW_MS / 1000} s)`,
    );
    expect(took).toBeLessThan(LEASE_MS + RENEW_MS + 10_000);
    expect(fake.sessions.filter((s) => s.hello?.kind === "login").length).toBeGreaterThanOrEqual(logins + 2);
    expect(fake.sessions.filter((s) => s.hello?.kind === "registration").length).toBe(2);

    // A clean stop (SIGTERM) hands its leases back: nothing is left held by it.
    await one.child.kill("SIGTERM");
    expect(one.child.proc.exitCode).toBe(0);
    expect(await leases()).toEqual({});
  });
});
