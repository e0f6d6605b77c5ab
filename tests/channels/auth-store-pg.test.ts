/**
 * PgAuthStore: SqliteAuthStore's semantics on PostgreSQL (tests/channels/auth-store.test.ts), asynchronously: values
 * round-trip with their Buffers, one `keys.set()` batch is one transaction (a failing row writes nothing of the
 * batch and reaches Baileys), a connection's writes land in the order they were made and reads see them, deferred
 * sessions are read back before they are written, wipes and unpaired creds as on SQLite.
 */
import { describe, expect, test } from "bun:test";
import { Curve, initAuthCreds, proto } from "baileys";
import { PgAuthStore } from "../../src/channels/baileys/auth-store-pg";
import { withPostgres } from "../support/postgres";

const pg = withPostgres();
const count = async (id: number) => (await pg.sql<{ n: number }[]>`select count(*)::int as n from wa_auth where connection_id = ${id}`)[0].n;

describe("PgAuthStore", () => {
  test("creds and keys round-trip with Buffers intact; null deletes; many ids at once", async () => {
    const store = new PgAuthStore(pg.sql);
    const creds = initAuthCreds();
    await store.writeCreds(1, creds);
    const back = (await store.readCreds(1))!;
    expect(Buffer.compare(back.noiseKey.private, creds.noiseKey.private as Buffer)).toBe(0);
    expect(back.registrationId).toBe(creds.registrationId);
    const keys = store.keys(1);
    const kp = Curve.generateKeyPair();
    const many: Record<string, typeof kp> = {};
    for (let i = 1; i <= 900; i++) many[String(i)] = kp;
    await keys.set({
      "pre-key": many,
      session: { "551199@s.whatsapp.net.0": new Uint8Array([1, 2, 3]) },
      "app-state-sync-key": { AAAA: { keyData: new Uint8Array([9, 9]), timestamp: 5 } },
    });
    expect(await count(1)).toBe(903);
    const got = await keys.get("pre-key", [...Object.keys(many), "901"]);
    expect(Object.keys(got).length).toBe(900);
    expect(Buffer.compare(Buffer.from(got["1"].private), kp.private)).toBe(0);
    expect([...(await keys.get("session", ["551199@s.whatsapp.net.0"]))["551199@s.whatsapp.net.0"]]).toEqual([1, 2, 3]);
    expect((await keys.get("app-state-sync-key", ["AAAA"])).AAAA).toBeInstanceOf(proto.Message.AppStateSyncKeyData);
    await keys.set({ "pre-key": { "1": null } });
    expect(Object.keys(await keys.get("pre-key", ["1", "2"]))).toEqual(["2"]);
    expect(await keys.get("pre-key", [])).toEqual({});
  });

  test("a batch with a row PostgreSQL refuses writes nothing of it and rejects (Baileys retries); the connection goes on", async () => {
    const store = new PgAuthStore(pg.sql);
    const keys = store.keys(2);
    // PostgreSQL text cannot hold NUL: the second row fails inside the transaction
    await expect(keys.set({ "pre-key": { "1": Curve.generateKeyPair(), "bad\u0000id": Curve.generateKeyPair() } })).rejects.toThrow();
    expect(await count(2)).toBe(0);
    await keys.set({ "pre-key": { "2": Curve.generateKeyPair() } });
    expect(await count(2)).toBe(1);
  });

  test("writes made without waiting land in order and reads see them: creds saved, wiped, saved again", async () => {
    const store = new PgAuthStore(pg.sql);
    const a = initAuthCreds();
    const b = initAuthCreds();
    void store.writeCreds(3, a);
    void store.keys(3).set({ "pre-key": { "1": Curve.generateKeyPair() } });
    void store.wipe(3);
    void store.writeCreds(3, b);
    expect((await store.readCreds(3))?.registrationId).toBe(b.registrationId);
    expect(await count(3)).toBe(1);
  });

  test("deferred sessions: read back before the flush, written with the next batch or the drain; a wipe drops them", async () => {
    const store = new PgAuthStore(pg.sql, { deferSessionsMs: 60_000 });
    const keys = store.keys(4);
    const session = async (id: string) => (await keys.get("session", [id]))[id];
    await keys.set({ session: { a: new Uint8Array([1]), b: new Uint8Array([7]) } });
    expect(await count(4)).toBe(0);
    await keys.set({ session: { a: new Uint8Array([2]), b: null } });
    expect([...(await session("a"))]).toEqual([2]);
    expect(await session("b")).toBeUndefined();
    await keys.set({ "pre-key": { "1": Curve.generateKeyPair() } });
    expect((await pg.sql`select kind, key_id from wa_auth where connection_id = 4 order by kind, key_id`).map((r) => `${r.kind}:${r.key_id}`)).toEqual([
      "pre-key:1",
      "session:a",
    ]);
    await keys.set({ session: { a: new Uint8Array([3]) } });
    await store.drain(4);
    expect([...(await new PgAuthStore(pg.sql).keys(4).get("session", ["a"])).a]).toEqual([3]);
    await keys.set({ session: { d: new Uint8Array([4]) } });
    await store.wipe(4);
    await store.drain(4);
    expect(await count(4)).toBe(0);
  });

  test("open() starts unpaired leftovers from fresh creds; dropUnpairedCreds keeps a linked device's", async () => {
    const store = new PgAuthStore(pg.sql);
    const pairing = initAuthCreds();
    pairing.me = { id: "5511999990000:1@s.whatsapp.net" };
    await store.writeCreds(5, pairing);
    expect(await store.hasPairedCreds(5)).toBe(false);
    expect((await store.open(5)).state.creds.registrationId).not.toBe(pairing.registrationId);
    await store.dropUnpairedCreds(5);
    expect(await count(5)).toBe(0);
    const linked = {
      ...initAuthCreds(),
      me: { id: "5511999990000:2@s.whatsapp.net" },
      account: proto.ADVSignedDeviceIdentity.create({ details: new Uint8Array([1]) }),
    };
    await store.writeCreds(6, linked);
    await store.dropUnpairedCreds(6);
    expect(await store.hasPairedCreds(6)).toBe(true);
    const auth = await store.open(6);
    expect(auth.isPaired()).toBe(true);
    await auth.saveCreds();
    expect(await count(6)).toBe(1);
  });
});
