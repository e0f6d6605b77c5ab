import { describe, expect, test } from "bun:test";
import { handleInbound } from "../../src/inbound/receive";
import type { Outgoing } from "../../src/core/channel";
import { makeTestApp } from "../helpers/app";
import { type FakeChannel, inbound, makeConnection } from "../helpers/channel";

const t = await makeTestApp();
// one "second" of campaign pacing lasts 10 ms here
t.deps.config.campaignSecondMs = 10;
const a = await t.newCompany();
const b = await t.newCompany();
const agentA = await t.newUser(a.admin.token);
const { connection, fake } = await makeConnection(t, a.company.id);
const conn = { id: connection.id, companyId: a.company.id };
const tk = a.admin.token;

const call = (method: string, path: string, body?: unknown, token = tk) => t.call(method, path, { token, body });
const textOf = (m: Outgoing) => (m.type === "text" ? m.body : m.type === "media" ? (m.caption ?? "") : "");
const numberOf = (m: Outgoing) => m.to.split("@")[0];

async function newList(name: string, numbers: string[]) {
  const list = (await call("POST", "/contact-lists", { name })).json;
  for (const [i, number] of numbers.entries()) {
    const r = await call("POST", "/contact-list-items", { contactListId: list.id, name: `Pessoa ${i + 1}`, number, email: `p${i + 1}@x.com` });
    expect(r.status).toBe(201);
  }
  return list.id as number;
}

/** Runs the dispatcher until `done` holds (each run lasts up to ~1 s of real time). */
async function dispatchUntil(done: () => Promise<boolean> | boolean, runs = 30) {
  for (let i = 0; i < runs; i++) {
    await t.deps.jobs.runNow("campaigns.dispatch");
    if (await done()) return;
    await Bun.sleep(20);
  }
  throw new Error("dispatcher did not get there");
}
const show = async (id: number) => (await call("GET", `/campaigns/${id}`)).json;
const statusIs = (id: number, status: string) => async () => (await show(id)).status === status;
const past = () => new Date(Date.now() - 1000).toISOString();

await call("POST", "/campaign-settings", {
  settings: { messageInterval: 5, longerIntervalAfter: 5, greaterInterval: 20, variables: [{ key: "loja", value: "Loja Centro" }] },
});

