import { describe, expect, test } from "bun:test";
import { addTransactionCapability, Curve, generateSignalPubKey, initAuthCreds, makeCacheableSignalKeyStore, proto } from "baileys";
import { makeLibSignalRepository } from "baileys/lib/Signal/libsignal.js";
import { SqliteAuthStore } from "../../src/channels/baileys/auth-store";
import { memoryAuthDb, silentLogger } from "../support/wa-db";

const count = (db: ReturnType<typeof memoryAuthDb>, id?: number) =>
  (
    (id === undefined
      ? db.query("SELECT count(*) AS n FROM wa_auth").get()
      : db.query("SELECT count(*) AS n FROM wa_auth WHERE connection_id = ?").get(id)) as { n: number }
  ).n;

describe("SqliteAuthStore", () => {
  test("creds and keys round-trip with Buffers intact; null deletes", async () => {
    const db = memoryAuthDb();
    const store = new SqliteAuthStore(db);
    const creds = initAuthCreds();
    store.writeCreds(1, creds);
    const back = store.readCreds(1)!;
    expect(Buffer.isBuffer(back.noiseKey.private)).toBe(true);
    expect(Buffer.compare(back.noiseKey.private, creds.noiseKey.private as Buffer)).toBe(0);
    expect(back.registrationId).toBe(creds.registrationId);
    expect(back.advSecretKey).toBe(creds.advSecretKey);

    const keys = store.keys(1);
    const kp = Curve.generateKeyPair();
    await keys.set({
      "pre-key": { "1": kp, "2": Curve.generateKeyPair() },
      session: { "551199@s.whatsapp.net.0": new Uint8Array([1, 2, 3]) },
      "lid-mapping": { "5511999998888": "123456789@lid", "123456789_reverse": "5511999998888" },
      "device-list": { "5511999998888": ["0", "12"] },
      "app-state-sync-key": { AAAA: { keyData: new Uint8Array([9, 9]), timestamp: 5 } },
    });
    expect(count(db, 1)).toBe(8); // 7 keys + creds
    const got = await keys.get("pre-key", ["1", "2", "3"]);
    expect(Object.keys(got).sort()).toEqual(["1", "2"]);
    expect(Buffer.compare(Buffer.from(got["1"].private), kp.private)).toBe(0);
    const sess = await keys.get("session", ["551199@s.whatsapp.net.0"]);
    expect([...sess["551199@s.whatsapp.net.0"]]).toEqual([1, 2, 3]);
    expect((await keys.get("lid-mapping", ["5511999998888"]))["5511999998888"]).toBe("123456789@lid");
    expect((await keys.get("device-list", ["5511999998888"]))["5511999998888"]).toEqual(["0", "12"]);
    const ask = (await keys.get("app-state-sync-key", ["AAAA"])).AAAA;
    expect(ask).toBeInstanceOf(proto.Message.AppStateSyncKeyData);
    expect([...(ask.keyData as Uint8Array)]).toEqual([9, 9]);

    await keys.set({ "pre-key": { "1": null } });
    expect(Object.keys(await keys.get("pre-key", ["1", "2"]))).toEqual(["2"]);
  });

  test("reads more ids than one IN chunk", async () => {
    const store = new SqliteAuthStore(memoryAuthDb());
    const keys = store.keys(3);
    const batch: Record<string, ReturnType<typeof Curve.generateKeyPair>> = {};
    const kp = Curve.generateKeyPair();
    for (let i = 1; i <= 900; i++) batch[String(i)] = kp;
    await keys.set({ "pre-key": batch });
    const got = await keys.get("pre-key", Object.keys(batch));
    expect(Object.keys(got).length).toBe(900);
  });

  test("a throw inside a batch leaves no partial rows and reaches the caller", async () => {
    const db = memoryAuthDb();
    const store = new SqliteAuthStore(db);
    const keys = store.keys(1);
    await keys.set({ "pre-key": { "1": Curve.generateKeyPair() } });
    const bad = { private: Buffer.alloc(32), public: 10n } as unknown as ReturnType<typeof Curve.generateKeyPair>;
    await expect(
      keys.set({
        "pre-key": { "1": null, "2": Curve.generateKeyPair() },
        session: { x: bad as unknown as Uint8Array },
      }),
    ).rejects.toThrow();
    const rows = db.query("SELECT kind, key_id FROM wa_auth ORDER BY kind, key_id").all();
    expect(rows).toEqual([{ kind: "pre-key", key_id: "1" }]);
  });

  test("a failing batch under Baileys' transaction wrapper is retried, then surfaces", async () => {
    const db = memoryAuthDb();
    const store = new SqliteAuthStore(db);
    const keys = addTransactionCapability(store.keys(1), silentLogger(), { maxCommitRetries: 2, delayBetweenTriesMs: 1 });
    const run = keys.transaction(async () => {
      await keys.set({ "pre-key": { "1": Curve.generateKeyPair() } });
      await keys.set({ session: { y: 5n as unknown as Uint8Array } });
    }, "k");
    await expect(run).rejects.toThrow();
    expect(count(db)).toBe(0);
  });

  test("deferred sessions: read back before the flush, written in one batch, other kinds commit at once; bad values and wipes", async () => {
    const db = memoryAuthDb();
    const store = new SqliteAuthStore(db, { deferSessionsMs: 60_000 });
    const keys = store.keys(1);
    const session = async (id: string) => (await keys.get("session", [id]))[id];
    await keys.set({ session: { a: new Uint8Array([1]), b: new Uint8Array([7]) } });
    expect(count(db, 1)).toBe(0); // not written yet
    expect([...(await session("a"))]).toEqual([1]);
    await keys.set({ session: { a: new Uint8Array([2]), b: null } }); // the latest update wins, null deletes
    expect([...(await session("a"))]).toEqual([2]);
    expect(await session("b")).toBeUndefined();
    // a pre-key commits at once, with the pending sessions before it
    await keys.set({ "pre-key": { "1": Curve.generateKeyPair() } });
    expect(db.query("SELECT kind, key_id FROM wa_auth ORDER BY kind, key_id").all()).toEqual([
      { kind: "pre-key", key_id: "1" },
      { kind: "session", key_id: "a" },
    ]);
    await keys.set({ session: { a: new Uint8Array([3]) } });
    store.flush();
    const fresh = new SqliteAuthStore(db).keys(1);
    expect([...(await fresh.get("session", ["a"])).a]).toEqual([3]);
    // a value that cannot be stored still fails the set (Baileys retries it), and queues nothing
    await expect(keys.set({ session: { c: 5n as unknown as Uint8Array } })).rejects.toThrow();
    // wiping a connection drops its pending updates: a later flush does not bring keys back
    await keys.set({ session: { d: new Uint8Array([4]) } });
    await store.keys(2).set({ session: { e: new Uint8Array([5]) } });
    store.wipe(1);
    store.flush();
    expect(count(db, 1)).toBe(0);
    expect(count(db, 2)).toBe(1);
  });

  test("wipe removes creds and keys of one connection only", async () => {
    const db = memoryAuthDb();
    const store = new SqliteAuthStore(db);
    for (const id of [1, 2]) {
      store.writeCreds(id, initAuthCreds());
      await store.keys(id).set({ "pre-key": { "1": Curve.generateKeyPair() } });
    }
    store.wipe(1);
    expect(count(db, 1)).toBe(0);
    expect(count(db, 2)).toBe(2);
    expect(store.readCreds(1)).toBeNull();
  });

  test("open() resets unpaired leftovers (an abandoned pairing code) to fresh creds", () => {
    const store = new SqliteAuthStore(memoryAuthDb());
    const c = initAuthCreds();
    c.me = { id: "5511999998888@s.whatsapp.net", name: "~" };
    store.writeCreds(1, c);
    const auth = store.open(1);
    expect(auth.state.creds.me).toBeUndefined();
    expect(auth.isPaired()).toBe(false);
    expect(store.hasPairedCreds(1)).toBe(false);
  });

  test("libsignal sessions survive a reload from SQLite (pkmsg then msg both ways)", async () => {
    const db = memoryAuthDb();
    const log = silentLogger();
    const repoFor = (id: number, creds: ReturnType<typeof initAuthCreds>) => {
      const store = new SqliteAuthStore(db);
      const keys = addTransactionCapability(makeCacheableSignalKeyStore(store.keys(id), log), log, {
        maxCommitRetries: 1,
        delayBetweenTriesMs: 1,
      });
      return makeLibSignalRepository({ creds, keys }, log);
    };
    const aliceCreds = initAuthCreds();
    const bobCreds = initAuthCreds();
    const store = new SqliteAuthStore(db);
    store.writeCreds(1, aliceCreds);
    store.writeCreds(2, bobCreds);
    const bobPreKey = Curve.generateKeyPair();
    await store.keys(2).set({ "pre-key": { "7": bobPreKey } });

    const alice = repoFor(1, aliceCreds);
    await alice.injectE2ESession({
      jid: "15550002222@s.whatsapp.net",
      session: {
        registrationId: bobCreds.registrationId,
        identityKey: generateSignalPubKey(bobCreds.signedIdentityKey.public),
        signedPreKey: {
          keyId: bobCreds.signedPreKey.keyId,
          publicKey: generateSignalPubKey(bobCreds.signedPreKey.keyPair.public),
          signature: bobCreds.signedPreKey.signature,
        },
        preKey: { keyId: 7, publicKey: generateSignalPubKey(bobPreKey.public) },
      },
    });
    const m1 = await alice.encryptMessage({ jid: "15550002222@s.whatsapp.net", data: Buffer.from("olá 1") });
    expect(m1.type).toBe("pkmsg");

    const bob = repoFor(2, store.readCreds(2)!);
    const p1 = await bob.decryptMessage({ jid: "15550001111@s.whatsapp.net", type: m1.type, ciphertext: m1.ciphertext });
    expect(Buffer.from(p1).toString()).toBe("olá 1");
    // the one-time pre-key was consumed and removed from SQLite
    expect(Object.keys(await store.keys(2).get("pre-key", ["7"]))).toEqual([]);

    // fresh repositories read everything back from SQLite only
    const bob2 = repoFor(2, store.readCreds(2)!);
    const r1 = await bob2.encryptMessage({ jid: "15550001111@s.whatsapp.net", data: Buffer.from("resposta") });
    const alice2 = repoFor(1, store.readCreds(1)!);
    const pr = await alice2.decryptMessage({ jid: "15550002222@s.whatsapp.net", type: r1.type, ciphertext: r1.ciphertext });
    expect(Buffer.from(pr).toString()).toBe("resposta");
    const m2 = await alice2.encryptMessage({ jid: "15550002222@s.whatsapp.net", data: Buffer.from("olá 2") });
    expect(m2.type).toBe("msg");
    const p2 = await repoFor(2, store.readCreds(2)!).decryptMessage({
      jid: "15550001111@s.whatsapp.net",
      type: m2.type,
      ciphertext: m2.ciphertext,
    });
    expect(Buffer.from(p2).toString()).toBe("olá 2");

    // a lost store cannot decrypt
    store.wipe(2);
    const m3 = await alice2.encryptMessage({ jid: "15550002222@s.whatsapp.net", data: Buffer.from("x") });
    await expect(repoFor(2, bobCreds).decryptMessage({ jid: "15550001111@s.whatsapp.net", type: m3.type, ciphertext: m3.ciphertext })).rejects.toThrow();
  });
});
