/** The invoices module's public API: what other modules, the inbound path, the HTTP routes, the jobs and ops may use. */
export { invoiceIfDue } from "./billing";
export { generateInvoices } from "./jobs";
export { createPixCharge, handlePixWebhook } from "./pix";
export { listInvoices, markInvoicePaid } from "./service";
