import type { Deps } from "../../core/deps";
import { billableCompanies } from "../companies";
import { invoiceIfDue } from "./billing";

export { INVOICE_LEAD_DAYS } from "./billing";

/**
 * invoices.generate (hourly): every billed company whose due date is less than 20 days away (or past)
 * gets its invoice for that due date, for its plan's value (renewals: a new company got its first at
 * creation); idempotent. Answers how many were created.
 */
export async function generateInvoices(deps: Deps, now = new Date(deps.clock.now())): Promise<number> {
  let created = 0;
  for (const { company, plan } of await billableCompanies(deps.db)) if (await invoiceIfDue(deps.db, company, plan, now, deps.config.timezone)) created++;
  return created;
}
