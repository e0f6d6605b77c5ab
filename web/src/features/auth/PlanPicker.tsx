import { Radio, RadioGroup } from "@headlessui/react";
import type { Plan } from "../../api/types";
import { Icon } from "../../components/Icon";
import { useT } from "../../i18n";
import { formatMoney } from "../../lib/format";

/** Plan cards for the signup form: name, users, connections, queues and monthly price in BRL. */
export function PlanPicker({ plans, value, onChange, error }: { plans: Plan[]; value: number; onChange: (id: number) => void; error?: string }) {
  const t = useT();
  return (
    <div>
      <p className="mb-1.5 text-sm font-medium text-ink">{t("signup.plan")}</p>
      {plans.length === 0 && <p className="rounded-lg border border-dashed border-line p-4 text-sm text-muted">{t("signup.noPlans")}</p>}
      <RadioGroup value={value} onChange={onChange} aria-label={t("signup.plan")} className="grid gap-2 sm:grid-cols-2">
        {plans.map((p) => (
          <Radio
            key={p.id}
            value={p.id}
            data-testid={`plan-${p.id}`}
            className="group relative cursor-pointer rounded-xl border border-line bg-surface p-3.5 shadow-sm transition focus:outline-none data-[checked]:border-brand-500 data-[checked]:ring-4 data-[checked]:ring-brand-500/15 data-[focus]:ring-4 data-[focus]:ring-brand-500/15"
          >
            <div className="flex items-start justify-between gap-2">
              <span className="font-semibold text-ink">{p.name}</span>
              <span className="flex size-5 items-center justify-center rounded-full border border-line text-white group-data-[checked]:border-brand-600 group-data-[checked]:bg-brand-600">
                <Icon name="check" className="size-3.5" />
              </span>
            </div>
            <p className="mt-1 text-lg font-semibold text-brand-700 dark:text-brand-300">
              {formatMoney(p.value)}
              <span className="text-xs font-normal text-muted">{t("signup.perMonth")}</span>
            </p>
            <ul className="mt-2 space-y-0.5 text-xs text-muted">
              <li>{t("signup.planUsers", { count: p.users })}</li>
              <li>{t("signup.planConnections", { count: p.connections })}</li>
              <li>{t("signup.planQueues", { count: p.queues })}</li>
            </ul>
          </Radio>
        ))}
      </RadioGroup>
      {error && (
        <p className="mt-1.5 text-xs font-medium text-red-600 dark:text-red-400" role="alert">
          {t(error)}
        </p>
      )}
    </div>
  );
}
