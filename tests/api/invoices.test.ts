import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { addDays, addMonths, todayDate } from "../../src/lib/dates";
import { companies } from "../../src/modules/companies/schema";
import { generateInvoices } from "../../src/modules/invoices/jobs";
import { makeTestApp } from "../helpers/app";

const t = await makeTestApp();
const root = await t.superSession();
const a = await t.newCompany();
const b = await t.newCompany();
const agentA = await t.newUser(a.admin.token);
const SECRET = "a-shared-secret-of-the-psp-123";

/** CRC16-CCITT (poly 0x1021, init 0xFFFF) as the BR Code spec computes it, written independently of the library. */
function crc16(s: string) {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(s)) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

/** Parses top-level EMV fields (id, length, value). */
function emv(code: string) {
  const out: Record<string, string> = {};
  for (let i = 0; i < code.length; ) {
    const id = code.slice(i, i + 2);
    const len = Number(code.slice(i + 2, i + 4));
    out[id] = code.slice(i + 4, i + 4 + len);
    i += 4 + len;
  }
  return out;
}

const CHECKOUT = { firstName: "Ana Souza", address2: "Rua A, 10", city: "Recife", zipcode: "50000-000", country: "BR" };
const webhook = (body: unknown, secret = SECRET) => t.call("POST", "/subscription/webhook", { body, headers: { "x-webhook-secret": secret } });

describe("invoices", () => {
  test("a sign-up's first invoice exists at once; the hourly job adds no second one for that due date", async () => {
    expect(await generateInvoices(t.deps)).toBe(0);
    expect(await generateInvoices(t.deps)).toBe(0);
  });

  test("GET /invoices/all: the company's own invoices, paged, searched", async () => {
    const r = await t.call("GET", "/invoices/all", { token: a.admin.token });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ count: 1, hasMore: false });
    expect(r.json.invoices[0]).toMatchObject({ companyId: a.company.id, detail: "Plano 1", value: 30, status: "open", dueDate: a.company.dueDate });
    expect((await t.call("GET", "/invoices/all?searchParam=zzz", { token: a.admin.token })).json.count).toBe(0);
    expect((await t.call("GET", "/invoices/all?pageNumber=0", { token: a.admin.token })).status).toBe(400);
  });

  test("cross-company: another company's invoices are out of reach", async () => {
    const r = await t.call("GET", `/invoices/all?companyId=${a.company.id}`, { token: b.admin.token });
    expect(r.status).toBe(403);
    const own = await t.call("GET", "/invoices/all", { token: b.admin.token });
    expect(own.json.invoices.every((i: { companyId: number }) => i.companyId === b.company.id)).toBe(true);
    const idA = (await t.call("GET", "/invoices/all", { token: a.admin.token })).json.invoices[0].id;
    const pay = await t.call("POST", "/subscription", { token: b.admin.token, body: { ...CHECKOUT, invoiceId: idA } });
    expect(pay.status).toBe(404);
    expect(pay.json.error).toBe("ERR_NO_INVOICE_FOUND");
  });
});

