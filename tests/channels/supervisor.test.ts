/**
 * The connection supervisor end to end: the REAL Baileys client (patched rc14) against the fake
 * WhatsApp server on 127.0.0.1 (lifecycle, reconnect policy, registry). Each case is bounded by short
 * timings; messages in and out are in supervisor-messages.test.ts.
 */
import { describe, expect, setDefaultTimeout, setSystemTime, test } from "bun:test";
import { SqliteAuthStore as Store } from "../../src/channels/baileys/auth-store";
import { createBaileysFactory } from "../../src/channels/baileys";
import { backoffDelay, ConflictBreaker, classifyClose } from "../../src/channels/baileys/policy";
import { BaileysRunner } from "../../src/channels/baileys/runner";
import { ChannelRegistry } from "../../src/inbound/registry";
import type { SessionStatus } from "../../src/core/channel";
import { FakeWaServer, parseQr } from "../support/fake-wa-server";
import { memoryAuthDb } from "../support/wa-db";
import { cleanups, FAST, liveSessions, pairByQr, recorder, rows, setup, until, registerWaHarness } from "../support/wa-harness";

setDefaultTimeout(10_000); // each case normally takes < 0.5 s; headroom for a loaded machine
registerWaHarness();

describe("supervisor against the fake WhatsApp server", () => {
  test("a server whose certificate chain is signed with the wrong root key is refused", async () => {
    const { server, runner, rec } = setup({ wrongRoot: true });
    await runner.start();
    await until(() => runner.status === "DISCONNECTED", 3_000, "refusal");
    expect(rec.statuses.some((s) => s.status === "qrcode" || s.status === "CONNECTED")).toBe(false);
    expect(runner.lastReason).toBe("unpaired_closed");
    expect(server.sessions.every((s) => s.hello === undefined)).toBe(true); // never sent its ClientPayload
  });

  test("QR codes are capped per request, then DISCONNECTED; only unpaired creds are dropped", async () => {
    const { server, runner, rec, db } = setup({ refs: 6 });
    await runner.start();
    await until(() => runner.status === "DISCONNECTED", 3_000, "QR cap");
    const qrs = rec.statuses.filter((s) => s.status === "qrcode");
    expect(qrs.map((s) => s.info?.retries)).toEqual([1, 2, 3]);
    expect(new Set(qrs.map((s) => s.info?.qrcode)).size).toBe(3);
    expect(runner.lastReason).toBe("qr_cap");
    expect(rows(db)).toBe(0);
    await until(() => liveSessions(server) === 0, 1_000, "socket closed");
    await Bun.sleep(100);
    expect(server.sessions.length).toBe(1); // no background QR loop
  });

  test("QR refs running out (408) ends in DISCONNECTED without a retry", async () => {
    const { server, runner, rec } = setup({ refs: 2 });
    await runner.start();
    await until(() => runner.status === "DISCONNECTED", 3_000, "refs ended");
    expect(rec.statuses.filter((s) => s.status === "qrcode").length).toBe(2);
    expect(runner.lastReason).toBe("qr_expired");
    await Bun.sleep(100);
    expect(server.sessions.length).toBe(1);
  });

  test("pair-success → 515 → immediate reconnect with saved creds → login → CONNECTED", async () => {
    const { server, runner, rec, store } = setup();
    await pairByQr(server, runner, rec);
    expect(server.count("pair-device-sign")).toBe(1);
    expect(server.last()!.hello).toMatchObject({ kind: "login", username: 15550001111, device: 7 });
    expect(store.hasPairedCreds(1)).toBe(true);
    const seq = rec.statuses.map((s) => s.status);
    expect(seq.indexOf("PAIRING")).toBeGreaterThan(seq.indexOf("qrcode"));
    expect(seq.at(-1)).toBe("CONNECTED");
    expect(liveSessions(server)).toBe(1);
    expect(runner.socketsCreated).toBe(2);
  });

  test("pairing by phone number: code requested on the first QR, then linked", async () => {
    const { server, runner, rec, store } = setup();
    const code = runner.requestPairingCode("+1 555 000-1111");
    const pairingCode = await code;
    expect(pairingCode).toMatch(/^[A-Z0-9]{8}$/);
    expect(rec.statuses.find((s) => s.status === "PAIRING")?.info?.pairingCode).toBe(pairingCode);
    expect(rec.statuses.some((s) => s.status === "qrcode")).toBe(false);
    await server.waitFor(() => server.count("link_code_companion_reg") === 1, 2_000, "link code iq");
    const reg = server.log.find((l) => l.type === "link_code_companion_reg")!.node!;
    const child = (reg.content as { attrs: Record<string, string> }[])[0];
    expect(child.attrs.jid).toBe("15550001111@s.whatsapp.net");
    // the phone owner types the code: the server links the device
    const creds = store.readCreds(1)!;
    server.last("registration")!.pairSuccess({
      advSecretKey: creds.advSecretKey,
      identityKey: creds.signedIdentityKey.public,
      jid: server.me.jid,
      lid: server.me.lid,
    });
    await until(() => runner.status === "CONNECTED", 3_000, "CONNECTED after code");
    expect(store.hasPairedCreds(1)).toBe(true);
  });

  test("restart from stored credentials logs in without a QR; start() is single-flight", async () => {
    const { server, runner, rec, db } = setup();
    await pairByQr(server, runner, rec);
    await runner.stop();
    await until(() => liveSessions(server) === 0, 1_000, "closed");
    const before = server.sessions.length;
    // a fresh runner (a process restart) on the same database
    const rec2 = recorder();
    const runner2 = new BaileysRunner(
      { connectionId: 1, companyId: 1, events: rec2.events },
      { store: new Store(db), wsUrl: server.url, fetchVersion: false, timing: FAST },
    );
    cleanups.push(() => runner2.stop());
    await Promise.all([runner2.start(), runner2.start(), runner2.start()]);
    await until(() => runner2.status === "CONNECTED", 3_000, "CONNECTED from stored creds");
    expect(rec2.statuses.some((s) => s.status === "qrcode")).toBe(false);
    expect(server.sessions.length - before).toBe(1);
    expect(server.last()!.hello?.kind).toBe("login");
    await runner2.start(); // already live: no second socket
    await Bun.sleep(50);
    expect(server.sessions.length - before).toBe(1);
  });

  test("stop during start opens nothing; a fresh start racing a start yields one socket", async () => {
    const { server, runner, rec } = setup();
    const p = runner.start();
    await runner.stop();
    await p;
    await Bun.sleep(50);
    expect(server.sessions.length).toBe(0);
    expect(runner.live).toBe(false);
    await Promise.all([runner.start(), runner.start({ fresh: true }), runner.start()]);
    await until(() => rec.statuses.some((s) => s.status === "qrcode"), 2_000, "qr");
    await Bun.sleep(50);
    expect(server.sessions.length).toBe(1);
    expect(runner.socketsCreated).toBe(1);
  });

  test("a 401 right after the post-pairing 515 is retried once with the same creds (false logout)", async () => {
    const { server, runner, rec, store } = setup();
    server.login = { outcome: { failure: 401 }, next: { outcome: "success" } };
    await pairByQr(server, runner, rec);
    expect(store.hasPairedCreds(1)).toBe(true);
    expect(rec.statuses.some((s) => s.info?.reason === "logged_out")).toBe(false);
    expect(runner.socketsCreated).toBe(3);
  });

  test("a second 401 after the false-logout retry is a real logout", async () => {
    const { server, runner, rec } = setup();
    server.login = { outcome: { failure: 401 } };
    await runner.start();
    await until(() => rec.statuses.some((s) => s.status === "qrcode"), 3_000, "first QR");
    const qr = parseQr(rec.statuses.find((s) => s.status === "qrcode")!.info!.qrcode!);
    server.last("registration")!.pairSuccess({ advSecretKey: qr.advSecretKey, identityKey: qr.identityKey, jid: server.me.jid, lid: server.me.lid });
    await until(() => runner.status === "DISCONNECTED" && runner.lastReason === "logged_out", 5_000, "real logout");
    expect(runner.socketsCreated).toBe(3);
  });

  test("<failure reason=401> wipes creds and keys and ends DISCONNECTED", async () => {
    const { server, runner, rec, db } = setup();
    await pairByQr(server, runner, rec);
    await runner.stop();
    expect(rows(db)).toBeGreaterThan(1);
    server.login = { outcome: { failure: 401 } };
    await runner.start();
    await until(() => runner.status === "DISCONNECTED" && runner.lastReason === "logged_out", 3_000, "401");
    expect(rows(db)).toBe(0);
    await Bun.sleep(100);
    expect(liveSessions(server)).toBe(0);
  });

  test("conflict replaced (440) is terminal: no retry, creds kept; repeated conflicts open the breaker", async () => {
    const { server, runner, rec, store } = setup();
    await pairByQr(server, runner, rec);
    const before = server.sessions.length;
    server.last()!.conflictReplaced();
    await until(() => runner.status === "DISCONNECTED", 2_000, "440");
    expect(runner.lastReason).toBe("replaced");
    await Bun.sleep(150);
    expect(server.sessions.length).toBe(before);
    expect(store.hasPairedCreds(1)).toBe(true);
    for (let i = 0; i < 2; i++) {
      await runner.start();
      await until(() => runner.status === "CONNECTED", 2_000, "reconnected by the user");
      server.last()!.conflictReplaced();
      await until(() => runner.status === "DISCONNECTED", 2_000, "440 again");
    }
    expect(runner.lastReason).toBe("conflict_breaker");
    const count = server.sessions.length;
    await runner.start();
    expect(runner.status).toBe("DISCONNECTED");
    expect(server.sessions.length).toBe(count);
    await runner.start({ force: true });
    await until(() => runner.status === "CONNECTED", 2_000, "forced start");
  });

  test("stream error 500 / server close → backoff and reconnect; credentials never wiped", async () => {
    const { server, runner, rec, store } = setup();
    await pairByQr(server, runner, rec);
    const before = server.sessions.length;
    server.last()!.streamError(500);
    await until(() => rec.statuses.some((s) => s.status === "TIMEOUT"), 2_000, "TIMEOUT");
    expect(rec.statuses.find((s) => s.status === "TIMEOUT")?.info?.reason).toBe("closed_500");
    await until(() => runner.status === "CONNECTED" && server.sessions.length === before + 1, 2_000, "reconnected");
    expect(store.hasPairedCreds(1)).toBe(true);
    server.last()!.close(); // 428
    await until(() => runner.status === "CONNECTED" && server.sessions.length === before + 2, 2_000, "reconnected again");
    expect(liveSessions(server)).toBe(1);
  });

  test("backoff grows across failures and resets after a stable connection", async () => {
    const { server, runner, rec } = setup({}, { stableMs: 80 });
    await pairByQr(server, runner, rec);
    const retries = () => rec.statuses.filter((s) => s.status === "TIMEOUT").map((s) => s.info?.retries);
    server.last()!.streamError(503);
    await until(() => retries().length === 1 && runner.status === "CONNECTED", 2_000, "first");
    server.last()!.streamError(503); // within the stable window: exponent keeps growing
    await until(() => retries().length === 2 && runner.status === "CONNECTED", 2_000, "second");
    await Bun.sleep(120); // stable long enough
    server.last()!.streamError(503);
    await until(() => retries().length === 3 && runner.status === "CONNECTED", 2_000, "third");
    expect(retries()).toEqual([1, 2, 1]);
  });

  test("keep-alive loss (pings unanswered) → 408 → backoff → reconnect", async () => {
    const { server, runner, rec } = setup({}, { keepAliveIntervalMs: 60 });
    await pairByQr(server, runner, rec);
    const before = server.sessions.length;
    server.opts.answerPings = false;
    // Baileys declares the link lost after interval + 5 s without a frame: move the clock forward in
    // steps (a late pong stamped at a frozen instant must not hide the loss)
    const base = Date.now();
    for (let k = 1; runner.status !== "TIMEOUT"; k++) {
      if (k > 100) throw new Error("no 408");
      setSystemTime(new Date(base + 60_000 * k));
      await Bun.sleep(20);
    }
    setSystemTime();
    expect(runner.lastReason).toBe("closed_408");
    server.opts.answerPings = true;
    await until(() => runner.status === "CONNECTED" && server.sessions.length === before + 1, 2_000, "back");
  });

  test("watchdog ends a socket stuck connecting and retries", async () => {
    const { server, runner, rec } = setup();
    await pairByQr(server, runner, rec);
    await runner.stop();
    // A short watchdog only for the stuck login: pairing on a loaded machine takes longer than 250 ms.
    (runner as unknown as { t: { watchdogMs: number } }).t.watchdogMs = 250;
    server.login = { outcome: "silent" };
    await runner.start();
    await until(() => runner.status === "TIMEOUT", 2_000, "watchdog");
    expect(runner.lastReason).toContain("watchdog");
    server.login = { outcome: "success" };
    await until(() => runner.status === "CONNECTED", 2_000, "recovered");
    expect(liveSessions(server)).toBe(1);
  });

  test("logout sends remove-companion-device and wipes the store", async () => {
    const { server, runner, rec, db } = setup();
    await pairByQr(server, runner, rec);
    await runner.logout();
    await server.waitFor(() => server.count("logout") === 1, 1_000, "remove-companion-device");
    expect(runner.status).toBe("DISCONNECTED");
    expect(rows(db)).toBe(0);
  });
});

