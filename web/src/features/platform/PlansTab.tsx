import { useSignals } from "@preact/signals-react/runtime";
import { listAllPlans } from "../../api/plans";
import { Badge } from "../../components/Badge";
import { CrudPage } from "../../components/CrudPage";
import { useT } from "../../i18n";
import { formatMoney } from "../../lib/format";
import { useCrudList } from "../../lib/useCrudList";
import { whole } from "../../lib/usePagedList";
import { PLANS, PlanModal } from "./PlanModal";

/** Settings › Planos (super users): the plans with their limits and price. */
export function PlansTab() {
  useSignals();
  const t = useT();
  const { page } = useCrudList(PLANS, whole(listAllPlans));
  return (
    <CrudPage
      page={page}
      icon="layers"
      addTestId="plan-add"
      editor={PlanModal}
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