describe("Pix checkout and payment", () => {
  test("before the platform's Pix receiver is set, checkout answers ERR_PAYMENT_NOT_CONFIGURED", async () => {
    const r = await t.call("POST", "/subscription", { token: a.admin.token, body: CHECKOUT });
    expect(r.status).toBe(503);
    expect(r.json.error).toBe("ERR_PAYMENT_NOT_CONFIGURED");
  });

  test("only super users set the platform's Pix settings; the secret reads back masked", async () => {
    const denied = await t.call("PUT", "/settings/pixKey", { token: a.admin.token, body: { value: "x@y.z" } });
    expect(denied.status).toBe(403);
    const tooLong = await t.call("PUT", "/settings/pixMerchantCity", { token: root.token, body: { value: "Uma cidade de nome muito longo" } });
    expect(tooLong.json.fields).toEqual({ value: "validation.tooLong" });
    const short = await t.call("PUT", "/settings/pixWebhookSecret", { token: root.token, body: { value: "short" } });
    expect(short.json.fields).toEqual({ value: "validation.tooShort" });
    for (const [key, value] of [
      ["pixKey", "financeiro@balcao.test"],
      ["pixMerchantName", "Balcao Plataforma"],
      ["pixMerchantCity", "Sao Paulo"],
      ["pixWebhookSecret", SECRET],
    ]) {
      const r = await t.call("PUT", `/settings/${key}`, { token: root.token, body: { value } });
      expect(r.status).toBe(200);
    }
    const list = await t.call("GET", "/settings", { token: root.token });
    const map = Object.fromEntries(list.json.map((s: { key: string; value: string }) => [s.key, s.value]));
    expect(map.pixWebhookSecret).toBe("********");
    expect(JSON.stringify(list.json)).not.toContain(SECRET);
    const keep = await t.call("PUT", "/settings/pixWebhookSecret", { token: root.token, body: { value: "********" } });
    expect(keep.json.value).toBe("********");
    const me = await t.call("GET", "/auth/me", { token: root.token });
    expect(JSON.stringify(me.json)).not.toContain(SECRET);
  });

  test("each setting key has its own schema", async () => {
    const bad = await t.call("PUT", "/settings/scheduleType", { token: a.admin.token, body: { value: "sometimes" } });
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toEqual({ value: "validation.invalid" });
    const ok = await t.call("PUT", "/settings/asaas", { token: a.admin.token, body: { value: "token-asaas-123" } });
    expect(ok.json).toEqual({ key: "asaas", value: "********" });
    const agent = await t.call("GET", "/settings", { token: agentA.token });
    expect(JSON.stringify(agent.json)).not.toContain("token-asaas-123");
  });

  let code = "";
  let txid = "";
  let invoiceId = 0;
  test("POST /subscription answers a valid Pix BR Code for the invoice's amount, key and a txid", async () => {
    const r = await t.call("POST", "/subscription", { token: a.admin.token, body: { ...CHECKOUT, price: 1, users: 999 } });
    expect(r.status).toBe(200);
    code = r.json.qrcode.qrcode;
    txid = r.json.txid;
    invoiceId = r.json.invoiceId;
    expect(r.json.valor.original).toBe("30.00");
    expect(r.json.qrcode.imagemQrcode).toStartWith("data:image/png;base64,");
    expect(code.slice(-4)).toBe(crc16(code.slice(0, -4)));
    const f = emv(code);
    expect(f["00"]).toBe("01");
    expect(f["53"]).toBe("986");
    expect(f["54"]).toBe("30.00");
    expect(f["58"]).toBe("BR");
    expect(f["59"]).toBe("BALCAO PLATAFORMA");
    expect(f["26"]).toContain("br.gov.bcb.pix");
    expect(f["26"]).toContain("financeiro@balcao.test");
    expect(emv(f["62"])["05"]).toBe(txid);
    expect(txid).toMatch(/^[A-Z0-9]{25}$/);
  });

  test("checkout validation: the spec's required fields", async () => {
    const r = await t.call("POST", "/subscription", { token: a.admin.token, body: { country: "XX" } });
    expect(r.status).toBe(400);
    expect(r.json.fields).toMatchObject({
      firstName: "validation.required",
      address2: "validation.required",
      city: "validation.required",
      zipcode: "validation.required",
      country: "validation.invalid",
    });
  });

  test("the webhook refuses a missing or wrong secret and changes nothing", async () => {
    expect((await t.call("POST", "/subscription/webhook", { body: { pix: [{ txid, valor: "30.00" }] } })).status).toBe(401);
    const wrong = await webhook({ pix: [{ txid, valor: "30.00" }] }, "wrong-secret-of-same-len!!!!!");
    expect(wrong.status).toBe(401);
    expect(wrong.json.error).toBe("ERR_WEBHOOK_SECRET_INVALID");
    const short = await webhook({ pix: [{ txid, valor: "3.00" }] });
    expect(short.json).toEqual({ ok: true, confirmed: 0 });
    expect((await webhook({ pix: [{ txid: "bad id!", valor: "30.00" }] })).status).toBe(400);
    expect((await webhook({ evento: "teste_webhook" })).json.ok).toBe(true);
    const inv = await t.call("GET", "/invoices/all", { token: a.admin.token });
    expect(inv.json.invoices[0].status).toBe("open");
  });

  test("a paid notification renews once: invoice paid, due date +1 month, payment CONCLUIDA to the company", async () => {
    const before = a.company.dueDate as string;
    const r = await webhook({ pix: [{ txid, valor: "30.00" }] });
    expect(r.json).toEqual({ ok: true, confirmed: 1 });
    const expected = addMonths(before, 1);
    const frame = t.framesOf("payment").at(-1)!;
    expect(frame.frame).toEqual({ channel: "payment", action: "CONCLUIDA", company: { id: a.company.id, dueDate: expected } });
    expect(frame.rooms).toEqual([`company-${a.company.id}-mainchannel`]);
    const replay = await webhook({ pix: [{ txid, valor: "30.00" }] });
    expect(replay.json.confirmed).toBe(0);
    const company = (await t.db.select().from(companies).where(eq(companies.id, a.company.id)).limit(1))[0]!;
    expect(company.dueDate).toBe(expected);
    const inv = await t.call("GET", "/invoices/all", { token: a.admin.token });
    expect(inv.json.invoices.find((i: { id: number }) => i.id === invoiceId)).toMatchObject({ status: "paid" });
    const again = await t.call("POST", "/subscription", { token: a.admin.token, body: { ...CHECKOUT, invoiceId } });
    expect(again.status).toBe(409);
    expect(again.json.error).toBe("ERR_INVOICE_ALREADY_PAID");
  });

  test("a super user marks an invoice paid; admins cannot; twice is once", async () => {
    const inv = (await t.call("GET", "/invoices/all", { token: b.admin.token })).json.invoices[0];
    const denied = await t.call("PUT", `/invoices/${inv.id}`, { token: b.admin.token, body: { status: "paid" } });
    expect(denied.status).toBe(403);
    const bad = await t.call("PUT", `/invoices/${inv.id}`, { token: root.token, body: { status: "open" } });
    expect(bad.status).toBe(400);
    const r = await t.call("PUT", `/invoices/${inv.id}`, { token: root.token, body: { status: "paid" } });
    expect(r.json.status).toBe("paid");
    await t.call("PUT", `/invoices/${inv.id}`, { token: root.token, body: { status: "paid" } });
    const company = (await t.db.select().from(companies).where(eq(companies.id, b.company.id)).limit(1))[0]!;
    expect(company.dueDate).toBe(addMonths(b.company.dueDate, 1));
    expect((await t.call("GET", `/invoices/all?companyId=${b.company.id}`, { token: root.token })).json.count).toBe(1);
  });

  test("a lapsed company still reaches its invoices and checkout, nothing else", async () => {
    await t.db
      .update(companies)
      .set({ dueDate: addDays(todayDate(t.config.timezone), -2) })
      .where(eq(companies.id, a.company.id));
    expect((await t.call("GET", "/users", { token: a.admin.token })).status).toBe(402);
    expect((await t.call("GET", "/invoices/all", { token: a.admin.token })).status).toBe(200);
    await generateInvoices(t.deps);
    const open = (await t.call("GET", "/invoices/all", { token: a.admin.token })).json.invoices.find((i: { status: string }) => i.status === "open");
    expect(open.dueDate).toBe(addDays(todayDate(t.config.timezone), -2));
    const charge = await t.call("POST", "/subscription", { token: a.admin.token, body: { ...CHECKOUT, invoiceId: open.id } });
    expect(charge.status).toBe(200);
    // Paying renews from today (not from the lapsed due date), and the company works again.
    expect((await webhook({ pix: [{ txid: charge.json.txid, valor: "30.00" }] })).json.confirmed).toBe(1);
    const company = (await t.db.select().from(companies).where(eq(companies.id, a.company.id)).limit(1))[0]!;
    expect(company.dueDate).toBe(addMonths(todayDate(t.config.timezone), 1));
    expect((await t.call("GET", "/users", { token: a.admin.token })).status).toBe(200);
  });
});

describe("free plans", () => {
  test("a company on a plan of R$ 0 gets no invoice and no Pix charge", async () => {
    const plan = await t.call("POST", "/plans", { token: root.token, body: { name: "Gratuito", users: 1, connections: 1, queues: 1, value: 0 } });
    const email = `free.${crypto.randomUUID().slice(0, 6)}@test.local`;
    const c = await t.call("POST", "/companies", {
      token: root.token,
      body: { name: "Empresa Gratuita", email, planId: plan.json.id, password: "senha-123", dueDate: addDays(todayDate(t.config.timezone), 3) },
    });
    expect(c.status).toBe(201);
    await generateInvoices(t.deps);
    const s = await t.login(email, "senha-123");
    expect((await t.call("GET", "/invoices/all", { token: s.token })).json.count).toBe(0);
    const pay = await t.call("POST", "/subscription", { token: s.token, body: CHECKOUT });
    expect(pay.status).toBe(400);
    expect((await t.call("GET", "/invoices/all", { token: s.token })).json.count).toBe(0);
  });
});
