/**
 * Harness for supervisor tests: a fake WhatsApp server on 127.0.0.1 with its test root key swapped
 * in, a runner on an in-memory auth store, an event recorder, and bounded waits.
 */
import { afterAll, afterEach, beforeAll, setSystemTime } from "bun:test";
import { WA_CERT_DETAILS } from "baileys";
import { SqliteAuthStore as Store } from "../../src/channels/baileys/auth-store";
import { applyTestRootKey } from "../../src/channels/baileys";
import type { BaileysTiming } from "../../src/channels/baileys/policy";
import { BaileysRunner } from "../../src/channels/baileys/runner";
import type { AckEvent, ChannelEvents, InboundMessage, SessionStatus } from "../../src/core/channel";
import { FakeWaServer, parseQr } from "./fake-wa-server";
import { memoryAuthDb } from "./wa-db";

/** Cleanups run after each test (servers stopped, runners stopped). */
export const cleanups: (() => unknown)[] = [];

/** Registers the per-file hooks: restore the real root key and the clock, run cleanups. */
export function registerWaHarness() {
  let originalRoot: Buffer;
  beforeAll(() => {
    originalRoot = WA_CERT_DETAILS.PUBLIC_KEY;
  });
  afterAll(() => {
    WA_CERT_DETAILS.PUBLIC_KEY = originalRoot as typeof WA_CERT_DETAILS.PUBLIC_KEY;
  });
  afterEach(async () => {
    setSystemTime();
    for (const c of cleanups.splice(0).reverse()) await c();
  });
}

export const FAST: Partial<BaileysTiming> = {
  connectTimeoutMs: 2_000,
  qrTimeoutMs: 120,
  watchdogMs: 2_000,
  backoffBaseMs: 30,
  backoffMaxMs: 400,
  jitter: 0,
  restartDelayMs: 0,
  qrCap: 3,
};

type StatusLog = { status: SessionStatus; info?: Parameters<ChannelEvents["onStatus"]>[1] }[];

export function recorder() {
  const statuses: StatusLog = [];
  const messages: InboundMessage[] = [];
  const acks: AckEvent[] = [];
  const identities: { lid: string; number: string }[] = [];
  const events: ChannelEvents = {
    onStatus: (status, info) => statuses.push({ status, info }),
    onMessages: (m) => {
      messages.push(...m);
    },
    onAck: (a) => acks.push(...a),
    onEdit: () => {},
    onRevoke: () => {},
    onCall: () => {},
    onIdentity: (p) => identities.push(p),
  };
  return { statuses, messages, acks, identities, events };
}

export async function until(check: () => boolean | Promise<boolean>, ms = 3_000, what = "condition") {
  const end = performance.now() + ms; // monotonic: unaffected by setSystemTime
  while (!(await check())) {
    if (performance.now() > end) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(5);
  }
}

export function setup(opts: ConstructorParameters<typeof FakeWaServer>[0] = {}, timing: Partial<BaileysTiming> = {}) {
  const server = new FakeWaServer(opts).start();
  applyTestRootKey(server.rootKeyHex);
  const db = memoryAuthDb();
  const store = new Store(db);
  const rec = recorder();
  const runner = new BaileysRunner(
    { connectionId: 1, companyId: 1, events: rec.events },
    { store, wsUrl: server.url, fetchVersion: false, timing: { ...FAST, ...timing }, random: () => 0.5 },
  );
  cleanups.push(
    () => server.stop(),
    () => runner.stop(),
  );
  return { server, store, db, runner, rec };
}

/** QR → phone accepts → pair-success → 515 → login → open. */
export async function pairByQr(server: FakeWaServer, runner: BaileysRunner, rec: ReturnType<typeof recorder>) {
  await runner.start();
  await until(() => rec.statuses.some((s) => s.status === "qrcode"), 3_000, "first QR");
  const qr = parseQr(rec.statuses.find((s) => s.status === "qrcode")!.info!.qrcode!);
  server.last("registration")!.pairSuccess({
    advSecretKey: qr.advSecretKey,
    identityKey: qr.identityKey,
    jid: server.me.jid,
    lid: server.me.lid,
  });
  await until(() => runner.status === "CONNECTED", 3_000, "CONNECTED after pairing");
}

/** Rows of connection 1 in wa_auth. */
export const rows = (db: ReturnType<typeof memoryAuthDb>) => (db.query("SELECT count(*) AS n FROM wa_auth WHERE connection_id = 1").get() as { n: number }).n;

/** Sessions the fake server still has open. */
export const liveSessions = (server: FakeWaServer) => server.sessions.filter((s) => !s.closed).length;
