/**
 * The connection supervisor end to end: the REAL Baileys client (patched rc14) against the fake
 * WhatsApp server on 127.0.0.1. Each case is bounded by short timings.
 */
import { afterAll, afterEach, beforeAll, describe, expect, setDefaultTimeout, setSystemTime, test } from "bun:test";
import { WA_CERT_DETAILS } from "baileys";
import type { SqliteAuthStore } from "../../src/channels/baileys/auth-store";
import { applyTestRootKey, createBaileysFactory } from "../../src/channels/baileys/index";
import { type BaileysTiming, backoffDelay, ConflictBreaker, classifyClose } from "../../src/channels/baileys/policy";
import { BaileysRunner } from "../../src/channels/baileys/runner";
import { SqliteAuthStore as Store } from "../../src/channels/baileys/auth-store";
import { ChannelRegistry } from "../../src/channels/registry";
import type { AckEvent, ChannelEvents, InboundMessage, SessionStatus } from "../../src/channels/types";
import { FakeWaServer, parseQr } from "../support/fake-wa-server";
import { memoryAuthDb } from "../support/wa-db";

setDefaultTimeout(10_000); // each case normally takes < 0.5 s; headroom for a loaded machine

const FAST: Partial<BaileysTiming> = {
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

function recorder() {
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

async function until(check: () => boolean, ms = 3_000, what = "condition") {
  const end = performance.now() + ms; // monotonic: unaffected by setSystemTime
  while (!check()) {
    if (performance.now() > end) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(5);
  }
}

let originalRoot: Buffer;
beforeAll(() => {
  originalRoot = WA_CERT_DETAILS.PUBLIC_KEY;
});
afterAll(() => {
  WA_CERT_DETAILS.PUBLIC_KEY = originalRoot as typeof WA_CERT_DETAILS.PUBLIC_KEY;
});

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  setSystemTime();
  for (const c of cleanups.splice(0).reverse()) await c();
});

function setup(opts: ConstructorParameters<typeof FakeWaServer>[0] = {}, timing: Partial<BaileysTiming> = {}) {
  const server = new FakeWaServer(opts).start();
  applyTestRootKey(server.rootKeyHex);
  const db = memoryAuthDb();
  const store = new Store(db);
  const rec = recorder();
  const runner = new BaileysRunner(
    { connectionId: 1, companyId: 1, events: rec.events },
    { store, wsUrl: server.url, fetchVersion: false, timing: { ...FAST, ...timing }, random: () => 0.5 },
  );
  cleanups.push(() => server.stop(), () => runner.stop());
  return { server, store, db, runner, rec };
}

const rows = (store: SqliteAuthStore, db: ReturnType<typeof memoryAuthDb>) => {
  void store;
  return (db.query("SELECT count(*) AS n FROM wa_auth WHERE connection_id = 1").get() as { n: number }).n;
};

const liveSessions = (server: FakeWaServer) => server.sessions.filter((s) => !s.closed).length;

