import { useSignals } from "@preact/signals-react/runtime";
import { useState } from "react";
import { navigate } from "wouter/use-browser-location";
import { type Invoice, listInvoices } from "../../api/invoices";
import { Badge } from "../../components/Badge";
import { Button } from "../../components/Button";
import { EmptyState } from "../../components/EmptyState";
import { ListPage, ListTable, tdClass } from "../../components/ListPage";
import { Spinner } from "../../components/Spinner";
import { useT } from "../../i18n";
import { formatDate, formatMoney } from "../../lib/format";
import { usePagedList } from "../../lib/usePagedList";
import { listStore } from "../../stores/lists";
import { CheckoutModal } from "./CheckoutModal";
import { invoiceStatus } from "./status";

export const invoicesStore = listStore<Invoice>();
const fetchPage = (s: string, p: number) => listInvoices(s, p).then((r) => ({ items: r.invoices, count: r.count, hasMore: r.hasMore }));
const TONE = { paid: "brand", overdue: "danger", open: "warning" } as const;

/** /financeiro (R-BILL-8): the company's invoices; unpaid rows offer PAGAR (the Pix checkout). */
export default function FinancePage() {
  useSignals();
  const t = useT();
  const list = usePagedList(invoicesStore, fetchPage);
  const [paying, setPaying] = useState<Invoice | null>(null);
  const rows = invoicesStore.items.value;
  return (
    <ListPage
      title={t("finance.title")}
      count={t("finance.total", { count: list.count })}
      search={list.search}
      onSearch={list.setSearch}
      searchPlaceholder={t("finance.search")}
      loading={list.loading}
      itemCount={rows.length}
      onLoadMore={list.loadMore}
      testId="invoices-scroll"
      actions={
        <Button variant="secondary" icon="wallet" onClick={() => navigate("/subscription")} className="w-full sm:w-auto">
          {t("finance.subscription")}
        </Button>
      }
    >
      {list.loading && rows.length === 0 ? (
        <Spinner className="mx-auto my-10 size-6 text-brand-600" />
      ) : rows.length === 0 ? (
        <EmptyState icon="calendar" title={t("finance.empty")} hint={t("finance.emptyHint")} />
      ) : (
        <ListTable
          loading={list.loading}
          columns={[
            { label: t("finance.id"), className: "hidden sm:table-cell" },
            { label: t("finance.detail") },
            { label: t("finance.value") },
            { label: t("finance.dueDate"), className: "hidden sm:table-cell" },
            { label: t("finance.status") },
            { label: t("finance.action"), className: "text-right" },
          ]}
        >
          {rows.map((i) => {
            const s = invoiceStatus(i);
            return (
              <tr key={i.id} data-testid="invoice-row" className={s === "overdue" ? "bg-red-50/70 dark:bg-red-500/10" : "hover:bg-raised/60"}>
                <td className={`${tdClass} hidden text-muted sm:table-cell`}>{i.id}</td>
                <td className={tdClass}>
                  <p className="text-ink">{i.detail}</p>
                  <p className="text-xs text-muted sm:hidden">{formatDate(i.dueDate)}</p>
                </td>
                <td className={`${tdClass} whitespace-nowrap`}>{formatMoney(i.value)}</td>
                <td className={`${tdClass} hidden whitespace-nowrap text-muted sm:table-cell`}>{formatDate(i.dueDate)}</td>
                <td className={tdClass}>
                  <Badge tone={TONE[s]}>{t(`finance.${s}`)}</Badge>
                </td>
                <td className={`${tdClass} text-right`}>
                  {s !== "paid" && (
                    <Button size="sm" onClick={() => setPaying(i)}>
                      {t("finance.pay")}
                    </Button>
                  )}
                </td>
              </tr>
            );
          })}
        </ListTable>
      )}
      <CheckoutModal open={!!paying} invoice={paying} onClose={() => setPaying(null)} />
    </ListPage>
  );
}
