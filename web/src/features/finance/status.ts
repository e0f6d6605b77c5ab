import type { Invoice } from "../../api/invoices";
import { daysUntil } from "../../lib/format";

/** R-BILL-8: Pago if paid; Vencido if the due date is before today and unpaid; otherwise Em Aberto. */
export function invoiceStatus(i: Invoice): "paid" | "overdue" | "open" {
  if (i.status === "paid") return "paid";
  return daysUntil(i.dueDate) < 0 ? "overdue" : "open";
}
