import type { Dashboard } from "../../api/dashboard";
import { Icon, type IconName } from "../../components/Icon";
import { useT } from "../../i18n";

/** Minutes as "1h 05min" (R-DASH-4: minutes shown as hours and minutes). */
export function hoursAndMinutes(total: number): string {
  const m = Math.round(total);
  const h = Math.floor(m / 60);
  return h ? `${h}h ${String(m % 60).padStart(2, "0")}min` : `${m}min`;
}

const CARDS: { key: keyof Dashboard["counters"]; icon: IconName; time?: boolean }[] = [
  { key: "supportPending", icon: "clock" },
  { key: "supportHappening", icon: "chat" },
  { key: "supportFinished", icon: "checkCircle" },
  { key: "leads", icon: "contact" },
  { key: "avgSupportTime", icon: "clock", time: true },
  { key: "avgWaitTime", icon: "clock", time: true },
];

/** The six counters of the dashboard. */
export function Counters({ counters }: { counters: Dashboard["counters"] }) {
  const t = useT();
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-3" data-testid="counters">
      {CARDS.map((c) => (
        <section key={c.key} data-testid={`counter-${c.key}`} className="rounded-card border border-line bg-surface p-4 shadow-card">
          <div className="flex items-start gap-2 text-xs font-medium text-muted sm:text-sm">
            <Icon name={c.icon} className="mt-px size-4 shrink-0 text-brand-600" />
            {/* Two lines on a phone rather than a label cut to "Atendimentos pe…". */}
            <span className="line-clamp-2">{t(`dashboard.${c.key}`)}</span>
          </div>
          <p className="mt-2 text-2xl font-semibold text-ink">{c.time ? hoursAndMinutes(counters[c.key]) : counters[c.key]}</p>
        </section>
      ))}
    </div>
  );
}
