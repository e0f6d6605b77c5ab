import type { InvoiceDto, PixChargeDto } from "@contract/dto/invoices";
import { api } from "./client";
import { listPage } from "./resource";

export type Invoice = InvoiceDto;
export type PixCharge = PixChargeDto;

/** The checkout form (R-BILL-10): step Dados, the plan of step Personalizar, the invoice to pay. */
export interface CheckoutInput {
  firstName: string;
  lastName: string;
  address2: string;
  city: string;
  state: string;
  zipcode: string;
  country: string;
  planId: number;
  invoiceId?: number;
}

/** GET /invoices/all: a page of the company's invoices (super users may name a company: `{ companyId }`). */
export const listInvoices = listPage<"invoices", Invoice>("/invoices/all");
/** POST /subscription: a Pix charge for the invoice. */
export const subscribe = (input: CheckoutInput) => api<PixCharge>("/subscription", { method: "POST", body: input });
/** PUT /invoices/{id} (super users): the payment was confirmed by hand. */
export const markInvoicePaid = (id: number) => api<Invoice>(`/invoices/${id}`, { method: "PUT", body: { status: "paid" } });