describe("registry with the baileys factory", () => {
  test("forwards events with the connection context; one adapter per connection", async () => {
    const server = new FakeWaServer().start();
    const db = memoryAuthDb();
    const seen: { ref: number; status: SessionStatus }[] = [];
    const registry = new ChannelRegistry({ onStatus: (ref, status) => seen.push({ ref: ref.connectionId, status }) });
    registry.register("baileys", createBaileysFactory(db, { waWsUrl: server.url, waTestRootKey: server.rootKeyHex }, { fetchVersion: false, timing: FAST }));
    cleanups.push(
      () => server.stop(),
      () => registry.stopAll(),
    );
    const a = await registry.start(7, 1, "baileys");
    const b = await registry.start(7, 1, "baileys");
    expect(a).toBe(b);
    await until(() => registry.status(7)?.status === "qrcode", 3_000, "qr through the registry");
    expect(seen[0]).toEqual({ ref: 7, status: "OPENING" });
    expect(server.sessions.length).toBe(1);
    await registry.stop(7);
    expect(registry.get(7)).toBeUndefined();
    // a stopped connection's stored credentials are removed on logout (connection deleted)
    db.run("INSERT INTO wa_auth (connection_id, kind, key_id, value) VALUES (7, 'pre-key', '1', '{}')");
    await registry.logout(7, { companyId: 1, kind: "baileys" });
    expect((db.query("SELECT count(*) AS n FROM wa_auth WHERE connection_id = 7").get() as { n: number }).n).toBe(0);
    expect(registry.get(7)).toBeUndefined();
    await expect(registry.start(8, 1, "nope")).rejects.toThrow("unknown channel kind");
  });
});

