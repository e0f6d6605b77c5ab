/**
 * Billing that starts at once (issue 22): a new company (self-sign-up or created by a super user)
 * gets its first invoice in the transaction that creates it, so /invoices lists it and the checkout
 * works within seconds; the hourly job stays for renewals and never issues a second invoice for one
 * due date, whichever runs first, also when both run together.
 */
import { describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { addDays, nowIso, todayDate } from "../../src/lib/dates";
import { companies } from "../../src/modules/companies/schema";
import { invoiceIfDue } from "../../src/modules/invoices/billing";
import { generateInvoices } from "../../src/modules/invoices/jobs";
import { invoices } from "../../src/modules/invoices/schema";
import { makeTestApp } from "../helpers/app";

const t = await makeTestApp();
const root = await t.superSession();
const invoicesOf = async (companyId: number) => await t.db.select().from(invoices).where(eq(invoices.companyId, companyId));
let ip = 0;
const signup = (name: string) =>
  t.call("POST", "/companies/cadastro", {
    body: { name, email: `${name.replace(/\W/g, "").toLowerCase()}@billing.test`, password: "secret-123", planId: 1 },
    headers: { "x-forwarded-for": `10.7.0.${++ip}` },
  });

describe("the first invoice", () => {
  test("a self-sign-up lists its open invoice at once, for its plan and trial due date", async () => {
    const a = await t.newCompany();
    const r = await t.call("GET", "/invoices/all", { token: a.admin.token });
    expect(r.json.count).toBe(1);
    expect(r.json.invoices[0]).toMatchObject({ status: "open", detail: "Plano 1", value: 30, dueDate: a.company.dueDate, companyId: a.company.id });
    expect(await generateInvoices(t.deps)).toBe(0);
    expect(await invoicesOf(a.company.id)).toHaveLength(1);
  });

  test("a company a super user creates is billed at once when it is due; a due date far away waits for the job; none without one", async () => {
    const soon = await t.call("POST", "/companies", {
      token: root.token,
      body: { name: "Criada Agora", email: "agora@billing.test", planId: 1, dueDate: addDays(todayDate(t.config.timezone), 5) },
    });
    expect(soon.status).toBe(201);
    expect((await invoicesOf(soon.json.id)).map((i) => i.dueDate)).toEqual([addDays(todayDate(t.config.timezone), 5)]);
    const later = await t.call("POST", "/companies", {
      token: root.token,
      body: { name: "Criada Longe", email: "longe@billing.test", planId: 1, dueDate: addDays(todayDate(t.config.timezone), 60) },
    });
    expect(await invoicesOf(later.json.id)).toHaveLength(0);
    const none = await t.call("POST", "/companies", { token: root.token, body: { name: "Sem Vencimento", email: "sem@billing.test", planId: 1 } });
    expect(await invoicesOf(none.json.id)).toHaveLength(0);
    // 40 days later the job issues the far one's, once
    const inForty = new Date(Date.now() + 41 * 86_400_000);
    expect(await generateInvoices(t.deps, inForty)).toBeGreaterThanOrEqual(1);
    expect(await generateInvoices(t.deps, inForty)).toBe(0);
    expect(await invoicesOf(later.json.id)).toHaveLength(1);
  });
});

describe("never two invoices for one due date", () => {
  test("job first, then the creation path: the second is a no-op", async () => {
    // a company from before this rule: no invoice yet
    const now = nowIso();
    const c = (
      await t.db
        .insert(companies)
        .values({ name: "Antiga", planId: 1, dueDate: addDays(todayDate(t.config.timezone), 3), createdAt: now, updatedAt: now })
        .returning()
    )[0];
    expect(await generateInvoices(t.deps)).toBe(1);
    expect(await invoiceIfDue(t.db, c, { name: "Plano 1", value: 30 }, new Date(), t.config.timezone)).toBe(false);
    expect(await invoicesOf(c.id)).toHaveLength(1);
  });

  test("the database refuses a second invoice for the same company and due date", async () => {
    const [first] = await invoicesOf((await t.db.select().from(companies).where(eq(companies.name, "Antiga")).limit(1))[0]!.id);
    const now = nowIso();
    expect(
      async () =>
        await t.db.insert(invoices).values({ companyId: first.companyId, detail: "x", value: 1, dueDate: first.dueDate, createdAt: now, updatedAt: now }),
    ).toThrow();
  });

  test("sign-ups and job runs together: each new company has exactly one invoice", async () => {
    const names = Array.from({ length: 8 }, (_, i) => `Paralela ${i}`);
    const results = await Promise.all([
      ...names.map((n) => signup(n)),
      ...Array.from({ length: 4 }, () => t.deps.jobs.runNow("invoices.generate")),
      ...Array.from({ length: 4 }, async () => generateInvoices(t.deps)),
    ]);
    for (const r of results.slice(0, names.length) as { status: number }[]) expect(r.status).toBe(201);
    for (const n of names) {
      const c = (await t.db.select().from(companies).where(eq(companies.name, n)).limit(1))[0]!;
      expect(
        await t.db
          .select()
          .from(invoices)
          .where(and(eq(invoices.companyId, c.id), eq(invoices.dueDate, c.dueDate!))),
      ).toHaveLength(1);
    }
  });
});
