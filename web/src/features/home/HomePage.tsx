import { useSignals } from "@preact/signals-react/runtime";
import type { ReactNode } from "react";
import { Redirect } from "wouter";
import { Badge } from "../../components/Badge";
import { Icon, type IconName } from "../../components/Icon";
import { landingPath } from "../../guards";
import { useT } from "../../i18n";
import { daysUntil, formatDate } from "../../lib/format";
import { planLimits } from "../../lib/plan";
import { allowed, company, plan, user } from "../../stores/session";
import { Dashboard } from "../dashboard/Dashboard";
import { FirstSteps } from "./FirstSteps";

function Card({ icon, label, children, testId }: { icon: IconName; label: string; children: ReactNode; testId?: string }) {
  return (
    <section data-testid={testId} className="rounded-card border border-line bg-surface p-5 shadow-card">
      <div className="flex items-center gap-2.5 text-sm font-medium text-muted">
        <span className="flex size-8 items-center justify-center rounded-lg bg-brand-50 text-brand-600 dark:bg-brand-500/10 dark:text-brand-300">
          <Icon name={icon} className="size-4" />
        </span>
        {label}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function DueBadge({ date }: { date: string }) {
  const t = useT();
  const days = daysUntil(date);
  if (days < 0) return <Badge tone="danger">{t("home.expired")}</Badge>;
  if (days === 0) return <Badge tone="warning">{t("home.dueToday")}</Badge>;
  return <Badge tone={days < 5 ? "warning" : "brand"}>{t("home.daysLeft", { count: days })}</Badge>;
}

/** "/": the admin's dashboard, then the company, due date and plan; agents go to their first page. */
export default function HomePage() {
  useSignals();
  const t = useT();
  const u = user.value;
  const c = company.value;
  const p = plan.value;
  const landing = landingPath();
  if (!allowed("dashboard:view") && landing) return <Redirect to={landing} replace />;
  if (!u || !c) return null;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-8">
      <h1 className="text-2xl font-semibold tracking-tight text-ink">{t("home.welcome", { name: u.name })}</h1>
      <p className="mt-1 text-muted">{t("home.subtitle", { company: c.name })}</p>
      {allowed("dashboard:view") && <FirstSteps />}
      {allowed("dashboard:view") ? (
        <>
          <Dashboard />
          <div className="mt-4 grid gap-4 md:grid-cols-3">
            <Card icon="building" label={t("home.company")} testId="company-card">
              <p className="text-lg font-semibold text-ink">{c.name}</p>
              <p className="mt-1 truncate text-sm text-muted">{c.email}</p>
            </Card>
            <Card icon="calendar" label={t("home.dueDate")} testId="due-card">
              <p className="text-lg font-semibold text-ink">{c.dueDate ? formatDate(c.dueDate) : "—"}</p>
              {c.dueDate && (
                <div className="mt-1.5">
                  <DueBadge date={c.dueDate} />
                </div>
              )}
            </Card>
            {p && (
              <Card icon="layers" label={t("home.plan")}>
                <p className="text-lg font-semibold text-ink">{p.name}</p>
                <p className="mt-1 text-sm text-muted">{planLimits(p)}</p>
              </Card>
            )}
          </div>
        </>
      ) : (
        <p className="mt-8 rounded-card border border-dashed border-line p-6 text-sm text-muted">{t("home.agentHint")}</p>
      )}
    </div>
  );
}
