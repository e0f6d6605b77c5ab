import { useSignals } from "@preact/signals-react/runtime";
import { listAllPlans, plansApi } from "../../api/plans";
import { Badge } from "../../components/Badge";
import { CrudPage } from "../../components/CrudPage";
import { useT } from "../../i18n";
import { formatMoney } from "../../lib/format";
import { useCrudList } from "../../lib/useCrudList";
import { whole } from "../../lib/usePagedList";
import { PlanModal } from "./PlanModal";
import { plansStore } from "./stores";

/** Settings › Planos (super users): the plans with their limits and price. */
export function PlansTab() {
  useSignals();
  const t = useT();
  const { page, editor } = useCrudList({ area: "plans", store: plansStore, source: whole(listAllPlans), remove: plansApi.remove });
  return (
    <CrudPage
      page={page}
      testId="plans-scroll"
      icon="layers"
      addTestId="plan-add"
      rowTestId="plan-row"
      dialogs={<PlanModal {...editor} />}
      columns={[
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
      ]}
    />
  );
}
