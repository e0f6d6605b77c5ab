import type { Deps } from "../../core/deps";
import { billableCompanies } from "../companies";
import { invoiceIfDue } from "./billing";

export { INVOICE_LEAD_DAYS } from "./billing";

/**
 * invoices.generate (hourly): every billed company whose due date is less than 20 days away (or past)
 * gets its invoice for that due date, for its plan's value (renewals: a new company got its first at
 * creation); idempotent. Answers how many were created.
 */
export function generateInvoices(deps: Deps, now = new Date(deps.clock.now())): number {
  let created = 0;
  for (const { company, plan } of billableCompanies(deps.db)) if (invoiceIfDue(deps.db, company, plan, now, deps.config.timezone)) created++;
  return created;
}
