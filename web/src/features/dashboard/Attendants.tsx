import { useSignals } from "@preact/signals-react/runtime";
import type { Dashboard } from "../../api/dashboard";
import { Dot } from "../../components/Badge";
import { ListTable } from "../../components/ListPage";
import { useT } from "../../i18n";
import { isOnline } from "../../stores/presence";
import { hoursAndMinutes } from "./Counters";

/** Rating 1-3 as stars (R-DASH-3: 1 unsatisfied, 2 satisfied, 3 very satisfied). */
function Stars({ value }: { value: number }) {
  const t = useT();
  const full = Math.round(value);
  return (
    <span role="img" aria-label={t("dashboard.ratingOf", { value })} className="tracking-tight whitespace-nowrap">
      {[1, 2, 3].map((i) => (
        <span key={i} className={i <= full ? "text-amber-500" : "text-line"}>
          ★
        </span>
      ))}
    </span>
  );
}

/** The attendants table: name, rating, average support time, online state. */
export function Attendants({ rows }: { rows: Dashboard["attendants"] }) {
  useSignals();
  const t = useT();
  return (
    <section className="overflow-auto rounded-card border border-line bg-surface shadow-card" data-testid="attendants">
      <ListTable
        rows={rows}
        rowTestId="attendant-row"
        rowClass={() => ""}
        columns={[
          {
            label: "dashboard.attendant",
            cell: (a) => (
              <>
                <p className="text-ink">{a.name}</p>
                <p className="text-xs text-muted sm:hidden">{hoursAndMinutes(a.avgSupportTime)}</p>
              </>
            ),
          },
          { label: "dashboard.rating", cell: (a) => <Stars value={a.rating} /> },
          { label: "dashboard.avgSupport", from: "sm", className: "text-muted", cell: (a) => hoursAndMinutes(a.avgSupportTime) },
          {
            label: "dashboard.status",
            cell: (a) => (
              <span className="inline-flex items-center gap-1.5 text-sm text-muted">
                <Dot on={isOnline(a.id, a.online)} />
                {t(isOnline(a.id, a.online) ? "dashboard.online" : "dashboard.offline")}
              </span>
            ),
          },
        ]}
      />
    </section>
  );
}
