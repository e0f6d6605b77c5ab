import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { handleInbound } from "../../src/inbound/receive";
import type { Outgoing } from "../../src/core/channel";
import { autoText } from "../../src/contract/auto-texts";
import { CAMPAIGN_OPT_OUT_WORDS, LIMITS } from "../../src/contract/limits";
import { nowIso } from "../../src/lib/dates";
import { companies } from "../../src/modules/companies/schema";
import { plans } from "../../src/modules/plans/schema";
import { tickets } from "../../src/modules/tickets/schema";
import { StorageGuard } from "../../src/ops/storage";
import { makeTestApp } from "../helpers/app";
import { inbound, makeConnection } from "../helpers/channel";

const t = await makeTestApp();
t.deps.config.campaignSecondMs = 1;
const a = await t.newCompany();
const b = await t.newCompany();
const agentA = await t.newUser(a.admin.token);
const { connection, fake } = await makeConnection(t, a.company.id);
const conn = { id: connection.id, companyId: a.company.id };
const tk = a.admin.token;

const call = (method: string, path: string, body?: unknown, token = tk) => t.call(method, path, { token, body });
const textOf = (m: Outgoing) => (m.type === "text" ? m.body : "");
const numberOf = (m: Outgoing) => m.to.split("@")[0];
const sentTo = (number: string) => fake.sent.filter((m) => numberOf(m) === number).map(textOf);

async function newList(numbers: string[]) {
  const list = (await call("POST", "/contact-lists", { name: `Lista ${crypto.randomUUID().slice(0, 6)}` })).json;
  for (const [i, number] of numbers.entries()) {
    const r = await call("POST", "/contact-list-items", { contactListId: list.id, name: `Pessoa ${i + 1}`, number });
    expect(r.status).toBe(201);
  }
  return list.id as number;
}
async function draft(numbers: string[], fields: Record<string, unknown> = {}) {
  const r = await call("POST", "/campaigns", {
    name: `Campanha ${crypto.randomUUID().slice(0, 6)}`,
    message1: "Promoção de hoje!",
    whatsappId: connection.id,
    contactListId: await newList(numbers),
    ...fields,
  });
  expect(r.status).toBe(201);
  return r.json.id as number;
}
async function dispatchUntil(done: () => boolean | Promise<boolean>, runs = 30) {
  for (let i = 0; i < runs; i++) {
    await t.deps.jobs.runNow("campaigns.dispatch");
    if (await done()) return;
    await Bun.sleep(10);
  }
  throw new Error("dispatcher did not get there");
}
const show = async (id: number) => (await call("GET", `/campaigns/${id}`)).json;
const finished = (id: number) => async () => (await show(id)).status === "FINALIZADA";
const contactByNumber = async (number: string) =>
  (await call("GET", `/contacts?searchParam=${number}`)).json.contacts.find((c: { number: string }) => c.number === number);

await call("POST", "/campaign-settings", { settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 } });

