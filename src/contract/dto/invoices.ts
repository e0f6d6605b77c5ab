/** The wire shape of an invoice (R-BILL-7). Display status is computed by the web (R-BILL-8). */
export interface InvoiceDto {
  id: number;
  companyId: number;
  detail: string;
  value: number;
  dueDate: string;
  status: "open" | "paid";
  paidAt: string | null;
  createdAt: string;
}

/** POST /subscription: the Pix charge (the spec's `qrcode.qrcode` and `valor.original`). */
export interface PixChargeDto {
  invoiceId: number;
  txid: string;
  valor: { original: string };
  qrcode: { qrcode: string; imagemQrcode: string };
}