describe("campaign CRUD and rules", () => {
  let listId = 0;
  let draftId = 0;
  test("a draft without schedule is INATIVA; realtime campaign create to the campaign room", async () => {
    listId = await newList("Lista CRUD", ["5511970000001"]);
    const r = await call("POST", "/campaigns", {
      name: "Rascunho",
      message1: "Olá {nome}",
      whatsappId: connection.id,
      contactListId: listId,
      tagListId: "Nenhuma",
      scheduledAt: "",
    });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({
      name: "Rascunho",
      status: "INATIVA",
      confirmation: false,
      scheduledAt: null,
      whatsapp: { id: connection.id },
      contactList: { id: listId, name: "Lista CRUD" },
      tagListId: null,
      progress: { valid: 0, delivered: 0 },
    });
    draftId = r.json.id;
    const f = t.framesOf("campaign").at(-1)!;
    expect(f.frame).toMatchObject({ action: "create", record: { id: draftId } });
    expect(f.rooms).toEqual([`company-${a.company.id}-campaigns`]);
  });

  test("validation: name 2-50, bad date; a scheduled campaign needs a text, a connection and a target", async () => {
    const short = await call("POST", "/campaigns", { name: "x" });
    expect(short).toMatchObject({ status: 400, json: { fields: { name: "validation.tooShort" } } });
    const date = await call("POST", "/campaigns", { name: "Data ruim", scheduledAt: "amanhã" });
    expect(date.json.fields).toEqual({ scheduledAt: "validation.invalid" });
    const later = new Date(Date.now() + 3 * 3600_000).toISOString();
    expect((await call("POST", "/campaigns", { name: "Sem texto", scheduledAt: later, whatsappId: connection.id, contactListId: listId })).json.error).toBe(
      "ERR_CAMPAIGN_NO_MESSAGE",
    );
    expect((await call("POST", "/campaigns", { name: "Sem conexão", message1: "Oi", scheduledAt: later, contactListId: listId })).json.error).toBe(
      "ERR_CAMPAIGN_NO_CONNECTION",
    );
    expect((await call("POST", "/campaigns", { name: "Sem lista", message1: "Oi", scheduledAt: later, whatsappId: connection.id })).json.error).toBe(
      "ERR_CAMPAIGN_NO_TARGET",
    );
    const conf = await call("POST", "/campaigns", {
      name: "Confirma sem texto",
      message1: "Oi",
      confirmation: true,
      scheduledAt: later,
      whatsappId: connection.id,
      contactListId: listId,
    });
    expect(conf.json.error).toBe("ERR_CAMPAIGN_NO_MESSAGE");
  });

  test("edit rules: INATIVA and PROGRAMADA > 1 h ahead are editable; closer than 1 h is not", async () => {
    const far = new Date(Date.now() + 2 * 3600_000).toISOString();
    const base = { name: "Rascunho", message1: "Olá {nome}", whatsappId: connection.id, contactListId: listId };
    const scheduled = await call("PUT", `/campaigns/${draftId}`, { ...base, scheduledAt: far });
    expect(scheduled.json).toMatchObject({ status: "PROGRAMADA", scheduledAt: far });
    const near = await call("PUT", `/campaigns/${draftId}`, { ...base, scheduledAt: new Date(Date.now() + 30 * 60_000).toISOString() });
    expect(near.json.status).toBe("PROGRAMADA");
    const locked = await call("PUT", `/campaigns/${draftId}`, { ...base, name: "Mudou" });
    expect(locked).toMatchObject({ status: 400, json: { error: "ERR_CAMPAIGN_NOT_EDITABLE" } });
    const file = new FormData();
    file.append("file", new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])], "x.png", { type: "image/png" }));
    expect((await t.call("POST", `/campaigns/${draftId}/media-upload`, { token: tk, form: file })).json.error).toBe("ERR_CAMPAIGN_NOT_EDITABLE");
  });

  test("a tag as target becomes a contact list of the tag's contacts", async () => {
    const tag = (await call("POST", "/tags", { name: "Clientes fiéis" })).json;
    const contact = (await call("POST", "/contacts", { name: "Fiel", number: "5511970000099" })).json;
    const ticket = (await call("POST", "/tickets", { contactId: contact.id, status: "open", whatsappId: connection.id })).json;
    expect((await call("PUT", `/ticket-tags/${ticket.id}/${tag.id}`)).status).toBeLessThan(300);
    const r = await call("POST", "/campaigns", { name: "Por tag", message1: "Oi", whatsappId: connection.id, tagListId: tag.id });
    expect(r.status).toBe(201);
    expect(r.json.tagListId).toBe(tag.id);
    expect(r.json.contactList.name).toStartWith("Por tag | TAG: Clientes fiéis - ");
    const items = await call("GET", `/contact-list-items?contactListId=${r.json.contactListId}`);
    expect(items.json.contacts.map((c: { number: string }) => c.number)).toEqual(["5511970000099"]);
    expect((await call("DELETE", `/campaigns/${r.json.id}`)).status).toBe(200);
  });

  test("list with search and paging; agents refused; another company gets 404", async () => {
    const list = await call("GET", "/campaigns?searchParam=rascunho");
    expect(list.json).toMatchObject({ count: 1, hasMore: false });
    expect(list.json.records[0].id).toBe(draftId);
    expect((await call("GET", "/campaigns", undefined, agentA.token)).status).toBe(403);
    expect((await call("POST", "/campaigns", { name: "Do agente" }, agentA.token)).json.error).toBe("ERR_NO_PERMISSION");
    for (const [method, path] of [
      ["GET", `/campaigns/${draftId}`],
      ["PUT", `/campaigns/${draftId}`],
      ["DELETE", `/campaigns/${draftId}`],
      ["POST", `/campaigns/${draftId}/cancel`],
      ["POST", `/campaigns/${draftId}/restart`],
      ["GET", `/campaigns/${draftId}/shipping`],
    ] as const) {
      const r = await call(method, path, method === "PUT" ? { name: "Invasão" } : undefined, b.admin.token);
      expect(r).toMatchObject({ status: 404, json: { error: "ERR_NO_CAMPAIGN_FOUND" } });
    }
    // company B cannot point a campaign at A's connection or list
    expect((await call("POST", "/campaigns", { name: "Alheia", whatsappId: connection.id }, b.admin.token)).json.error).toBe("ERR_NO_WAPP_FOUND");
    expect((await call("POST", "/campaigns", { name: "Alheia", contactListId: listId }, b.admin.token)).json.error).toBe("ERR_NO_CONTACT_LIST_FOUND");
  });

  test("cancel and restart need the right status; a draft can be deleted", async () => {
    expect((await call("POST", `/campaigns/${draftId}/cancel`)).json.error).toBe("ERR_CAMPAIGN_NOT_RUNNING");
    expect((await call("POST", `/campaigns/${draftId}/restart`)).json.error).toBe("ERR_CAMPAIGN_NOT_CANCELLED");
    expect((await call("DELETE", `/campaigns/${draftId}`)).status).toBe(200);
    expect(t.framesOf("campaign").at(-1)!.frame).toEqual({ channel: "campaign", action: "delete", id: draftId });
  });
});

