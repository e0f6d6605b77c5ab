import { and, eq } from "drizzle-orm";
import type { Deps } from "../../http/context";
import { daysUntil } from "../../lib/dates";
import { billableCompanies } from "../companies/queries";
import { invoices } from "./schema";
import { countWhere, ensureInvoice } from "./service";

/** An invoice is issued this many days before the company's due date (BEHAVIOUR.md §8.1). */
export const INVOICE_LEAD_DAYS = 20;

/**
 * invoices.generate (hourly): every billed company whose due date is less than 20 days away (or past)
 * gets its invoice for that due date, for its plan's value; idempotent. Answers how many were created.
 */
export function generateInvoices(deps: Deps, now = new Date(deps.clock.now())): number {
  let created = 0;
  for (const { company, plan } of billableCompanies(deps.db)) {
    // Free plans are not billed.
    if (!company.dueDate || plan.value <= 0 || daysUntil(company.dueDate, now) >= INVOICE_LEAD_DAYS) continue;
    const before = countWhere(deps.db, and(eq(invoices.companyId, company.id), eq(invoices.dueDate, company.dueDate)));
    ensureInvoice(deps.db, { id: company.id, dueDate: company.dueDate }, plan);
    if (before === 0) created++;
  }
  return created;
}