describe("start now", () => {
  test("a draft starts at once: EM_ANDAMENTO with its shipments, start time now, then it runs to FINALIZADA", async () => {
    const numbers = ["5511972000001", "5511972000002", "5511972000003"];
    const id = await draft(numbers);
    const before = Date.now();
    const r = await call("POST", `/campaigns/${id}/start`);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ id, status: "EM_ANDAMENTO", progress: { valid: 3, delivered: 0, failed: 0, skipped: 0 } });
    expect(Date.parse(r.json.scheduledAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(t.framesOf("campaign").at(-1)!.frame).toMatchObject({ action: "update", record: { id, status: "EM_ANDAMENTO" } });
    await dispatchUntil(finished(id));
    for (const n of numbers) expect(sentTo(n)).toEqual(["Promoção de hoje!"]);
    expect((await show(id)).progress).toMatchObject({ valid: 3, delivered: 3 });
  });

  test("a campaign scheduled for later starts now too", async () => {
    const later = new Date(Date.now() + 5 * 3600_000).toISOString();
    const id = await draft(["5511972000011"], { scheduledAt: later });
    expect((await show(id)).status).toBe("PROGRAMADA");
    expect((await call("POST", `/campaigns/${id}/start`)).json.status).toBe("EM_ANDAMENTO");
    await dispatchUntil(finished(id));
    expect(sentTo("5511972000011")).toEqual(["Promoção de hoje!"]);
  });

  test("two starts at once: one starts it, the other answers 409; every contact gets the message once", async () => {
    const numbers = ["5511972000021", "5511972000022"];
    const id = await draft(numbers);
    const both = await Promise.all([call("POST", `/campaigns/${id}/start`), call("POST", `/campaigns/${id}/start`)]);
    expect(both.map((x) => x.status).sort()).toEqual([200, 409]);
    expect(both.find((x) => x.status === 409)!.json.error).toBe("ERR_CAMPAIGN_RUNNING");
    await dispatchUntil(finished(id));
    for (const n of numbers) expect(sentTo(n)).toEqual(["Promoção de hoje!"]);
    expect((await show(id)).progress.valid).toBe(2);
  });

  test("the state machine: a finished or cancelled campaign does not start (restart is for cancelled ones); a campaign must be runnable", async () => {
    const done = await draft(["5511972000031"]);
    await call("POST", `/campaigns/${done}/start`);
    await dispatchUntil(finished(done));
    expect(await call("POST", `/campaigns/${done}/start`)).toMatchObject({ status: 400, json: { error: "ERR_CAMPAIGN_NOT_STARTABLE" } });
    const running = await draft(["5511972000032"], { scheduledAt: new Date(Date.now() + 3600_000 * 3).toISOString() });
    await call("POST", `/campaigns/${running}/start`);
    expect((await call("POST", `/campaigns/${running}/cancel`)).status).toBe(204);
    expect((await call("POST", `/campaigns/${running}/start`)).json.error).toBe("ERR_CAMPAIGN_NOT_STARTABLE");
    const empty = (await call("POST", "/campaigns", { name: "Sem texto", whatsappId: connection.id, contactListId: await newList(["5511972000033"]) })).json.id;
    expect((await call("POST", `/campaigns/${empty}/start`)).json.error).toBe("ERR_CAMPAIGN_NO_MESSAGE");
    const noConn = (await call("POST", "/campaigns", { name: "Sem conexão", message1: "Oi", contactListId: await newList(["5511972000034"]) })).json.id;
    expect((await call("POST", `/campaigns/${noConn}/start`)).json.error).toBe("ERR_CAMPAIGN_NO_CONNECTION");
    expect((await show(empty)).status).toBe("INATIVA");
  });

  test("a full disk refuses the start with ERR_STORAGE_LOW and leaves the campaign as it was", async () => {
    const id = await draft(["5511972000041"]);
    const previous = t.deps.storage;
    t.deps.storage = new StorageGuard(t.config.dataDir, { lowBytes: Number.MAX_SAFE_INTEGER, ballastBytes: 0 });
    try {
      expect((await call("POST", `/campaigns/${id}/start`)).json.error).toBe("ERR_STORAGE_LOW");
    } finally {
      t.deps.storage = previous;
    }
    expect((await show(id)).status).toBe("INATIVA");
  });

  test("permissions: agents are refused, another company gets 404, a plan without campaigns is refused", async () => {
    const id = await draft(["5511972000051"]);
    expect(await call("POST", `/campaigns/${id}/start`, undefined, agentA.token)).toMatchObject({ status: 403, json: { error: "ERR_NO_PERMISSION" } });
    expect(await call("POST", `/campaigns/${id}/start`, undefined, b.admin.token)).toMatchObject({ status: 404, json: { error: "ERR_NO_CAMPAIGN_FOUND" } });
    expect((await show(id)).status).toBe("INATIVA");
    const now = nowIso();
    const plan = (
      await t.db
        .insert(plans)
        .values({
          name: `Sem campanhas ${crypto.randomUUID().slice(0, 4)}`,
          users: 5,
          connections: 5,
          queues: 5,
          value: 10,
          useCampaigns: false,
          createdAt: now,
          updatedAt: now,
        })
        .returning()
    )[0];
    const c = await t.newCompany();
    await t.db.update(companies).set({ planId: plan.id }).where(eq(companies.id, c.company.id));
    expect(await call("POST", `/campaigns/${id}/start`, undefined, c.admin.token)).toMatchObject({ status: 403, json: { feature: "useCampaigns" } });
  });
});

