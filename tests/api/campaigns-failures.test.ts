import { describe, expect, test } from "bun:test";
import { createDeps } from "../../src/app";
import type { Outgoing } from "../../src/core/channel";
import type { Clock } from "../../src/lib/clock";
import { eq } from "drizzle-orm";
import { LIMITS } from "../../src/contract/limits";
import { dispatchCampaigns } from "../../src/modules/campaigns/jobs";
import { campaignShipping } from "../../src/modules/campaigns/schema";
import { retryQueuedMessages } from "../../src/modules/messages/jobs";
import { messages } from "../../src/modules/messages/schema";
import { makeTestApp } from "../helpers/app";
import { FakeChannel, makeConnection } from "../helpers/channel";

const t = await makeTestApp();
// one "second" of campaign pacing lasts 10 ms here
t.deps.config.campaignSecondMs = 10;
const a = await t.newCompany();
const { connection } = await makeConnection(t, a.company.id);
const tk = a.admin.token;
const call = (method: string, path: string, body?: unknown) => t.call(method, path, { token: tk, body });
const show = async (id: number) => (await call("GET", `/campaigns/${id}`)).json;
const numberOf = (m: Outgoing) => m.to.split("@")[0];

/** Both "server processes" read this clock; moving it makes the next paced send due at once. */
let offset = 0;
const clock: Clock = { now: () => Date.now() + offset };

/** A server process over the test's database: its own deps, scheduler state and connection adapter. */
async function boot(send: (m: Outgoing) => boolean) {
  const deps = createDeps(t.db, t.config, { clock });
  const fake = new FakeChannel();
  const tried: string[] = [];
  const deliver = fake.send.bind(fake);
  fake.send = async (m) => {
    tried.push(numberOf(m));
    if (!send(m)) throw new Error("blocked");
    return deliver(m);
  };
  const kind = `fake-restart-${crypto.randomUUID()}`;
  deps.sessions.register(kind, () => fake);
  await deps.sessions.registry.start(connection.id, a.company.id, kind);
  /** One run of campaigns.dispatch, then the clock moves past the (long) pause it set. */
  const tick = async () => {
    await dispatchCampaigns(deps);
    offset += 5 * 60_000;
  };
  return { deps, fake, tried, tick };
}

