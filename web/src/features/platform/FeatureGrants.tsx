import { PLAN_FLAGS, type PlanFlag } from "@contract/limits";
import type { Plan } from "../../api/plans";
import { Toggle } from "../../components/Field";
import { useT } from "../../i18n";

/**
 * The features of a company as the super user sets them (issue 22): those its plan includes are
 * shown as such; the others can be granted to this company beyond the plan.
 */
export function FeatureGrants({ plan, grants, onChange }: { plan: Plan | undefined; grants: PlanFlag[]; onChange: (grants: PlanFlag[]) => void }) {
  const t = useT();
  return (
    <fieldset className="grid gap-3 sm:col-span-2" data-testid="feature-grants">
      <legend className="text-sm font-semibold text-ink">{t("companies.features")}</legend>
      <p className="text-xs text-muted">{t("companies.featuresHint")}</p>
      <div className="grid gap-3 sm:grid-cols-2 sm:gap-x-6">
        {PLAN_FLAGS.map((f) =>
          plan?.[f] ? (
            <p key={f} className="flex items-center justify-between gap-3 text-sm font-medium text-ink">
              {t(`plans.flags.${f}`)}
              <span className="text-xs font-normal text-muted">{t("companies.inPlan")}</span>
            </p>
          ) : (
            <div key={f} data-testid={`grant-${f}`}>
              <Toggle
                label={t(`plans.flags.${f}`)}
                value={grants.includes(f)}
                onValue={(on) => onChange(on ? [...grants, f] : grants.filter((g) => g !== f))}
              />
              {grants.includes(f) && <p className="text-xs text-amber-700 dark:text-amber-400">{t("companies.beyondPlan")}</p>}
            </div>
          ),
        )}
      </div>
    </fieldset>
  );
}
