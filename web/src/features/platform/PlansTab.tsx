import { useSignals } from "@preact/signals-react/runtime";
import { deletePlan, listAllPlans, type Plan } from "../../api/plans";
import { Badge } from "../../components/Badge";
import { CrudPage, RowActions } from "../../components/CrudPage";
import { ListTable, tdClass } from "../../components/ListPage";
import { useT } from "../../i18n";
import { formatMoney } from "../../lib/format";
import { useCrud } from "../../lib/useCrud";
import { useWholeList } from "../../lib/useWholeList";
import { PlanModal } from "./PlanModal";
import { plansStore } from "./stores";

/** Settings › Planos (super users): the plans with their limits and price. */
export function PlansTab() {
  useSignals();
  const t = useT();
  const list = useWholeList(plansStore, listAllPlans);
  const crud = useCrud<Plan>({ area: "plans", remove: deletePlan, store: plansStore });
  const plans = plansStore.items.value;
  return (
    <CrudPage
      area="plans"
      testId="plans-scroll"
      icon="layers"
      list={list}
      itemCount={plans.length}
      crud={crud}
      addTestId="plan-add"
      dialogs={<PlanModal {...crud.editor} />}
    >
      <ListTable
        columns={[
          { label: t("plans.name") },
          { label: t("plans.users"), className: "hidden sm:table-cell" },
          { label: t("plans.connections"), className: "hidden sm:table-cell" },
          { label: t("plans.queues"), className: "hidden sm:table-cell" },
          { label: t("plans.value") },
          { label: t("common.actions"), className: "text-right" },
        ]}
      >
        {plans.map((p) => (
          <tr key={p.id} data-testid="plan-row" className="hover:bg-raised/60">
            <td className={tdClass}>
              <span className="font-medium text-ink">{p.name}</span>
              {!p.isPublic && (
                <span className="ml-2">
                  <Badge tone="neutral">{t("plans.hidden")}</Badge>
                </span>
              )}
            </td>
            <td className={`${tdClass} hidden text-muted sm:table-cell`}>{p.users}</td>
            <td className={`${tdClass} hidden text-muted sm:table-cell`}>{p.connections}</td>
            <td className={`${tdClass} hidden text-muted sm:table-cell`}>{p.queues}</td>
            <td className={`${tdClass} whitespace-nowrap`}>{formatMoney(p.value)}</td>
            <RowActions onEdit={() => crud.edit(p.id)} onDelete={() => crud.askDelete(p)} />
          </tr>
        ))}
      </ListTable>
    </CrudPage>
  );
}
