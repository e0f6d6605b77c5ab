/**
 * A cluster of real Balcão processes for the several-nodes tests and benchmark: one PostgreSQL database (the test
 * cluster's, tests/support/pg-cluster.ts), a local S3-compatible bucket (s3rver), the fake WhatsApp server for many
 * numbers (tests/support/fake-wa-fleet.ts) in this process, and nodes started as `bun src/main.ts` each with its own
 * port and data folder, the production wiring (DATABASE_URL, S3_URL, WA_WS_URL in test mode).
 */
import { createECDH } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { balcaoEnv, type Child, listening, runBalcao, spawnBalcao } from "../ops/processes";
import { type FleetAccount, FakeWaFleet } from "../support/fake-wa-fleet";
import { parseQr } from "../support/fake-wa-server";
import { NODE_SECRETS } from "../support/node-secrets";
import { createTestDatabase } from "../support/postgres";
import { s3Env, startS3 } from "../support/s3";

/** One Web Push key pair for every node (P-256, base64url). */
const VAPID = (() => {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const priv = ecdh.getPrivateKey();
  return { publicKey: ecdh.getPublicKey().toString("base64url"), privateKey: Buffer.concat([Buffer.alloc(32 - priv.length), priv]).toString("base64url") };
})();

export const ADMIN = { email: "root@ops.test", password: "root-pass-123" };

/** One running server process. */
export interface NodeProc {
  name: string;
  child: Child;
  url: string;
  pid: number;
  dir: string;
}

