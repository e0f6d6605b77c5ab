/**
 * A campaign sends each contact its message once across several nodes (issue 25, "Jobs that run once"): the shipment
 * is recorded inside the transaction that stores the message, guarded on its state, so two nodes running the
 * dispatcher at the same moment (a job lock lost under a running job), or a node stopped abruptly half-way, can
 * neither store a contact's message twice nor lose it; the stored message goes out once, with its reserved id,
 * through the node that runs the connection.
 */
import { expect, test } from "bun:test";
import { and, eq, inArray } from "drizzle-orm";
import type { Outgoing } from "../../src/core/channel";
import { dispatchCampaigns } from "../../src/modules/campaigns";
import { flushOutbox } from "../../src/modules/messages";
import { messages, schedules } from "../../src/schema";
import { pgClientOf } from "../../src/db/pg-client";
import { sendDueSchedules } from "../../src/modules/schedules";
import { makeTestApp, type TestApp } from "../helpers/app";
import { FakeChannel, makeConnection } from "../helpers/channel";

const env = {
  JWT_SECRET: "nodes-campaign-jwt-secret-0123456",
  JWT_REFRESH_SECRET: "nodes-campaign-refresh-0123456",
  ENCRYPTION_KEY: "nodes-campaign-encryption-key-0123456789",
};
const a = await makeTestApp({ node: true, env });
const b = await makeTestApp({ node: true, env, database: a.database! });
for (const t of [a, b]) t.deps.config.campaignSecondMs = 1;
const co = await a.newCompany();
const call = (t: TestApp, method: string, path: string, body?: unknown) => t.call(method, path, { token: co.admin.token, body });
expect((await call(a, "POST", "/campaign-settings", { settings: { messageInterval: 5, longerIntervalAfter: 0, greaterInterval: 0 } })).status).toBeLessThan(
  300,
);

/** Every fake adapter of this file, on either node. */
const fakes: FakeChannel[] = [];

/** Runs the same connection on node B too (a fake adapter of its own): as if its session lived there. */
function runOn(t: TestApp, connectionId: number) {
  const fake = new FakeChannel();
  const kind = `fake-${connectionId}-${t.deps.node!.id}`;
  t.deps.sessions.register(kind, () => fake);
  void t.deps.sessions.registry.start(connectionId, co.company.id, kind);
  fakes.push(fake);
  return fake;
}

async function campaignOf(connectionId: number, name: string, count: number, prefix: string) {
  const list = (await call(a, "POST", "/contact-lists", { name })).json;
  const numbers = Array.from({ length: count }, (_, i) => `55119${prefix}${String(i).padStart(4, "0")}`);
  for (const [i, number] of numbers.entries()) {
    expect((await call(a, "POST", "/contact-list-items", { contactListId: list.id, name: `P ${i}`, number })).status).toBe(201);
  }
  const r = await call(a, "POST", "/campaigns", {
    name,
    message1: "Oferta {nome}",
    whatsappId: connectionId,
    contactListId: list.id,
    scheduledAt: new Date(Date.now() - 1000).toISOString(),
  });
  expect(r.json.status).toBe("PROGRAMADA");
  return { id: r.json.id as number, numbers };
}

const storedCount = async (connectionId: number) => [...(await storedPerNumber(b, connectionId)).values()].flat().length;
const statusOf = async (id: number) => (await call(b, "GET", `/campaigns/${id}`)).json;
const numberOf = (m: Outgoing) => m.to.split("@")[0];

/** Every message stored on the connection, per contact number. */
async function storedPerNumber(t: TestApp, connectionId: number) {
  const rows = await t.db
    .select({ wid: messages.wid, ticketId: messages.ticketId })
    .from(messages)
    .where(and(eq(messages.whatsappId, connectionId), eq(messages.fromMe, true)));
  const tickets = (await call(t, "GET", "/tickets?status=closed&showAll=true&pageNumber=1")).json.tickets as { id: number; contact: { number: string } }[];
  const byTicket = new Map(tickets.map((x) => [x.id, x.contact.number]));
  const out = new Map<string, string[]>();
  for (const r of rows) {
    const n = byTicket.get(r.ticketId) ?? `ticket ${r.ticketId}`;
    out.set(n, [...(out.get(n) ?? []), r.wid]);
  }
  return out;
}

test("two nodes dispatching at the same moment store and send each contact's message once", async () => {
  const { connection, fake: onA } = await makeConnection(a, co.company.id);
  fakes.push(onA);
  const onB = runOn(b, connection.id);
  const c = await campaignOf(connection.id, "Duas ao mesmo tempo", 30, "71");
  for (let i = 0; i < 40 && (await statusOf(c.id)).status !== "FINALIZADA"; i++) {
    await Promise.all([dispatchCampaigns(a.deps), dispatchCampaigns(b.deps)]);
  }
  expect((await statusOf(c.id)).status).toBe("FINALIZADA");
  expect((await statusOf(c.id)).progress).toMatchObject({ valid: 30, delivered: 30, failed: 0 });
  const sent = [...onA.sent, ...onB.sent].map(numberOf).sort();
  expect(sent).toEqual([...c.numbers].sort());
  // both nodes took part (the race is real, not one node doing everything)
  expect(onA.sent.length).toBeGreaterThan(0);
  expect(onB.sent.length).toBeGreaterThan(0);
  const stored = await storedPerNumber(a, connection.id);
  expect([...stored.values()].every((w) => w.length === 1)).toBe(true);
  expect(stored.size).toBe(30);
}, 60_000);

