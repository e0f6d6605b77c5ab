import { useSignals } from "@preact/signals-react/runtime";
import { useState } from "react";
import { navigate } from "wouter/use-browser-location";
import { type Invoice, listInvoices } from "../../api/invoices";
import { Badge } from "../../components/Badge";
import { Button } from "../../components/Button";
import { CrudPage } from "../../components/CrudPage";
import type { Column } from "../../components/ListPage";
import { t, useT } from "../../i18n";
import { formatDate, formatMoney } from "../../lib/format";
import { useCrudList } from "../../lib/useCrudList";
import { paged } from "../../lib/usePagedList";
import { listStore } from "../../stores/lists";
import { CheckoutModal } from "./CheckoutModal";
import { invoiceStatus } from "./status";

export const invoicesStore = listStore<Invoice>();
const TONE = { paid: "brand", overdue: "danger", open: "warning" } as const;

/** The table's columns (edit and delete come last, from CrudPage). */
const COLUMNS: Column<Invoice>[] = [
  { label: "finance.id", from: "sm", className: "text-muted", cell: (i) => i.id },
  {
    label: "finance.detail",
    cell: (i) => (
      <>
        <p className="text-ink">{i.detail}</p>
        <p className="text-xs text-muted sm:hidden">{formatDate(i.dueDate)}</p>
      </>
    ),
  },
  { label: "finance.value", className: "whitespace-nowrap", cell: (i) => formatMoney(i.value) },
  { label: "finance.dueDate", from: "sm", className: "whitespace-nowrap text-muted", cell: (i) => formatDate(i.dueDate) },
  { label: "finance.status", cell: (i) => <Badge tone={TONE[invoiceStatus(i)]}>{t(`finance.${invoiceStatus(i)}`)}</Badge> },
];

/** /financeiro (R-BILL-8): the company's invoices; unpaid rows offer PAGAR (the Pix checkout). */
export default function FinancePage() {
  useSignals();
  const t = useT();
  const { page } = useCrudList({ area: "finance", handle: "invoice", store: invoicesStore }, paged(listInvoices, "invoices"));
  const [paying, setPaying] = useState<Invoice | null>(null);
  return (
    <CrudPage
      page={page}
      columns={COLUMNS}
      icon="calendar"
      canAdd={false}
      rowClass={(i) => (invoiceStatus(i) === "overdue" ? "bg-red-50/70 dark:bg-red-500/10" : "hover:bg-raised/60")}
      rowActions={(i) =>
        invoiceStatus(i) !== "paid" && (
          <Button size="sm" onClick={() => setPaying(i)}>
            {t("finance.pay")}
          </Button>
        )
      }
      actions={
        <Button variant="secondary" icon="wallet" onClick={() => navigate("/subscription")} className="w-full sm:w-auto">
          {t("finance.subscription")}
        </Button>
      }
      dialogs={<CheckoutModal open={!!paying} invoice={paying} onClose={() => setPaying(null)} />}
    />
  );
}
