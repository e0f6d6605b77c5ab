/**
 * The inbound spool on several nodes (issue 25: "a customer's message is stored exactly once"). Each node spools in
 * its own data folder (the spool is for when the database cannot take the message, so it cannot live there) and
 * retries itself; the message's key in the database (company, connection, WhatsApp id: messages_wid_uq) makes every
 * store after the first a no-op, whichever node stores first. Runs on SQLite (one node, the same promise) and on
 * PostgreSQL with two nodes.
 */
import { expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { and, eq } from "drizzle-orm";
import { handleInbound } from "../../src/inbound/receive";
import { InboundSpool } from "../../src/inbound/spool";
import { storeSpooled } from "../../src/inbound/receive";
import { messages } from "../../src/schema";
import { makeTestApp, type TestApp } from "../helpers/app";
import { inbound, makeConnection } from "../helpers/channel";
import { failWrites } from "../support/fail-writes";

const pg = process.env.BALCAO_TEST_ENGINE === "pg";
const env = {
  JWT_SECRET: "nodes-spool-jwt-secret-0123456789",
  JWT_REFRESH_SECRET: "nodes-spool-refresh-0123456789",
  ENCRYPTION_KEY: "nodes-spool-encryption-key-0123456789",
};
// PostgreSQL: two nodes on one database; SQLite: one box (B is A).
const a = await makeTestApp({ env, node: pg });
const b: TestApp = pg ? await makeTestApp({ env, node: true, database: a.database! }) : a;
const co = await a.newCompany();
const { connection } = await makeConnection(a, co.company.id);
const conn = { id: connection.id, companyId: co.company.id };

const rowsOf = async (t: TestApp, wid: string) =>
  t.db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.whatsappId, connection.id), eq(messages.wid, wid)));
const spoolFiles = (t: TestApp) => {
  try {
    return readdirSync(`${t.dir}/inbound-spool`).filter((f) => f.endsWith(".json"));
  } catch {
    return [];
  }
};

test("a message A could not store waits in A's folder; redelivered to B meanwhile, it is stored once", async () => {
  const msg = inbound("5511977770001", "chegou durante a falha");
  const undo = await failWrites(a.db, "messages", "INSERT");
  try {
    expect(await handleInbound(a.deps, conn, msg)).toBeNull();
  } finally {
    await undo();
  }
  expect(a.deps.inboundSpool.size()).toBe(1);
  expect(spoolFiles(a)).toHaveLength(1);
  // WhatsApp delivers it again, to the node that runs the session now.
  const res = await handleInbound(b.deps, conn, msg);
  expect(res?.duplicate).toBeFalsy();
  // A's retry finds it stored: nothing more is written, the entry and its file go.
  await a.deps.inboundSpool.drain();
  expect(a.deps.inboundSpool.size()).toBe(0);
  expect(spoolFiles(a)).toEqual([]);
  expect(await rowsOf(a, msg.id)).toHaveLength(1);
});

test("both nodes spooled the same message: both retries store it once", async () => {
  const msg = inbound("5511977770002", "duas filas");
  const undo = await failWrites(a.db, "messages", "INSERT");
  try {
    expect(await handleInbound(a.deps, conn, msg)).toBeNull();
    if (b !== a) expect(await handleInbound(b.deps, conn, msg)).toBeNull();
  } finally {
    await undo();
  }
  await Promise.all([a.deps.inboundSpool.drain(), b.deps.inboundSpool.drain()]);
  expect(await rowsOf(a, msg.id)).toHaveLength(1);
  expect(a.deps.inboundSpool.size() + (b === a ? 0 : b.deps.inboundSpool.size())).toBe(0);
});

test("a node that died with a spooled message finds it at its next boot; stored elsewhere meanwhile, it stays once", async () => {
  const msg = inbound("5511977770003", "antes da queda");
  const undo = await failWrites(a.db, "messages", "INSERT");
  try {
    expect(await handleInbound(a.deps, conn, msg)).toBeNull();
  } finally {
    await undo();
  }
  a.deps.inboundSpool.stop();
  expect(spoolFiles(a)).toHaveLength(1);
  await handleInbound(b.deps, conn, msg);
  // The next process on A's folder (kill -9: the file is all that is left) loads and retries it.
  const next = new InboundSpool(`${a.dir}/inbound-spool`, (e) => storeSpooled(b.deps, e));
  expect(next.load()).toBe(1);
  await next.drain();
  next.stop();
  expect(next.size()).toBe(0);
  expect(spoolFiles(a)).toEqual([]);
  expect(await rowsOf(a, msg.id)).toHaveLength(1);
});

test("with a bucket, a node gone with its folder leaves nothing behind: another node adopts its entry and stores it once", async () => {
  const { LocalBlobStore } = await import("../../src/lib/blob-store");
  const { mkdtempSync, rmSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const root = mkdtempSync(`${tmpdir()}/spool-bucket-`);
  const folder = (name: string) => mkdtempSync(`${tmpdir()}/spool-${name}-`);
  // The bucket both nodes see (a folder standing in for S3: the same BlobStore interface), and each node's own folder.
  const bucket = new LocalBlobStore(root);
  const dead = folder("dead");
  const alive = folder("alive");
  try {
    const msg = inbound("5511977770004", "o nó caiu com o disco");
    let stores = 0;
    const failing = new InboundSpool(
      dead,
      async () => {
        throw new Error("database unreachable");
      },
      { blobs: bucket },
    );
    await failing.add({ key: `${conn.id}-${msg.id}`, conn, msg, media: null, attempts: 0, firstAt: Date.now() - 60_000 });
    failing.stop();
    // its copy reaches the bucket (written in the background)
    for (let end = Date.now() + 3000; !(await bucket.list("spool/")).length && Date.now() < end; ) await Bun.sleep(10);
    expect(await bucket.list("spool/")).toHaveLength(1);
    rmSync(dead, { recursive: true, force: true }); // the node and its disk are gone
    const fresh = new InboundSpool(
      alive,
      async (e) => {
        stores++;
        await storeSpooled(b.deps, e);
      },
      { blobs: bucket, adoptAfterMs: 30_000 },
    );
    await fresh.drain();
    fresh.stop();
    expect(stores).toBe(1);
    expect(await rowsOf(a, msg.id)).toHaveLength(1);
    // stored: the bucket's copy goes (in the background)
    for (let end = Date.now() + 3000; (await bucket.list("spool/")).length && Date.now() < end; ) await Bun.sleep(10);
    expect(await bucket.list("spool/")).toEqual([]);
    // an entry younger than the adoption delay is left to its own node
    const young = inbound("5511977770005", "ainda é do outro nó");
    const other = new InboundSpool(
      folder("other"),
      async () => {
        throw new Error("database unreachable");
      },
      { blobs: bucket },
    );
    await other.add({ key: `${conn.id}-${young.id}`, conn, msg: young, media: null, attempts: 0, firstAt: Date.now() });
    other.stop();
    for (let end = Date.now() + 3000; !(await bucket.list("spool/")).length && Date.now() < end; ) await Bun.sleep(10);
    const again = new InboundSpool(folder("again"), async (e) => storeSpooled(b.deps, e), { blobs: bucket, adoptAfterMs: 30_000 });
    await again.drain();
    again.stop();
    expect(await rowsOf(a, young.id)).toHaveLength(0);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