describe("campaign failures are persisted", () => {
  test("a failed shipment survives a restart: recorded with its error, counted, never resent; the run of failures carries on", async () => {
    // the longer pause (120 s, 1.2 s here) after every message: each dispatcher run sends exactly one shipment
    await call("POST", "/campaign-settings", { settings: { messageInterval: 20, longerIntervalAfter: 1, greaterInterval: 120 } });
    const list = (await call("POST", "/contact-lists", { name: "Lista reinício" })).json;
    const numbers = ["5511981000001", "5511981000002", "5511981000003", "5511981000004"];
    for (const [i, number] of numbers.entries()) await call("POST", "/contact-list-items", { contactListId: list.id, name: `P${i + 1}`, number });
    const r = await call("POST", "/campaigns", {
      name: "Reinício",
      message1: "Oi {nome}",
      whatsappId: connection.id,
      contactListId: list.id,
      scheduledAt: new Date(clock.now() - 1000).toISOString(),
    });
    const id = r.json.id as number;

    // first process: the first two sends fail
    const first = await boot(() => false);
    await first.tick();
    await first.tick();
    expect(first.tried).toEqual(numbers.slice(0, 2));
    expect(await show(id)).toMatchObject({ status: "EM_ANDAMENTO", pauseReason: null, progress: { valid: 4, delivered: 0, failed: 2 } });

    // the server restarts; the third send fails too: three in a row across the restart pause the campaign
    const second = await boot((m) => numberOf(m) !== numbers[2]);
    await second.tick();
    await second.tick();
    expect(second.tried).toEqual([numbers[2]]);
    expect(await show(id)).toMatchObject({ status: "EM_ANDAMENTO", pauseReason: "failures", progress: { delivered: 0, failed: 3 } });

    // resumed: only the contact never tried is sent; the failed ones are not sent again
    expect((await call("POST", `/campaigns/${id}/resume`)).status).toBe(204);
    for (let i = 0; i < 4 && (await show(id)).status !== "FINALIZADA"; i++) await second.tick();
    expect(second.tried).toEqual([numbers[2], numbers[3]]);
    expect(second.fake.sent.map(numberOf)).toEqual([numbers[3]]);
    const c = await show(id);
    expect(c).toMatchObject({ status: "FINALIZADA", pauseReason: null });
    expect(c.progress).toEqual({ valid: 4, delivered: 1, failed: 3, skipped: 0, confirmationRequested: 0, confirmed: 0 });
    const report = (await call("GET", `/campaigns/${id}/shipping`)).json.shipping as { number: string; deliveredAt: string | null; error: string | null }[];
    expect(report.map((s) => [s.number, s.deliveredAt ? "ok" : s.error])).toEqual([
      [numbers[0], "ERR_SENDING_WAPP_MSG"],
      [numbers[1], "ERR_SENDING_WAPP_MSG"],
      [numbers[2], "ERR_SENDING_WAPP_MSG"],
      [numbers[3], "ok"],
    ]);

    // yet another restart sends nothing more
    const third = await boot(() => true);
    await third.tick();
    expect(third.tried).toEqual([]);
  });

  test("a send that works ends the run of failures (two failures, a success, two failures: no pause)", async () => {
    const list = (await call("POST", "/contact-lists", { name: "Lista alternada" })).json;
    const numbers = ["5511982000001", "5511982000002", "5511982000003", "5511982000004", "5511982000005"];
    for (const [i, number] of numbers.entries()) await call("POST", "/contact-list-items", { contactListId: list.id, name: `Q${i + 1}`, number });
    const r = await call("POST", "/campaigns", {
      name: "Alternada",
      message1: "Oi",
      whatsappId: connection.id,
      contactListId: list.id,
      scheduledAt: new Date(clock.now() - 1000).toISOString(),
    });
    const first = await boot((m) => numberOf(m) === numbers[2]);
    await first.tick();
    await first.tick();
    const second = await boot((m) => numberOf(m) === numbers[2]);
    for (let i = 0; i < 4 && (await show(r.json.id)).status !== "FINALIZADA"; i++) await second.tick();
    expect(await show(r.json.id)).toMatchObject({ status: "FINALIZADA", pauseReason: null, progress: { valid: 5, delivered: 1, failed: 4 } });
  });

  test("a shipment whose message the outbox later gives up on (its connection stayed down) is reported as failed", async () => {
    const list = (await call("POST", "/contact-lists", { name: "Lista outbox" })).json;
    await call("POST", "/contact-list-items", { contactListId: list.id, name: "R1", number: "5511983000001" });
    const r = await call("POST", "/campaigns", {
      name: "Outbox",
      message1: "Oi",
      whatsappId: connection.id,
      contactListId: list.id,
      scheduledAt: new Date(clock.now() - 1000).toISOString(),
    });
    const id = r.json.id as number;
    const s = await boot(() => true);
    for (let i = 0; i < 3 && (await show(id)).status !== "FINALIZADA"; i++) await s.tick();
    expect((await show(id)).progress).toMatchObject({ delivered: 1, failed: 0 });
    // The message was stored for sending, then its connection went down before it left: it waits in
    // the outbox past the outbox's timeout, and the retry job gives up on it.
    const ship = (await t.db.select().from(campaignShipping).where(eq(campaignShipping.campaignId, id)).limit(1))[0]!;
    const longAgo = new Date(Date.now() - LIMITS.outboxTimeoutMs - 60_000).toISOString();
    await t.db.update(messages).set({ sendStatus: "queued", updatedAt: longAgo }).where(eq(messages.id, ship.messageId!));
    await retryQueuedMessages(t.deps);
    expect((await show(id)).progress).toMatchObject({ valid: 1, delivered: 0, failed: 1 });
    const [row] = (await call("GET", `/campaigns/${id}/shipping`)).json.shipping;
    expect(row).toMatchObject({ deliveredAt: null, error: "ERR_WAPP_NOT_INITIALIZED" });
    expect(row.failedAt).toBeTruthy();
  });
});