/** QR → phone accepts → pair-success → 515 → login → open. */
async function pairByQr(server: FakeWaServer, runner: BaileysRunner, rec: ReturnType<typeof recorder>) {
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
    const { server, runner, rec, store, db } = setup({ refs: 6 });
    await runner.start();
    await until(() => runner.status === "DISCONNECTED", 3_000, "QR cap");
    const qrs = rec.statuses.filter((s) => s.status === "qrcode");
    expect(qrs.map((s) => s.info?.retries)).toEqual([1, 2, 3]);
    expect(new Set(qrs.map((s) => s.info?.qrcode)).size).toBe(3);
    expect(runner.lastReason).toBe("qr_cap");
    expect(rows(store, db)).toBe(0);
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

  test("<failure reason=401> wipes creds and keys and ends DISCONNECTED", async () => {
    const { server, runner, rec, store, db } = setup();
    await pairByQr(server, runner, rec);
    await runner.stop();
    expect(rows(store, db)).toBeGreaterThan(1);
    server.login = { outcome: { failure: 401 } };
    await runner.start();
    await until(() => runner.status === "DISCONNECTED" && runner.lastReason === "logged_out", 3_000, "401");
    expect(rows(store, db)).toBe(0);
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
    const { server, runner, rec } = setup({}, { watchdogMs: 250 });
    await pairByQr(server, runner, rec);
    await runner.stop();
    server.login = { outcome: "silent" };
    await runner.start();
    await until(() => runner.status === "TIMEOUT", 2_000, "watchdog");
    expect(runner.lastReason).toContain("watchdog");
    server.login = { outcome: "success" };
    await until(() => runner.status === "CONNECTED", 2_000, "recovered");
    expect(liveSessions(server)).toBe(1);
  });

  test("inbound <plaintext> from a PN jid (notify), from a LID with sender_pn offline (append), receipts → acks", async () => {
    const { server, runner, rec } = setup();
    await pairByQr(server, runner, rec);
    await runner.stop();
    server.offlineQueue.push({
      from: "88880002222@lid",
      senderPn: "15550002222@s.whatsapp.net",
      id: "OFF1",
      content: { conversation: "enquanto você estava fora" },
      pushName: "Bia",
    });
    await runner.start();
    await until(() => rec.messages.some((m) => m.id === "OFF1"), 3_000, "offline message");
    const off = rec.messages.find((m) => m.id === "OFF1")!;
    expect(off).toMatchObject({
      origin: "append",
      kind: "text",
      body: "enquanto você estava fora",
      chat: { number: "15550002222", lid: "88880002222@lid", address: "15550002222@s.whatsapp.net", pushName: "Bia" },
    });
    expect(rec.identities).toContainEqual({ lid: "88880002222@lid", number: "15550002222" });

    const s = server.last()!;
    s.message({ from: "15550003333@s.whatsapp.net", id: "LIVE1", content: { conversation: "olá" }, pushName: "Caio" });
    await until(() => rec.messages.some((m) => m.id === "LIVE1"), 2_000, "live message");
    expect(rec.messages.find((m) => m.id === "LIVE1")).toMatchObject({
      origin: "notify",
      fromMe: false,
      chat: { number: "15550003333", lid: null },
    });
    s.receipt({ from: "15550003333@s.whatsapp.net", id: "OUT1" });
    s.receipt({ from: "15550003333@s.whatsapp.net", id: "OUT1", type: "read" });
    await until(() => rec.acks.length >= 2, 2_000, "acks");
    expect(rec.acks).toEqual([
      { id: "OUT1", ack: 3 },
      { id: "OUT1", ack: 4 },
    ]);
    // Baileys acknowledged the inbound messages with receipts
    await server.waitFor(() => server.count("receipt") >= 2, 1_000, "client receipts");
  });

  test("send: text (Signal-encrypted to the peer), quoted reply, acks, own echo; checkNumber; not-ready error", async () => {
    const { server, runner, rec } = setup();
    await expect(runner.send({ type: "text", to: "15550003333@s.whatsapp.net", body: "x" })).rejects.toThrow(
      "ERR_WAPP_NOT_INITIALIZED",
    );
    const peer = await server.addPeer("15550003333", "88880003333");
    await pairByQr(server, runner, rec);

    const first = await runner.send({ type: "text", to: peer.pnJid, body: "Olá, tudo bem?", id: "3EB0BALCAO01" });
    expect(first).toMatchObject({ id: "3EB0BALCAO01", ack: 1 });
    await server.waitFor(() => peer.inbox.length === 1, 2_000, "peer decrypts");
    expect(peer.inbox[0].id).toBe("3EB0BALCAO01");
    expect(peer.inbox[0].message.extendedTextMessage?.text).toBe("Olá, tudo bem?");

    const reply = await runner.send({
      type: "text",
      to: peer.pnJid,
      body: "respondendo",
      quoted: { id: "3EB0BALCAO01", fromMe: true, raw: first.raw },
    });
    await server.waitFor(() => peer.inbox.length === 2, 2_000, "second message");
    const ext = peer.inbox[1].message.extendedTextMessage!;
    expect(ext.text).toBe("respondendo");
    expect(ext.contextInfo?.stanzaId).toBe("3EB0BALCAO01");
    expect(peer.inbox[1].id).toBe(reply.id);

    server.last()!.receipt({ from: peer.pnJid, id: reply.id, type: "read" });
    await until(() => rec.acks.some((a) => a.id === reply.id && a.ack === 4), 2_000, "read ack");
    // what we send comes back as an own (fromMe) append, deduplicated by id downstream
    await until(() => rec.messages.some((m) => m.id === "3EB0BALCAO01"), 2_000, "own echo");
    expect(rec.messages.find((m) => m.id === "3EB0BALCAO01")).toMatchObject({ fromMe: true, origin: "append" });

    await runner.send({ type: "location", to: peer.pnJid, latitude: -23.5505, longitude: -46.6333, name: "Sé" });
    const vcard = "BEGIN:VCARD\nVERSION:3.0\nFN:Ana\nTEL;type=CELL;waid=5511999998888:+55 11 99999-8888\nEND:VCARD";
    await runner.send({ type: "contact", to: peer.pnJid, displayName: "Ana", vcard });
    await runner.deleteForEveryone({ id: "3EB0BALCAO01", to: peer.pnJid, fromMe: true });
    await server.waitFor(() => peer.inbox.length === 5, 2_000, "location, contact, revoke");
    expect(peer.inbox[2].message.locationMessage).toMatchObject({ degreesLatitude: -23.5505, degreesLongitude: -46.6333, name: "Sé" });
    expect(peer.inbox[3].message.contactMessage).toMatchObject({ displayName: "Ana", vcard });
    expect(peer.inbox[4].message.protocolMessage).toMatchObject({ type: 0, key: { id: "3EB0BALCAO01" } });

    // read receipts: "read-self" because the fake privacy settings do not say readreceipts=all
    const reads = () => server.log.filter((l) => l.type === "receipt" && l.node?.attrs.id === "IN-X");
    await runner.markRead([{ id: "IN-X", to: peer.pnJid, fromMe: false }]);
    await server.waitFor(() => reads().length === 1, 2_000, "read receipt");
    expect(["read", "read-self"]).toContain(reads()[0].node!.attrs.type);

    expect(await runner.checkNumber("+1 (555) 000-3333")).toEqual({
      exists: true,
      number: "15550003333",
      address: "15550003333@s.whatsapp.net",
    });
    expect(await runner.checkNumber("15559999999")).toBeNull();
    expect(await runner.profilePicture(peer.pnJid)).toBeNull(); // fake answers no picture: null, not a throw
    expect(server.errors).toEqual([]);
  });

  test("inbound group message, edit, revoke and call events", async () => {
    const { server, runner, rec } = setup();
    const edits: { id: string; body: string }[] = [];
    const revokes: string[] = [];
    const calls: { id: string; status: string; isVideo: boolean; from: { number: string | null } }[] = [];
    rec.events.onEdit = (e) => edits.push(e);
    rec.events.onRevoke = (id) => revokes.push(id);
    rec.events.onCall = (c) => calls.push(c);
    await pairByQr(server, runner, rec);
    const s = server.last()!;
    s.groupMessage({
      group: "120363000000000001@g.us",
      participant: "88880004444@lid",
      participantPn: "15550004444@s.whatsapp.net",
      id: "GRP1",
      content: { conversation: "oi grupo" },
    });
    await until(() => rec.messages.some((m) => m.id === "GRP1"), 2_000, "group message");
    expect(rec.messages.find((m) => m.id === "GRP1")).toMatchObject({
      isGroup: true,
      chat: { address: "120363000000000001@g.us", number: "120363000000000001" },
      participant: { number: "15550004444", lid: "88880004444@lid" },
    });

    const peer = "15550005555@s.whatsapp.net";
    s.message({ from: peer, id: "ORIG", content: { conversation: "errado" } });
    s.message({
      from: peer,
      id: "EDIT1",
      content: {
        protocolMessage: {
          type: 14, // MESSAGE_EDIT
          key: { remoteJid: peer, fromMe: false, id: "ORIG" },
          editedMessage: { conversation: "certo" },
        },
      },
    });
    s.message({
      from: peer,
      id: "REV1",
      content: { protocolMessage: { type: 0, key: { remoteJid: peer, fromMe: false, id: "ORIG" } } }, // REVOKE
    });
    await until(() => edits.length === 1 && revokes.length === 1, 2_000, "edit and revoke");
    expect(edits).toEqual([{ id: "ORIG", body: "certo" }]);
    expect(revokes).toEqual(["ORIG"]);
    expect(rec.messages.some((m) => m.id === "EDIT1" || m.id === "REV1")).toBe(false); // protocol messages skipped

    s.call({ from: "88880005555@lid", callerPn: peer, callId: "CALL1", status: "offer", video: true });
    s.call({ from: "88880005555@lid", callerPn: peer, callId: "CALL1", status: "terminate" });
    await until(() => calls.length === 2, 2_000, "calls");
    expect(calls.map((c) => [c.id, c.status, c.isVideo, c.from.number])).toEqual([
      ["CALL1", "offer", true, "15550005555"],
      ["CALL1", "terminate", true, "15550005555"],
    ]);
  });

  test("inbound media: image and voice note download and decrypt lazily", async () => {
    const { server, runner, rec } = setup();
    await pairByQr(server, runner, rec);
    const png = new Uint8Array(Array.from({ length: 3000 }, (_, i) => (i * 7) % 256));
    const img = await server.hostMedia(png, "image");
    const voice = new Uint8Array(Array.from({ length: 1500 }, (_, i) => (i * 13) % 256));
    const ptt = await server.hostMedia(voice, "audio");
    const s = server.last()!;
    s.message({
      from: "15550006666@s.whatsapp.net",
      id: "IMG1",
      content: { imageMessage: { ...img, mimetype: "image/png", caption: "foto do produto" } },
    });
    s.message({
      from: "15550006666@s.whatsapp.net",
      id: "PTT1",
      content: { audioMessage: { ...ptt, mimetype: "audio/ogg; codecs=opus", ptt: true, seconds: 2 } },
    });
    await until(() => rec.messages.some((m) => m.id === "PTT1"), 2_000, "media messages");
    const image = rec.messages.find((m) => m.id === "IMG1")!;
    expect(image).toMatchObject({ kind: "image", body: "foto do produto", media: { mimetype: "image/png" } });
    expect(Buffer.compare(Buffer.from(await image.media!.download()), Buffer.from(png))).toBe(0);
    const audio = rec.messages.find((m) => m.id === "PTT1")!;
    expect(audio).toMatchObject({ kind: "audio", body: "Áudio", media: { ptt: true } });
    expect(Buffer.compare(Buffer.from(await audio.media!.download()), Buffer.from(voice))).toBe(0);
  });

  test("logout sends remove-companion-device and wipes the store", async () => {
    const { server, runner, rec, store, db } = setup();
    await pairByQr(server, runner, rec);
    await runner.logout();
    await server.waitFor(() => server.count("logout") === 1, 1_000, "remove-companion-device");
    expect(runner.status).toBe("DISCONNECTED");
    expect(rows(store, db)).toBe(0);
  });
});

describe("registry with the baileys factory", () => {
  test("forwards events with the connection context; one adapter per connection", async () => {
    const server = new FakeWaServer().start();
    const db = memoryAuthDb();
    const seen: { ref: number; status: SessionStatus }[] = [];
    const registry = new ChannelRegistry({ onStatus: (ref, status) => seen.push({ ref: ref.connectionId, status }) });
    registry.register(
      "baileys",
      createBaileysFactory(db, { waWsUrl: server.url, waTestRootKey: server.rootKeyHex }, { fetchVersion: false, timing: FAST }),
    );
    cleanups.push(() => server.stop(), () => registry.stopAll());
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