describe("the dispatcher", () => {
  test("runs to FINALIZADA: shipments first, variants rotate, variables filled, pacing with the longer pause, once per contact, closed tickets", async () => {
    const numbers = ["5511971000001", "5511971000002", "5511971000003", "5511971000004", "5511971000005", "5511971000006"];
    const listId = await newList("Lista corrida", numbers);
    const before = fake.sent.length;
    const r = await call("POST", "/campaigns", {
      name: "Corrida",
      message1: "A: oi {nome}, {{firstName}}",
      message2: "B: {loja}",
      message3: "C: {email}",
      whatsappId: connection.id,
      contactListId: listId,
      scheduledAt: past(),
    });
    expect(r.json.status).toBe("PROGRAMADA");
    await dispatchUntil(statusIs(r.json.id, "FINALIZADA"));
    const sent = fake.sent.slice(before);
    expect(sent.map(numberOf)).toEqual(numbers);
    expect(sent.map(textOf)).toEqual(["A: oi Pessoa 1, Pessoa", "B: Loja Centro", "C: p3@x.com", "A: oi Pessoa 4, Pessoa", "B: Loja Centro", "C: p6@x.com"]);
    const c = await show(r.json.id);
    expect(c.progress).toEqual({ valid: 6, delivered: 6, failed: 0, skipped: 0, confirmationRequested: 0, confirmed: 0 });
    expect(c.completedAt).not.toBeNull();
    // 5 s = 50 ms between messages (±15 %), 20 s = 200 ms after every 5th (times recorded with each shipment)
    const report = (await call("GET", `/campaigns/${r.json.id}/shipping`)).json.shipping as { deliveredAt: string }[];
    const stamps = report.map((x) => Date.parse(x.deliveredAt));
    const gaps = stamps.slice(1).map((s, i) => s - stamps[i]);
    for (const g of gaps.slice(0, 4)) expect(g).toBeGreaterThanOrEqual(42);
    expect(gaps[4]).toBeGreaterThanOrEqual(165);
    // the messages sit in closed tickets: nothing waits in the pending list
    const pending = await call("GET", "/tickets?status=pending&showAll=true");
    expect(pending.json.tickets.filter((x: { contact: { number: string } }) => numbers.includes(x.contact.number))).toEqual([]);
    const frames = t.framesOf("campaign").filter((f) => f.frame.action === "update" && "record" in f.frame && f.frame.record.id === r.json.id);
    expect(frames.at(-1)!.frame).toMatchObject({ record: { status: "FINALIZADA", progress: { delivered: 6 } } });
    expect(frames.some((f) => "record" in f.frame && f.frame.record.status === "EM_ANDAMENTO")).toBe(true);
    // a finished campaign runs no more
    await t.deps.jobs.runNow("campaigns.dispatch");
    expect(fake.sent.length).toBe(before + 6);
  });

  test("cancel stops within one interval; restart sends only the rest, never a contact twice", async () => {
    await call("POST", "/campaign-settings", { settings: { messageInterval: 20, longerIntervalAfter: 0 } });
    const numbers = Array.from({ length: 6 }, (_, i) => `55119720000${String(i).padStart(2, "0")}`);
    const listId = await newList("Lista cancela", numbers);
    const before = fake.sent.length;
    const r = await call("POST", "/campaigns", { name: "Cancela", message1: "Oferta", whatsappId: connection.id, contactListId: listId, scheduledAt: past() });
    // cancel while a run is sending (200 ms between messages)
    const run = t.deps.jobs.runNow("campaigns.dispatch");
    while (fake.sent.length - before < 2) await Bun.sleep(5);
    expect((await call("POST", `/campaigns/${r.json.id}/cancel`)).status).toBe(204);
    const atCancel = fake.sent.length;
    await run;
    await t.deps.jobs.runNow("campaigns.dispatch");
    expect(fake.sent.length).toBe(atCancel);
    expect((await show(r.json.id)).progress).toMatchObject({ valid: 6, delivered: 2 });
    expect((await show(r.json.id)).status).toBe("CANCELADA");
    // a cancelled campaign can still be saved
    const saved = await call("PUT", `/campaigns/${r.json.id}`, { name: "Cancela", message1: "Oferta nova", whatsappId: connection.id, contactListId: listId });
    expect(saved.json.status).toBe("CANCELADA");
    expect((await call("DELETE", `/campaigns/${r.json.id}`)).status).toBe(200);
  });

  test("restart after cancel: the remaining contacts get the current text, delivered ones nothing", async () => {
    const numbers = Array.from({ length: 5 }, (_, i) => `55119730000${String(i).padStart(2, "0")}`);
    const listId = await newList("Lista reinicia", numbers);
    const before = fake.sent.length;
    const r = await call("POST", "/campaigns", {
      name: "Reinicia",
      message1: "Texto 1",
      whatsappId: connection.id,
      contactListId: listId,
      scheduledAt: past(),
    });
    const run = t.deps.jobs.runNow("campaigns.dispatch");
    while (fake.sent.length - before < 2) await Bun.sleep(5);
    await call("POST", `/campaigns/${r.json.id}/cancel`);
    await run;
    const put = await call("PUT", `/campaigns/${r.json.id}`, { name: "Reinicia", message1: "Texto 2", whatsappId: connection.id, contactListId: listId });
    expect(put.json).toMatchObject({ status: "CANCELADA", message1: "Texto 2" });
    expect((await call("POST", `/campaigns/${r.json.id}/restart`)).status).toBe(204);
    expect((await show(r.json.id)).status).toBe("EM_ANDAMENTO");
    await dispatchUntil(statusIs(r.json.id, "FINALIZADA"));
    const sent = fake.sent.slice(before);
    expect(sent.map(numberOf).sort()).toEqual(numbers);
    const texts = sent.map(textOf);
    expect(texts).toEqual(["Texto 1", "Texto 1", "Texto 2", "Texto 2", "Texto 2"]);
    expect((await show(r.json.id)).progress).toMatchObject({ valid: 5, delivered: 5 });
  });

  test("a connection that is down makes it wait (visible reason) without using up contacts; it resumes on reconnect", async () => {
    await call("POST", "/campaign-settings", { settings: { messageInterval: 0 } });
    const listId = await newList("Lista queda", ["5511974000001", "5511974000002"]);
    const down = fake as FakeChannel & { status?: string };
    down.status = "DISCONNECTED";
    const before = fake.sent.length;
    const r = await call("POST", "/campaigns", { name: "Queda", message1: "Oi", whatsappId: connection.id, contactListId: listId, scheduledAt: past() });
    await t.deps.jobs.runNow("campaigns.dispatch");
    const waiting = await show(r.json.id);
    expect(waiting).toMatchObject({ status: "EM_ANDAMENTO", pauseReason: "connection", progress: { valid: 2, delivered: 0 } });
    expect(fake.sent.length).toBe(before);
    down.status = "CONNECTED";
    await dispatchUntil(statusIs(r.json.id, "FINALIZADA"));
    expect(fake.sent.length).toBe(before + 2);
    expect((await show(r.json.id)).pauseReason).toBeNull();
  });

  test("sends that keep failing pause the campaign (failures) until resumed", async () => {
    const listId = await newList("Lista falha", ["5511975000001", "5511975000002", "5511975000003", "5511975000004"]);
    const send = fake.send.bind(fake);
    fake.send = async () => {
      throw new Error("blocked");
    };
    const r = await call("POST", "/campaigns", { name: "Falha", message1: "Oi", whatsappId: connection.id, contactListId: listId, scheduledAt: past() });
    await dispatchUntil(async () => (await show(r.json.id)).pauseReason === "failures");
    expect((await show(r.json.id)).progress).toMatchObject({ delivered: 0, failed: 3 });
    fake.send = send;
    expect((await call("POST", `/campaigns/${r.json.id}/resume`)).status).toBe(204);
    await dispatchUntil(statusIs(r.json.id, "FINALIZADA"));
    const report = await call("GET", `/campaigns/${r.json.id}/shipping`);
    expect(
      report.json.shipping.map((s: { failedAt: string | null; deliveredAt: string | null }) => (s.deliveredAt ? "ok" : s.failedAt ? "failed" : "?")),
    ).toEqual(["failed", "failed", "failed", "ok"]);
    // a restart tries the failed ones again
    expect((await call("POST", `/campaigns/${r.json.id}/resume`)).json.error).toBe("ERR_CAMPAIGN_NOT_PAUSED");
  });

  test("confirmation mode: the request goes first, 'sim' confirms (no pending ticket, no bot), then the message", async () => {
    const numbers = ["5511976000001", "5511976000002"];
    const listId = await newList("Lista confirma", numbers);
    const before = fake.sent.length;
    const r = await call("POST", "/campaigns", {
      name: "Confirma",
      message1: "Seu cupom: {cupom}",
      confirmation: true,
      confirmationMessage1: "Posso enviar o cupom, {nome}? Responda SIM",
      whatsappId: connection.id,
      contactListId: listId,
      scheduledAt: past(),
    });
    await dispatchUntil(async () => (await show(r.json.id)).progress.confirmationRequested === 2);
    expect(fake.sent.slice(before).map(textOf)).toEqual(["Posso enviar o cupom, Pessoa 1? Responda SIM", "Posso enviar o cupom, Pessoa 2? Responda SIM"]);
    expect((await show(r.json.id)).status).toBe("EM_ANDAMENTO");
    await handleInbound(t.deps, conn, inbound(numbers[0], "Sim!"));
    await handleInbound(t.deps, conn, inbound(numbers[1], "quanto custa?"));
    await dispatchUntil(async () => (await show(r.json.id)).progress.delivered === 1);
    expect(fake.sent.slice(before).map(textOf).at(-1)).toBe("Seu cupom: {cupom}");
    const c = await show(r.json.id);
    expect(c.progress).toEqual({ valid: 2, delivered: 1, failed: 0, skipped: 0, confirmationRequested: 2, confirmed: 1 });
    const pending = (await call("GET", "/tickets?status=pending&showAll=true")).json.tickets.map((x: { contact: { number: string } }) => x.contact.number);
    expect(pending).toContain(numbers[1]);
    expect(pending).not.toContain(numbers[0]);
    // the second contact never confirmed: the campaign waits for the confirmation window
    await t.deps.jobs.runNow("campaigns.dispatch");
    expect((await show(r.json.id)).status).toBe("EM_ANDAMENTO");
    expect((await call("POST", `/campaigns/${r.json.id}/cancel`)).status).toBe(204);
  });
});

