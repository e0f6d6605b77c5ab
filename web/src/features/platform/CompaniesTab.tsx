import { useSignals } from "@preact/signals-react/runtime";
import { listCompanies, type CompanyAdmin } from "../../api/companies";
import { Badge } from "../../components/Badge";
import { CrudPage } from "../../components/CrudPage";
import type { Column } from "../../components/ListPage";
import { t } from "../../i18n";
import { daysUntil, formatDate } from "../../lib/format";
import { useCrudList } from "../../lib/useCrudList";
import { paged } from "../../lib/usePagedList";
import { COMPANIES, CompanyModal } from "./CompanyModal";

/** The table's columns (edit and delete come last, from CrudPage). */
const COLUMNS: Column<CompanyAdmin>[] = [
  {
    label: "companies.name",
    cell: (c) => (
      <>
        <p className="font-medium text-ink">{c.name}</p>
        <p className="truncate text-xs text-muted">{c.email}</p>
        {c.grantedBeyondPlan.length > 0 && (
          <p className="text-xs text-amber-700 dark:text-amber-400" data-testid="company-grants">
            {t("companies.grantedBeyond", { features: c.grantedBeyondPlan.map((f) => t(`plans.flags.${f}`)).join(", ") })}
          </p>
        )}
      </>
    ),
  },
  { label: "companies.plan", from: "md", className: "text-muted", cell: (c) => c.planName },
  {
    label: "companies.status",
    from: "sm",
    cell: (c) => <Badge tone={c.status ? "brand" : "danger"}>{t(c.status ? "companies.active" : "companies.blocked")}</Badge>,
  },
  { label: "companies.due", className: "whitespace-nowrap text-muted", cell: (c) => (c.dueDate ? formatDate(c.dueDate) : "—") },
];

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
  const { page } = useCrudList(COMPANIES, paged(listCompanies, "companies"));
  return (
    <CrudPage
      page={page}
      columns={COLUMNS}
      icon="building"
      addTestId="company-add"
      rowClass={(c) => `hover:bg-raised/60 ${dueTone(c.dueDate)}`}
      mayDelete={(c) => !c.isPlatform}
      editor={CompanyModal}
    />
  );
}
