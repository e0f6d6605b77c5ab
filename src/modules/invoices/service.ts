import { can } from "../../contract/permissions";
import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { Page } from "../../contract/dto/common";
import type { InvoiceDto } from "../../contract/dto/invoices";
import { LIMITS } from "../../contract/limits";
import type { DbOrTx } from "../../core/db";
import { containsAny } from "../../db/paging";
import { type AuditActor, audit } from "../audit";
import type { Ctx, Deps } from "../../core/deps";
import { notFound } from "../../core/errors";
import { nowIso, renewDueDate, todayDate } from "../../lib/dates";
import { log } from "../../lib/logger";
import { rooms } from "../../contract/rooms";
import { requirePermission } from "../../core/policy";
import { renewCompany } from "../companies";
import { companies } from "../companies";
import { type InvoiceRow, invoices } from "./schema";

const PAGE = LIMITS.pageSize;
export const countWhere = async (db: DbOrTx, where: SQL | undefined) => (await db.select({ n: count() }).from(invoices).where(where).limit(1))[0]?.n ?? 0;

/** The public shape of an invoice. */
export function serializeInvoice(i: InvoiceRow): InvoiceDto {
  return { id: i.id, companyId: i.companyId, detail: i.detail, value: i.value, dueDate: i.dueDate, status: i.status, paidAt: i.paidAt, createdAt: i.createdAt };
}

/** GET /invoices/all: the caller's company invoices, newest first, searched by detail; super users may name a company. */
export async function listInvoices(ctx: Ctx, q: { searchParam: string; pageNumber: number; companyId?: number }): Promise<Page<"invoices", InvoiceDto>> {
  let companyId = ctx.companyId;
  if (q.companyId && q.companyId !== ctx.companyId) {
    requirePermission(ctx, "platform:invoices");
    companyId = q.companyId;
  }
  const where = q.searchParam ? and(eq(invoices.companyId, companyId), containsAny(q.searchParam, invoices.detail)) : eq(invoices.companyId, companyId);
  const total = await countWhere(ctx.db, where);
  const rows = await ctx.db
    .select()
    .from(invoices)
    .where(where)
    .orderBy(desc(invoices.dueDate), desc(invoices.id))
    .limit(PAGE)
    .offset((q.pageNumber - 1) * PAGE);
  return { invoices: rows.map(serializeInvoice), count: total, hasMore: total > q.pageNumber * PAGE };
}

/** An invoice of the caller's company (super users: any), else 404. */
export async function reachableInvoice(ctx: Ctx, id: number): Promise<InvoiceRow> {
  const row = (await ctx.db.select().from(invoices).where(eq(invoices.id, id)).limit(1))[0];
  if (!row || (row.companyId !== ctx.companyId && !can(ctx.user, "platform:invoices"))) throw notFound("ERR_NO_INVOICE_FOUND");
  return row;
}

/** Stores the txid (and chosen plan and value) of a new Pix charge on an open invoice. */
export async function attachCharge(db: DbOrTx, invoiceId: number, txid: string, plan: { id: number; name: string; value: number }) {
  await db.update(invoices).set({ txid, planId: plan.id, detail: plan.name, value: plan.value, updatedAt: nowIso() }).where(eq(invoices.id, invoiceId));
}

/**
 * Confirms the payment of an invoice, exactly once: the invoice becomes paid, the company's due date
 * moves by its recurrence (from the latest of its due date, the invoice's and today) and it moves to the plan
 * chosen at checkout; the company then receives `payment` CONCLUIDA. A second confirmation changes
 * nothing and answers false.
 */
export async function confirmPayment(deps: Deps, invoiceId: number, source: string, actorOf?: AuditActor): Promise<boolean> {
  const result = await deps.db.transaction(async (tx) => {
    const inv = (await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).limit(1))[0];
    if (!inv || inv.status === "paid") return null;
    const company = (await tx.select().from(companies).where(eq(companies.id, inv.companyId)).limit(1))[0];
    if (!company) return null;
    // From the later of the company's and the invoice's due date; a lapsed company renews from today.
    const today = todayDate(deps.config.timezone, new Date(deps.clock.now()));
    const base = [company.dueDate ?? "", inv.dueDate, today].reduce((a, b) => (a > b ? a : b));
    const dueDate = renewDueDate(base, company.recurrence);
    const now = nowIso();
    const paid = await tx
      .update(invoices)
      .set({ status: "paid", paidAt: now, updatedAt: now })
      .where(and(eq(invoices.id, inv.id), eq(invoices.status, "open")))
      .returning({ id: invoices.id });
    if (paid.length !== 1) return null;
    await renewCompany(tx, company.id, dueDate, inv.planId ?? undefined);
    const actor = actorOf ?? { type: "system" as const, id: null, name: source };
    await audit({ db: tx, companyId: company.id, actor }, "invoice.paid", { type: "invoice", id: inv.id }, { dueDate: [company.dueDate, dueDate] }, tx);
    return { companyId: company.id, dueDate };
  });
  if (!result) return false;
  log.info("invoice paid", { invoiceId, source, companyId: result.companyId, dueDate: result.dueDate });
  deps.hub.publish(rooms.main(result.companyId), { channel: "payment", action: "CONCLUIDA", company: { id: result.companyId, dueDate: result.dueDate } });
  return true;
}

/** PUT /invoices/{id} {status: "paid"} (super users): a payment confirmed by hand. */
export async function markInvoicePaid(ctx: Ctx, id: number) {
  requirePermission(ctx, "platform:invoices");
  const inv = await reachableInvoice(ctx, id);
  await confirmPayment(ctx, inv.id, `super user ${ctx.user.id}`, { type: "user", id: ctx.user.id, name: `${ctx.user.name} <${ctx.user.email}>` });
  return serializeInvoice(await reachableInvoice(ctx, id));
}

/** Finds the invoice a Pix charge was made for. */
export const invoiceByTxid = async (db: DbOrTx, txid: string) => (await db.select().from(invoices).where(eq(invoices.txid, txid)).limit(1))[0];
