/**
 * Baileys credentials under the fence (auth-store-pg.ts with a FenceBook): two nodes' stores on one PostgreSQL, each
 * with its own pool. A node that paused past its lease and wakes after another took the session over cannot overwrite
 * the new owner's credentials or keys: its writes are refused (FencedOutError), the node hears of it (onFenced) and
 * drops what it had deferred; once its lease is revoked, a write does not even reach the database.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { initAuthCreds } from "baileys";
import type postgres from "postgres";
import { PgAuthStore } from "../../src/channels/baileys/auth-store-pg";
import { FenceBook } from "../../src/db/leases";
import { FencedOutError, PgLeaseStore } from "../../src/db/leases-pg";
import { openPostgres } from "../../src/db/pg-client";
import { withPostgres } from "../support/postgres";

const pg = withPostgres();
const pools: postgres.Sql[] = [];
const nodePool = () => {
  const sql = openPostgres(pg.url, { max: 3 }).$client;
  pools.push(sql);
  return sql;
};
afterAll(async () => {
  for (const p of pools) await p.end({ timeout: 2 });
});

/** A node: its lease store, fence book (what it heard refused) and credential store. */
function nodeOf(name: string) {
  const sql = nodePool();
  const fences = new FenceBook();
  const refused: number[] = [];
  fences.onFenced = (id) => refused.push(id);
  return { leases: new PgLeaseStore(sql, { nodeId: name, leaseMs: 300 }), fences, refused, store: new PgAuthStore(sql, {}, fences) };
}

const credsRow = async (id: number) => (await pg.sql<{ value: string }[]>`select value from wa_auth where connection_id = ${id} and kind = 'creds'`)[0]?.value;

describe("credential writes carry the lease's fencing token", () => {
  test("a paused node that wakes after a takeover is refused; the new owner's credentials and keys stay", async () => {
    const a = nodeOf("node-a");
    const b = nodeOf("node-b");
    const id = 7;
    const tA = (await a.leases.acquire(id))?.token as number;
    a.fences.set(id, tA);
    const credsA = initAuthCreds();
    await a.store.writeCreds(id, credsA);
    expect(JSON.parse((await credsRow(id)) as string).registrationId).toBe(credsA.registrationId);

    // A pauses past its lease; B takes the session over and writes its own.
    await Bun.sleep(350);
    const tB = (await b.leases.acquire(id))?.token as number;
    expect(tB).toBe(tA + 1);
    b.fences.set(id, tB);
    const credsB = initAuthCreds();
    await b.store.writeCreds(id, credsB);
    await b.store.keys(id).set({ session: { "5511@s.whatsapp.net.0": new Uint8Array([2]) } });

    // A wakes up: its creds and its keys are refused, and it hears of it.
    await expect(a.store.writeCreds(id, initAuthCreds())).rejects.toBeInstanceOf(FencedOutError);
    await expect(a.store.keys(id).set({ session: { "5511@s.whatsapp.net.0": new Uint8Array([1]) } })).rejects.toBeInstanceOf(FencedOutError);
    await expect(a.store.wipe(id)).resolves.toBeUndefined();
    await a.store.drain(id);
    expect(a.refused.length).toBeGreaterThanOrEqual(2);
    expect(new Set(a.refused)).toEqual(new Set([id]));
    expect(JSON.parse((await credsRow(id)) as string).registrationId).toBe(credsB.registrationId);
    expect([...(await b.store.keys(id).get("session", ["5511@s.whatsapp.net.0"]))["5511@s.whatsapp.net.0"]]).toEqual([2]);
    expect(b.refused).toEqual([]);
  });

  test("a revoked lease (lost, handed back) refuses writes before they reach the database; without a lease nothing is fenced", async () => {
    const a = nodeOf("node-c");
    const id = 8;
    const t = (await a.leases.acquire(id))?.token as number;
    a.fences.set(id, t);
    await a.store.writeCreds(id, initAuthCreds());
    const before = await credsRow(id);
    a.fences.revoke(id);
    await expect(a.store.writeCreds(id, initAuthCreds())).rejects.toBeInstanceOf(FencedOutError);
    await a.store.drain(id);
    expect(await credsRow(id)).toBe(before);
    // A person's action on a free connection (no session anywhere): forgotten, written without a fence.
    a.fences.forget(id);
    await a.store.writeCreds(id, initAuthCreds());
    expect(await credsRow(id)).not.toBe(before);
  });
});
