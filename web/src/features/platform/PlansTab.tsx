import { useSignals } from "@preact/signals-react/runtime";
import { listAllPlans, type Plan } from "../../api/plans";
import { Badge } from "../../components/Badge";
import { CrudPage } from "../../components/CrudPage";
import type { Column } from "../../components/ListPage";
import { t } from "../../i18n";
import { formatMoney } from "../../lib/format";
import { useCrudList } from "../../lib/useCrudList";
import { whole } from "../../lib/usePagedList";
import { PLANS, PlanModal } from "./PlanModal";

/** The table's columns (edit and delete come last, from CrudPage). */
const COLUMNS: Column<Plan>[] = [
  {
    label: "plans.name",
    cell: (p) => (
      <>
        <span className="font-medium text-ink">{p.name}</span>
        {!p.isPublic && (
          <span className="ml-2">
            <Badge tone="neutral">{t("plans.hidden")}</Badge>
          </span>
        )}
      </>
    ),
  },
  { label: "plans.users", from: "sm", className: "text-muted", cell: (p) => p.users },
  { label: "plans.connections", from: "sm", className: "text-muted", cell: (p) => p.connections },
  { label: "plans.queues", from: "sm", className: "text-muted", cell: (p) => p.queues },
  { label: "plans.value", className: "whitespace-nowrap", cell: (p) => formatMoney(p.value) },
];

/** Settings › Planos (super users): the plans with their limits and price. */
export function PlansTab() {
  useSignals();
  const { page } = useCrudList(PLANS, whole(listAllPlans));
  return <CrudPage page={page} columns={COLUMNS} icon="layers" addTestId="plan-add" editor={PlanModal} />;
}
