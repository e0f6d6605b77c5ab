import { useEffect, useState } from "react";
import { type Invoice, listInvoices, markInvoicePaid } from "../../api/invoices";
import { Badge } from "../../components/Badge";
import { Button } from "../../components/Button";
import { useT } from "../../i18n";
import { formatDate, formatMoney } from "../../lib/format";
import { toast, toastError } from "../../stores/toast";
import { invoiceStatus } from "../finance/status";

/** The company's latest invoices in its edit form; a super user confirms a payment by hand. */
export function CompanyInvoices({ companyId, onPaid }: { companyId: number; onPaid: () => void }) {
  const t = useT();
  const [rows, setRows] = useState<Invoice[] | null>(null);
  const [busy, setBusy] = useState(0);
  const load = () => listInvoices("", 1, { companyId }).then((r) => setRows(r.invoices), toastError);
  useEffect(() => {
    load();
  }, [companyId]);
  const pay = async (id: number) => {
    setBusy(id);
    try {
      await markInvoicePaid(id);
      toast("success", t("companies.invoicePaid"));
      await load();
      onPaid();
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(0);
    }
  };
  return (
    <div className="flex flex-col gap-2 sm:col-span-2" data-testid="company-invoices">
      <p className="text-sm font-semibold text-ink">{t("companies.invoices")}</p>
      {rows && rows.length === 0 && <p className="text-sm text-muted">{t("companies.noInvoices")}</p>}
      {rows?.slice(0, 5).map((i) => {
        const s = invoiceStatus(i);
        return (
          <div key={i.id} className="flex flex-wrap items-center gap-3 rounded-lg border border-line px-3 py-2 text-sm">
            <span className="text-ink">{formatDate(i.dueDate)}</span>
            <span className="text-muted">{formatMoney(i.value)}</span>
            <Badge tone={s === "paid" ? "brand" : s === "overdue" ? "danger" : "warning"}>{t(`finance.${s}`)}</Badge>
            {s !== "paid" && (
              <Button size="sm" variant="secondary" className="ml-auto" loading={busy === i.id} onClick={() => void pay(i.id)}>
                {t("companies.markPaid")}
              </Button>
            )}
          </div>
        );
      })}
    </div>
  );
}