test("two nodes sending due schedules at the same moment send each schedule once", async () => {
  // The schedules go out through the company's default connection (the first test's, run on both nodes).
  const ids: number[] = [];
  for (let i = 0; i < 20; i++) {
    const contact = (await call(a, "POST", "/contacts", { name: `Agenda ${i}`, number: `5511973${String(i).padStart(4, "0")}` })).json;
    const r = await call(a, "POST", "/schedules", { body: `Lembrete ${i}`, contactId: contact.id, sendAt: new Date(Date.now() + 60_000).toISOString() });
    expect(r.status).toBe(201);
    ids.push(r.json.id);
  }
  // Due now (as after a node's restart: missed ones go out too).
  await a.db
    .update(schedules)
    .set({ sendAt: new Date(Date.now() - 1000).toISOString() })
    .where(inArray(schedules.id, ids));
  await Promise.all([sendDueSchedules(a.deps), sendDueSchedules(b.deps), sendDueSchedules(a.deps), sendDueSchedules(b.deps)]);
  const rows = await a.db.select({ status: schedules.status }).from(schedules).where(inArray(schedules.id, ids));
  expect(rows.map((r) => r.status)).toEqual(ids.map(() => "ENVIADA"));
  const texts = fakes
    .flatMap((f) => f.sent)
    .map((m) => (m.type === "text" ? m.body : ""))
    .filter((x) => x.startsWith("Lembrete"));
  expect(texts.sort()).toEqual(ids.map((_, i) => `Lembrete ${i}`).sort());
  const stored = await a.db.select({ body: messages.body }).from(messages).where(eq(messages.fromMe, true));
  expect(stored.filter((m) => m.body.startsWith("Lembrete"))).toHaveLength(20);
}, 60_000);

// Last: it cuts node A off.
test("the node running the campaign's connection stopped abruptly half-way: the next one finishes, each contact once", async () => {
  // The session runs on A, so A sends the campaign; B does not (the connection runs elsewhere).
  const { connection, fake: onA } = await makeConnection(a, co.company.id);
  const c = await campaignOf(connection.id, "Queda no meio", 40, "72");
  await dispatchCampaigns(b.deps);
  expect(await storedCount(connection.id)).toBe(0);
  expect((await statusOf(c.id)).pauseReason).toBeNull();
  // A dispatches (5 ms between messages); when 12 are stored, A's database connections are cut under it (kill -9).
  let killed = false;
  const dying = (async () => {
    // (a pause between runs: a run on a closed pool fails without I/O, and must not starve the timers)
    while (!killed) {
      await dispatchCampaigns(a.deps).catch(() => {});
      await Bun.sleep(1);
    }
  })();
  for (let i = 0; i < 1000 && (await storedCount(connection.id)) < 12; i++) await Bun.sleep(2);
  const cut = pgClientOf(a.db).end({ timeout: 0 });
  killed = true;
  await cut;
  await dying;
  const half = await storedCount(connection.id);
  expect(half).toBeGreaterThanOrEqual(12);
  expect(half).toBeLessThan(40);
  // The session moves to B (its lease): at connect B flushes what A stored but did not hand over, then dispatches.
  const onB = runOn(b, connection.id);
  await flushOutbox(b.deps, connection.id);
  for (let i = 0; i < 40 && (await statusOf(c.id)).status !== "FINALIZADA"; i++) await dispatchCampaigns(b.deps);
  expect((await statusOf(c.id)).status).toBe("FINALIZADA");
  const stored = await storedPerNumber(b, connection.id);
  expect(stored.size).toBe(40);
  expect([...stored.values()].every((w) => w.length === 1)).toBe(true);
  // Every contact got its message; one A handed over but could not record as sent goes again with the same id, which
  // WhatsApp takes as the same message (never a second message).
  const ids = new Map<string, Set<string | undefined>>();
  for (const m of [...onA.sent, ...onB.sent]) ids.set(numberOf(m), new Set([...(ids.get(numberOf(m)) ?? []), m.id]));
  expect([...ids.keys()].sort()).toEqual([...c.numbers].sort());
  expect([...ids.values()].every((x) => x.size === 1)).toBe(true);
  expect(onA.sent.length).toBeGreaterThanOrEqual(1);
  expect(onB.sent.length).toBeGreaterThanOrEqual(40 - half);
}, 60_000);