describe("close policy (pure)", () => {
  test("classification by code and pairing state", () => {
    expect(classifyClose(515, "", true).kind).toBe("restart");
    expect(classifyClose(401, "", true).kind).toBe("logged_out");
    expect(classifyClose(440, "", true).kind).toBe("replaced");
    for (const c of [403, 402, 406, 411]) expect(classifyClose(c, "", true)).toEqual({ kind: "terminal", reason: `closed_${c}` });
    for (const c of [408, 428, 500, 503, undefined]) expect(classifyClose(c, "x", true).kind).toBe("backoff");
    expect(classifyClose(500, "WebSocket Error (self signed certificate)", true).kind).toBe("backoff");
    expect(classifyClose(408, "QR refs attempts ended", false)).toEqual({ kind: "unpaired", reason: "qr_expired" });
    expect(classifyClose(428, "", false).kind).toBe("unpaired");
  });

  test("conflict breaker: opens at the threshold within the window, closes after the cooldown", () => {
    const b = new ConflictBreaker({ breakerThreshold: 3, breakerWindowMs: 1_000, breakerCooldownMs: 5_000 });
    b.record(0);
    b.record(500);
    expect(b.isOpen(600)).toBe(false);
    b.record(2_000); // the first two fell out of the window
    expect(b.isOpen(2_001)).toBe(false);
    b.record(2_100);
    b.record(2_200);
    expect(b.isOpen(2_300)).toBe(true);
    expect(b.isOpen(7_201)).toBe(false);
  });

  test("backoff: min(300 s, 2 s·2^n) ± 20 %", () => {
    const t = { backoffBaseMs: 2_000, backoffMaxMs: 300_000, jitter: 0.2 };
    expect([0, 1, 2, 3, 10].map((n) => backoffDelay(n, t, () => 0.5))).toEqual([2_000, 4_000, 8_000, 16_000, 300_000]);
    expect(backoffDelay(0, t, () => 0)).toBe(1_600);
    expect(backoffDelay(0, t, () => 1)).toBe(2_400);
  });
});
