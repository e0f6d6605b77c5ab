import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../core/db";
import { daysUntil, nowIso } from "../../lib/dates";
import { type InvoiceRow, invoices } from "./schema";

/** An invoice is issued this many days before the company's due date (R-BILL-7). */
export const INVOICE_LEAD_DAYS = 20;

/**
 * The invoice of a company for one due date, created when missing: the unique index on (company, due
 * date) makes a second insert a no-op, whoever comes second (the creating transaction, the hourly job,
 * a checkout). Answers the row and whether this call created it.
 */
export async function ensureInvoice(
  db: DbOrTx,
  c: { id: number; dueDate: string },
  plan: { name: string; value: number },
): Promise<{ row: InvoiceRow; created: boolean }> {
  const now = nowIso();
  const inserted = await db
    .insert(invoices)
    .values({ companyId: c.id, detail: plan.name, value: plan.value, dueDate: c.dueDate, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning({ id: invoices.id });
  const row = (
    await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.companyId, c.id), eq(invoices.dueDate, c.dueDate)))
      .limit(1)
  )[0] as InvoiceRow;
  return { row, created: inserted.length > 0 };
}

/**
 * The invoice a company is due now, issued once (R-BILL-7): a billed company (not the
 * platform's, with a due date, on a paid plan) whose due date is less than INVOICE_LEAD_DAYS away or
 * past. Called by the hourly job for renewals and in the transaction that creates a company, so a new
 * trial can see and pay its first invoice at once. Answers whether an invoice was created.
 */
export async function invoiceIfDue(
  db: DbOrTx,
  company: { id: number; dueDate: string | null; isPlatform: boolean },
  plan: { name: string; value: number },
  now: Date,
  tz: string,
): Promise<boolean> {
  // free plans are not billed
  if (company.isPlatform || !company.dueDate || plan.value <= 0 || daysUntil(company.dueDate, tz, now) >= INVOICE_LEAD_DAYS) return false;
  return (await ensureInvoice(db, { id: company.id, dueDate: company.dueDate }, plan)).created;
}