/** Waits until `check` holds (polled every 50 ms), or throws naming `what`. */
export async function until(check: () => boolean | Promise<boolean>, ms: number, what: string) {
  const end = performance.now() + ms;
  while (!(await check())) {
    if (performance.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await Bun.sleep(50);
  }
}

/** An admin's realtime socket on one node: every frame it got, in order. */
export interface AgentSocket {
  frames: { channel: string; action?: string; message?: { wid: string; fromMe: boolean } }[];
  /** wids of the customer messages it saw created. */
  wids(): Set<string>;
  close(): void;
}

export class Cluster {
  readonly nodes: NodeProc[] = [];
  readonly fleet = new FakeWaFleet().start();
  /** The test's own connection to the database (reads only: what the nodes stored). */
  sql!: postgres.Sql;
  dbUrl = "";
  private drop: () => Promise<void> = async () => {};
  private s3!: Awaited<ReturnType<typeof startS3>>;
  private dirs: string[] = [];
  private started = 0;
  /** Connection id of each linked account. */
  readonly connectionOf = new Map<FleetAccount, number>();

  /** Starts the database and the bucket (the nodes come with `startNode`). */
  async init() {
    const db = await createTestDatabase({ migrated: false });
    this.dbUrl = db.url;
    this.drop = db.drop;
    this.sql = postgres(db.url, { max: 2, onnotice: () => {} });
    this.s3 = await startS3();
    return this;
  }

  /** The environment of a node (or a `balcao` command) on this cluster. */
  env(dir: string, extra: Record<string, string> = {}) {
    return balcaoEnv(dir, {
      DATABASE_URL: this.dbUrl,
      ...s3Env(this.s3),
      WA_WS_URL: this.fleet.url,
      WA_TEST_ROOT_KEY: this.fleet.rootKeyHex,
      // a campaign's pacing second is 1 ms here: the campaign test measures once-per-contact, not pacing
      CAMPAIGN_SECOND_MS: "1",
      // every node signs and reads the same tokens and sealed secrets (README, Several nodes); a real VAPID pair here
      ...NODE_SECRETS,
      VAPID_PUBLIC_KEY: VAPID.publicKey,
      VAPID_PRIVATE_KEY: VAPID.privateKey,
      LOG_LEVEL: "warn",
      ...extra,
    });
  }

  /** Starts `count` nodes at once (they migrate the empty database together: one does, the others wait). */
  async startNodes(count: number): Promise<NodeProc[]> {
    const children = Array.from({ length: count }, () => {
      const dir = mkdtempSync(join(tmpdir(), "balcao-node-"));
      this.dirs.push(dir);
      const name = `node${++this.started}`;
      return { name, dir, child: spawnBalcao(["src/main.ts"], this.env(dir, { LOG_LEVEL: "info" })) };
    });
    const started = await Promise.all(children.map(async (c) => ({ ...c, url: await listening(c.child, 60_000), pid: c.child.proc.pid })));
    this.nodes.push(...started);
    return started;
  }

  /** Ends a node: `SIGKILL` (kill -9: nothing runs after it) or `SIGTERM` (a clean stop). */
  async stopNode(node: NodeProc, signal: "SIGKILL" | "SIGTERM") {
    await node.child.kill(signal);
    this.nodes.splice(this.nodes.indexOf(node), 1);
  }

  /** Runs `bun src/cli.ts …args` against the cluster's database. */
  cli(args: string[], ms = 60_000) {
    const dir = mkdtempSync(join(tmpdir(), "balcao-cli-"));
    this.dirs.push(dir);
    return runBalcao(["src/cli.ts", ...args], this.env(dir), [], ms);
  }

  /** One JSON request to a node. */
  async api(node: NodeProc, method: string, path: string, token?: string, body?: unknown) {
    const res = await fetch(`${node.url}${path}`, {
      method,
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    // biome-ignore lint/suspicious/noExplicitAny: test answers are read field by field
    return { status: res.status, json: (await res.json().catch(() => null)) as any };
  }

  async login(node: NodeProc): Promise<string> {
    const r = await this.api(node, "POST", "/auth/login", undefined, ADMIN);
    if (r.status !== 200) throw new Error(`login on ${node.name}: ${r.status} ${JSON.stringify(r.json)}`);
    return r.json.token as string;
  }

  /** Which node (by process) holds each connection's live lease. */
  async leases(): Promise<Map<number, NodeProc | undefined>> {
    const rows = await this.sql<{ connection_id: number; node_id: string }[]>`
      select connection_id, node_id from connection_leases
      where expires_at > (extract(epoch from clock_timestamp()) * 1000)::bigint`;
    return new Map(rows.map((r) => [Number(r.connection_id), this.nodes.find((n) => r.node_id.includes(`:${n.pid}:`))]));
  }

  /** The connections a node runs now. */
  async connectionsOn(node: NodeProc): Promise<number[]> {
    return [...(await this.leases())].filter(([, n]) => n === node).map(([id]) => id);
  }

  async connectionStatus(id: number): Promise<{ status: string; qrcode: string }> {
    const [row] = await this.sql<{ status: string; qrcode: string }[]>`select status, qrcode from whatsapps where id = ${id}`;
    return row;
  }

  /**
   * Creates `count` WhatsApp connections and links each by QR to a new fleet account; the requests go to the nodes
   * in turn, as a proxy in front of them spreads people's requests.
   */
  async linkConnections(nodes: NodeProc[], token: string, count: number): Promise<FleetAccount[]> {
    const linked: FleetAccount[] = [];
    await Promise.all(
      Array.from({ length: count }, async (_, i) => {
        const account = this.fleet.newAccount();
        const created = await this.api(nodes[i % nodes.length], "POST", "/whatsapp", token, { name: `WhatsApp ${i + 1}` });
        if (created.status !== 201) throw new Error(`POST /whatsapp: ${created.status} ${JSON.stringify(created.json)}`);
        const id = created.json.id as number;
        await until(async () => !!(await this.connectionStatus(id)).qrcode, 30_000, `a QR for connection ${id}`).catch(async (e) => {
          throw new Error(
            `${e.message} (row ${JSON.stringify(await this.connectionStatus(id))}, leases ${JSON.stringify([...(await this.leases())].map(([c, n]) => [c, n?.name]))}):\n${this.logOf(id)}`,
          );
        });
        this.fleet.link(account, parseQr((await this.connectionStatus(id)).qrcode));
        await until(async () => (await this.connectionStatus(id)).status === "CONNECTED", 30_000, `connection ${id} CONNECTED`);
        this.connectionOf.set(account, id);
        linked.push(account);
      }),
    );
    return linked;
  }

  /** The nodes' log lines about a connection (for a failure's message). */
  logOf(connectionId: number): string {
    return this.nodes
      .flatMap((n) =>
        n.child
          .output()
          .split("\n")
          .filter((l) => l.includes(`"connectionId":${connectionId}`) || /"level":"(warn|error)"/.test(l))
          .map((l) => `${n.name} ${l}`),
      )
      .slice(-30)
      .join("\n");
  }

  /** An admin's socket on `node` following the company's notifications (every new message of every ticket). */
  async agentSocket(node: NodeProc, token: string): Promise<AgentSocket> {
    const ws = new WebSocket(`${node.url.replace("http", "ws")}/ws?token=${encodeURIComponent(token)}`);
    const frames: AgentSocket["frames"] = [];
    ws.onmessage = (ev) => frames.push(JSON.parse(String(ev.data)));
    await new Promise<void>((resolve, reject) => {
      ws.onopen = () => resolve();
      ws.onerror = () => reject(new Error(`socket to ${node.name} failed`));
    });
    ws.send(JSON.stringify({ type: "joinNotification" }));
    await Bun.sleep(300); // the join is applied once the socket's session is read
    return {
      frames,
      wids: () =>
        new Set(frames.filter((f) => f.channel === "appMessage" && f.action === "create" && f.message && !f.message.fromMe).map((f) => f.message!.wid)),
      close: () => ws.close(),
    };
  }

  /** How many times each wid was stored (customer messages). */
  async storedWids(): Promise<Map<string, number>> {
    const rows = await this.sql<{ wid: string; n: number }[]>`select wid, count(*)::int as n from messages where from_me = 0 group by wid`;
    return new Map(rows.map((r) => [r.wid, r.n]));
  }

  async close() {
    for (const n of [...this.nodes]) await n.child.kill("SIGKILL").catch(() => {});
    this.fleet.stop();
    await this.sql?.end({ timeout: 2 });
    await this.s3?.close();
    await this.drop();
    for (const d of this.dirs) rmSync(d, { recursive: true, force: true });
  }
}