describe("attachments and limits", () => {
  test("the file list's files go first (captioned with their names), then the text with the campaign's attachment", async () => {
    await call("POST", "/campaign-settings", { settings: { messageInterval: 0, longerIntervalAfter: 0 } });
    const files = (await call("POST", "/files", { name: "Catálogo", message: "Veja", options: [{ name: "Tabela de preços" }] })).json;
    const up = new FormData();
    up.append("typeArch", "fileList");
    up.append("files", new File([new TextEncoder().encode("%PDF-1.4\n%test\n")], "tabela.pdf", { type: "application/pdf" }));
    up.append("id", String(files.options[0].id));
    expect((await t.call("POST", `/files/uploadList/${files.id}`, { token: tk, form: up })).status).toBe(200);
    const listId = await newList("Lista anexos", ["5511977000001"]);
    const draft = (
      await call("POST", "/campaigns", {
        name: "Com anexos",
        message1: "Confira {nome}",
        whatsappId: connection.id,
        contactListId: listId,
        fileListId: files.id,
      })
    ).json;
    const png = new FormData();
    png.append("file", new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])], "banner.png", { type: "image/png" }));
    const media = await t.call("POST", `/campaigns/${draft.id}/media-upload`, { token: tk, form: png });
    expect(media.json).toMatchObject({ mediaName: "banner.png" });
    const before = fake.sent.length;
    await call("PUT", `/campaigns/${draft.id}`, {
      name: "Com anexos",
      message1: "Confira {nome}",
      whatsappId: connection.id,
      contactListId: listId,
      fileListId: files.id,
      scheduledAt: past(),
    });
    await dispatchUntil(statusIs(draft.id, "FINALIZADA"));
    const sent = fake.sent.slice(before);
    expect(sent.map((m) => [m.type, m.type === "media" ? m.mimetype : "", textOf(m)])).toEqual([
      ["media", "application/pdf", "Tabela de preços"],
      ["media", "image/png", "Confira Pessoa 1"],
    ]);
    expect((await show(draft.id)).progress).toMatchObject({ valid: 1, delivered: 1 });
    // a finished campaign's attachment can no longer change
    expect((await call("DELETE", `/campaigns/${draft.id}/media-upload`)).json.error).toBe("ERR_CAMPAIGN_NOT_EDITABLE");
  });

  test("the connection's daily cap makes it wait with a visible reason", async () => {
    const other = await makeConnection(t, a.company.id);
    await call("POST", "/campaign-settings", { settings: { dailyLimit: 2 } });
    const listId = await newList("Lista cota", ["5511978000001", "5511978000002", "5511978000003"]);
    const r = await call("POST", "/campaigns", { name: "Cota", message1: "Oi", whatsappId: other.connection.id, contactListId: listId, scheduledAt: past() });
    await dispatchUntil(async () => (await show(r.json.id)).pauseReason === "dailyLimit");
    expect(other.fake.sent.length).toBe(2);
    expect((await show(r.json.id)).progress).toMatchObject({ valid: 3, delivered: 2 });
    await call("POST", "/campaign-settings", { settings: { dailyLimit: 0 } });
    await dispatchUntil(statusIs(r.json.id, "FINALIZADA"));
    expect(other.fake.sent.length).toBe(3);
  });

  test("'send only during opening hours' waits outside them", async () => {
    const closed = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map((weekdayEn) => ({
      weekday: weekdayEn,
      weekdayEn,
      startTime: "00:00",
      endTime: "00:00",
    }));
    expect((await call("PUT", `/companies/${a.company.id}/schedules`, { schedules: closed })).status).toBe(200);
    await call("POST", "/campaign-settings", { settings: { onlyInOpeningHours: true } });
    const listId = await newList("Lista horário", ["5511979000001"]);
    const before = fake.sent.length;
    const r = await call("POST", "/campaigns", { name: "Horário", message1: "Oi", whatsappId: connection.id, contactListId: listId, scheduledAt: past() });
    await t.deps.jobs.runNow("campaigns.dispatch");
    expect(await show(r.json.id)).toMatchObject({ status: "EM_ANDAMENTO", pauseReason: "outOfHours" });
    expect(fake.sent.length).toBe(before);
    await call("POST", "/campaign-settings", { settings: { onlyInOpeningHours: false } });
    await dispatchUntil(statusIs(r.json.id, "FINALIZADA"));
    expect(fake.sent.length).toBe(before + 1);
  });
});