describe("opt-out", () => {
  const optOut = "5511973000001";
  const other = "5511973000002";
  test("an opt-out word answering a campaign marks the contact, confirms once in the company's language, and the ticket does not wait", async () => {
    const id = await draft([optOut, other]);
    await call("POST", `/campaigns/${id}/start`);
    await dispatchUntil(finished(id));
    const before = fake.sent.length;
    await handleInbound(t.deps, conn, inbound(optOut, "  Sair! "));
    const contact = await contactByNumber(optOut);
    expect(contact.optedOutAt).not.toBeNull();
    expect(t.framesOf("contact").at(-1)!.frame).toMatchObject({ action: "update", contact: { id: contact.id, optedOutAt: contact.optedOutAt } });
    expect(fake.sent.slice(before).map(textOf)).toEqual([autoText("optOutConfirmation", "pt-BR")]);
    // the answer stays in the history, but nothing waits for an agent and the bot said nothing else
    const ticket = (await t.db.select().from(tickets).where(eq(tickets.contactId, contact.id)).limit(1))[0]!;
    expect(ticket.status).toBe("closed");
    // the customer's "no" is in the company's audit log, by the system
    const log = (await call("GET", "/audit?event=contact.opted-out")).json.entries;
    expect(log[0]).toMatchObject({ event: "contact.opted-out", actorType: "system", targetType: "contact", targetId: String(contact.id) });
    // saying it again changes nothing and sends nothing
    await handleInbound(t.deps, conn, inbound(optOut, "PARAR"));
    expect(fake.sent.length).toBe(before + 1);
    expect((await contactByNumber(optOut)).optedOutAt).toBe(contact.optedOutAt);
  });

  test("every later campaign skips the contact: the shipment is recorded as skipped and the report counts it", async () => {
    const id = await draft([optOut, other]);
    const sentBefore = sentTo(optOut).length;
    const started = await call("POST", `/campaigns/${id}/start`);
    expect(started.json.progress).toMatchObject({ valid: 2, skipped: 1 });
    await dispatchUntil(finished(id));
    expect(sentTo(optOut).length).toBe(sentBefore);
    expect((await show(id)).progress).toMatchObject({ valid: 2, delivered: 1, skipped: 1, failed: 0 });
    const report = (await call("GET", `/campaigns/${id}/shipping`)).json.shipping;
    expect(report.find((s: { number: string }) => s.number === optOut)).toMatchObject({ deliveredAt: null, failedAt: null, error: "ERR_CONTACT_OPTED_OUT" });
    expect(report.find((s: { number: string }) => s.number === optOut).skippedAt).not.toBeNull();
  });

  test("an opt-out while a campaign is running skips what it had not sent yet", async () => {
    const n1 = "5511973000011";
    const n2 = "5511973000012";
    const first = await draft([n1]);
    await call("POST", `/campaigns/${first}/start`);
    await dispatchUntil(finished(first));
    const second = await draft([n2, n1], { scheduledAt: new Date(Date.now() + 3 * 3600_000).toISOString() });
    await call("POST", `/campaigns/${second}/start`);
    await handleInbound(t.deps, conn, inbound(n1, "stop"));
    await dispatchUntil(finished(second));
    expect(sentTo(n1)).toEqual(["Promoção de hoje!", autoText("optOutConfirmation", "pt-BR")]);
    expect((await show(second)).progress).toMatchObject({ delivered: 1, skipped: 1 });
  });

  test("an opt-out word from someone who got no campaign is an ordinary message", async () => {
    const n = "5511973000021";
    await handleInbound(t.deps, conn, inbound(n, "STOP"));
    expect((await contactByNumber(n)).optedOutAt).toBeNull();
    expect(sentTo(n).includes(autoText("optOutConfirmation", "pt-BR"))).toBe(false);
    // and a sentence merely containing the word is no opt-out
    const m = "5511973000022";
    const id = await draft([m]);
    await call("POST", `/campaigns/${id}/start`);
    await dispatchUntil(finished(id));
    await handleInbound(t.deps, conn, inbound(m, "quero sair mais tarde"));
    expect((await contactByNumber(m)).optedOutAt).toBeNull();
  });

  test("the company edits its words and its confirmation; the defaults come in the three languages; bounds are checked", async () => {
    const defaults = (await call("GET", "/campaign-settings")).json as { key: string; value: string }[];
    expect(JSON.parse(defaults.find((s) => s.key === "optOutWords")!.value)).toEqual([...CAMPAIGN_OPT_OUT_WORDS]);
    expect(CAMPAIGN_OPT_OUT_WORDS).toEqual(expect.arrayContaining(["SAIR", "PARAR", "STOP", "CANCELAR", "DESCADASTRAR", "UNSUBSCRIBE", "BAJA"]));
    const saved = await call("POST", "/campaign-settings", {
      settings: { optOutWords: ["chega", "Nunca mais"], optOutConfirmation: "Ok, {{firstName}}: removido." },
    });
    expect(saved.status).toBe(200);
    const n = "5511973000031";
    const id = await draft([n]);
    await call("POST", `/campaigns/${id}/start`);
    await dispatchUntil(finished(id));
    await handleInbound(t.deps, conn, inbound(n, "SAIR"));
    expect((await contactByNumber(n)).optedOutAt).toBeNull();
    await handleInbound(t.deps, conn, inbound(n, "nunca MAIS."));
    expect((await contactByNumber(n)).optedOutAt).not.toBeNull();
    expect(sentTo(n).at(-1)).toBe("Ok, {{firstName}}: removido.");
    const tooMany = await call("POST", "/campaign-settings", {
      settings: { optOutWords: Array.from({ length: LIMITS.optOutWordsMax + 1 }, (_, i) => `w${i}`) },
    });
    expect(tooMany.json.fields).toEqual({ "settings.optOutWords": "validation.tooLong" });
    const tooLong = await call("POST", "/campaign-settings", { settings: { optOutWords: ["x".repeat(LIMITS.optOutWordMax + 1)] } });
    expect(tooLong.json.fields).toEqual({ "settings.optOutWords.0": "validation.tooLong" });
    const blank = await call("POST", "/campaign-settings", { settings: { optOutWords: ["  "] } });
    expect(blank.json.fields).toEqual({ "settings.optOutWords.0": "validation.required" });
    expect((await call("POST", "/campaign-settings", { settings: { optOutWords: ["sair"] } }, agentA.token)).status).toBe(403);
    await call("POST", "/campaign-settings", { settings: { optOutWords: [...CAMPAIGN_OPT_OUT_WORDS], optOutConfirmation: "" } });
  });

  test("an admin sees and clears the flag; the contact then gets campaigns again; agents and other companies cannot", async () => {
    const contact = await contactByNumber(optOut);
    expect(await call("PUT", `/contacts/${contact.id}/opt-out`, { optedOut: "no" }, agentA.token)).toMatchObject({
      status: 403,
      json: { error: "ERR_NO_PERMISSION" },
    });
    expect(await call("PUT", `/contacts/${contact.id}/opt-out`, { optedOut: false }, b.admin.token)).toMatchObject({
      status: 404,
      json: { error: "ERR_NO_CONTACT_FOUND" },
    });
    expect((await call("PUT", `/contacts/${contact.id}/opt-out`, { optedOut: "no" })).json.fields).toEqual({ optedOut: "validation.invalid" });
    // agents see it
    expect((await call("GET", `/contacts/${contact.id}`, undefined, agentA.token)).json.optedOutAt).toBe(contact.optedOutAt);
    const cleared = await call("PUT", `/contacts/${contact.id}/opt-out`, { optedOut: false });
    expect(cleared.json.optedOutAt).toBeNull();
    const id = await draft([optOut]);
    const before = sentTo(optOut).length;
    await call("POST", `/campaigns/${id}/start`);
    await dispatchUntil(finished(id));
    expect(sentTo(optOut).length).toBe(before + 1);
    // an admin may mark a contact out by hand (asked by phone): a campaign already running skips
    // them at send time, and no confirmation is sent for it
    const running = await draft([optOut]);
    await call("POST", `/campaigns/${running}/start`);
    const marked = await call("PUT", `/contacts/${contact.id}/opt-out`, { optedOut: true });
    expect(marked.json.optedOutAt).not.toBeNull();
    await dispatchUntil(finished(running));
    expect(sentTo(optOut).length).toBe(before + 1);
    expect((await show(running)).progress).toMatchObject({ valid: 1, delivered: 0, skipped: 1 });
  });
});
