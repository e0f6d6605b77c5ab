import { useSignals } from "@preact/signals-react/runtime";
import { useEffect } from "react";
import { Link } from "wouter";
import { Icon, type IconName } from "../../components/Icon";
import { useT } from "../../i18n";
import { connections, connectionsLoaded, ensureConnections } from "../../stores/connections";

const STEPS: { icon: IconName; text: string; href: string; action: string }[] = [
  { icon: "globe", text: "home.firstSteps.connect", href: "/connections", action: "home.firstSteps.connectAction" },
  { icon: "chat", text: "home.firstSteps.sandbox", href: "/connections", action: "home.firstSteps.connectAction" },
  { icon: "layers", text: "home.firstSteps.queues", href: "/queues", action: "home.firstSteps.queuesAction" },
  { icon: "users", text: "home.firstSteps.users", href: "/users", action: "home.firstSteps.usersAction" },
];

/** The admin's first steps while the company has no connection yet (a new sign-up lands here). */
export function FirstSteps() {
  useSignals();
  const t = useT();
  useEffect(ensureConnections, []);
  if (!connectionsLoaded.value || connections.value.length > 0) return null;
  return (
    <section className="mt-8 rounded-card border border-brand-200 bg-brand-50/60 p-5 dark:border-brand-500/30 dark:bg-brand-500/10" data-testid="first-steps">
      <h2 className="text-lg font-semibold text-ink">{t("home.firstSteps.title")}</h2>
      <ol className="mt-4 space-y-3">
        {STEPS.map((s, i) => (
          <li key={s.text} className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-3">
            <span className="flex items-start gap-3 sm:flex-1">
              <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white dark:bg-brand-500 dark:text-brand-950">
                {i + 1}
              </span>
              <span className="pt-0.5 text-sm text-ink">
                <Icon name={s.icon} className="mr-1.5 inline size-4 align-[-3px] text-brand-700 dark:text-brand-300" />
                {t(s.text)}
              </span>
            </span>
            <Link href={s.href} className="ml-10 text-sm font-medium whitespace-nowrap text-brand-700 hover:underline sm:ml-0 dark:text-brand-300">
              {t(s.action)}
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}
