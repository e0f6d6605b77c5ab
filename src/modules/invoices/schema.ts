import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { companyRow } from "../companies/schema";
import { timestamps } from "../../db/columns";

/** A bill of a company for one period (R-BILL-7); one per company and due date. */
export const invoices = sqliteTable(
  "invoices",
  {
    ...companyRow(),
    detail: text("detail").notNull(),
    value: real("value").notNull(),
    /** The company's due date this invoice pays (YYYY-MM-DD). */
    dueDate: text("due_date").notNull(),
    status: text("status", { enum: ["open", "paid"] })
      .notNull()
      .default("open"),
    /** The plan chosen at checkout (the company moves to it when paid). */
    planId: integer("plan_id"),
    /** The txid of the last Pix charge made for it (the PSP's notification names it). */
    txid: text("txid"),
    paidAt: text("paid_at"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("invoices_company_due_uq").on(t.companyId, t.dueDate),
    uniqueIndex("invoices_txid_uq").on(t.txid),
    index("invoices_company_id_idx").on(t.companyId, t.id),
  ],
);
export type InvoiceRow = typeof invoices.$inferSelect;
