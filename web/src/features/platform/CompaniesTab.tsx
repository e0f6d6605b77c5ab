import { useSignals } from "@preact/signals-react/runtime";
import { type CompanyAdmin, deleteCompany, listCompanies } from "../../api/companies";
import { Badge } from "../../components/Badge";
import { CrudPage, RowActions } from "../../components/CrudPage";
import { ListTable, tdClass } from "../../components/ListPage";
import { useT } from "../../i18n";
import { daysUntil, formatDate } from "../../lib/format";
import { useCrud } from "../../lib/useCrud";
import { usePagedList } from "../../lib/usePagedList";
import { CompanyModal } from "./CompanyModal";
import { companiesStore } from "./stores";

const fetchPage = (s: string, p: number) => listCompanies(s, p).then((r) => ({ items: r.companies, count: r.count, hasMore: r.hasMore }));

/** R-BILL-6: exactly 5 days to the due date is yellow, -3 to 4 orange, -4 and less red. */
export function dueTone(dueDate: string | null): string {
  if (!dueDate) return "";
  const d = daysUntil(dueDate);
  if (d === 5) return "bg-yellow-50 dark:bg-yellow-500/10";
  if (d >= -3 && d <= 4) return "bg-orange-50 dark:bg-orange-500/10";
  if (d <= -4) return "bg-red-50 dark:bg-red-500/10";
  return "";
}

/** Settings › Empresas (super users): every company with plan, status and due date. */
export function CompaniesTab() {
  useSignals();
  const t = useT();
  const list = usePagedList(companiesStore, fetchPage);
  const crud = useCrud<CompanyAdmin>({ area: "companies", remove: deleteCompany, store: companiesStore, list });
  const rows = companiesStore.items.value;
  return (
    <CrudPage
      area="companies"
      testId="companies-scroll"
      icon="building"
      list={list}
      itemCount={rows.length}
      crud={crud}
      addTestId="company-add"
      dialogs={<CompanyModal {...crud.editor} onCreated={() => list.setCount((c) => c + 1)} />}
    >
      <ListTable
        loading={list.loading}
        columns={[
          { label: t("companies.name") },
          { label: t("companies.plan"), className: "hidden md:table-cell" },
          { label: t("companies.status"), className: "hidden sm:table-cell" },
          { label: t("companies.due") },
          { label: t("common.actions"), className: "text-right" },
        ]}
      >
        {rows.map((c) => (
          <tr key={c.id} data-testid="company-row" className={`hover:bg-raised/60 ${dueTone(c.dueDate)}`}>
            <td className={tdClass}>
              <p className="font-medium text-ink">{c.name}</p>
              <p className="truncate text-xs text-muted">{c.email}</p>
              {c.grantedBeyondPlan.length > 0 && (
                <p className="text-xs text-amber-700 dark:text-amber-400" data-testid="company-grants">
                  {t("companies.grantedBeyond", { features: c.grantedBeyondPlan.map((f) => t(`plans.flags.${f}`)).join(", ") })}
                </p>
              )}
            </td>
            <td className={`${tdClass} hidden text-muted md:table-cell`}>{c.planName}</td>
            <td className={`${tdClass} hidden sm:table-cell`}>
              <Badge tone={c.status ? "brand" : "danger"}>{t(c.status ? "companies.active" : "companies.blocked")}</Badge>
            </td>
            <td className={`${tdClass} whitespace-nowrap text-muted`}>{c.dueDate ? formatDate(c.dueDate) : "—"}</td>
            <RowActions onEdit={() => crud.edit(c.id)} onDelete={c.isPlatform ? undefined : () => crud.askDelete(c)} />
          </tr>
        ))}
      </ListTable>
    </CrudPage>
  );
}
