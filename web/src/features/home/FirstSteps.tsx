import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useState } from "react";
import { Link } from "wouter";
import { listQueues } from "../../api/queues";
import { Icon, type IconName } from "../../components/Icon";
import { useT } from "../../i18n";
import { connections, connectionsLoaded, ensureConnections } from "../../stores/connections";

type Step = { icon: IconName; text: string; href: string; action: string; done?: boolean };

/**
 * The admin's first steps, in an order where each one works when done in turn (issue 29): a
 * connection (WhatsApp or the sandbox phone), then queues, which join the connection's chatbot menu
 * as they are created (server: connections/queue-links.ts), then the team. Shown until the company
 * has a connection and a queue; it also says which automatic messages start switched off.
 */
export function FirstSteps() {
  useSignals();
  const t = useT();
  const [queueCount, setQueueCount] = useState<number | null>(null);
  useEffect(ensureConnections, []);
  useEffect(() => {
    listQueues()
      .then((q) => setQueueCount(q.length))
      .catch(() => setQueueCount(0));
  }, []);
  const hasConnection = connections.value.length > 0;
  if (!connectionsLoaded.value || queueCount === null || (hasConnection && queueCount > 0)) return null;
  const steps: Step[] = [
    { icon: "globe", text: "home.firstSteps.connect", href: "/connections", action: "home.firstSteps.connectAction", done: hasConnection },
    { icon: "chat", text: "home.firstSteps.sandbox", href: "/connections", action: "home.firstSteps.connectAction", done: hasConnection },
    { icon: "layers", text: "home.firstSteps.queues", href: "/queues", action: "home.firstSteps.queuesAction", done: queueCount > 0 },
    { icon: "users", text: "home.firstSteps.users", href: "/users", action: "home.firstSteps.usersAction" },
  ];
  return (
    <section className="mt-8 rounded-card border border-brand-200 bg-brand-50/60 p-5 dark:border-brand-500/30 dark:bg-brand-500/10" data-testid="first-steps">
      <h2 className="text-lg font-semibold text-ink">{t("home.firstSteps.title")}</h2>
      <ol className="mt-4 space-y-3">
        {steps.map((s, i) => (
          <li key={s.text} data-testid="first-step" data-done={s.done ? "true" : "false"} className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-3">
            <span className="flex items-start gap-3 sm:flex-1">
              <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white dark:bg-brand-500 dark:text-brand-950">
                {s.done ? <Icon name="check" className="size-4" label={t("home.firstSteps.done")} /> : i + 1}
              </span>
              <span className={`pt-0.5 text-sm ${s.done ? "text-muted line-through decoration-brand-600/40" : "text-ink"}`}>
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
      <p className="mt-4 flex items-start gap-2 border-t border-brand-200 pt-3 text-sm text-muted dark:border-brand-500/30" data-testid="first-steps-off">
        <Icon name="info" className="mt-0.5 size-4 shrink-0 text-brand-700 dark:text-brand-300" />
        <span>
          {t("home.firstSteps.offByDefault")}{" "}
          <Link href="/settings" className="font-medium whitespace-nowrap text-brand-700 hover:underline dark:text-brand-300">
            {t("home.firstSteps.settingsAction")}
          </Link>
        </span>
      </p>
    </section>
  );
}
