import { DASHBOARD_PERIODS } from "@contract/schemas/dashboard";
import { useEffect, useState } from "react";
import { type Dashboard as Figures, getDashboard } from "../../api/dashboard";
import { Button } from "../../components/Button";
import { Select, TextInput } from "../../components/Field";
import { BlockSpinner } from "../../components/Spinner";
import { useT } from "../../i18n";
import { dayKey } from "../../lib/format";
import { toast, toastError } from "../../stores/toast";
import { Attendants } from "./Attendants";
import { Counters } from "./Counters";
import { HourlyChart } from "./HourlyChart";

/**
 * The admin dashboard (R-DASH-1): the filter and its counters first (above the fold), then today's
 * hourly chart and the attendants.
 */
export function Dashboard() {
  const t = useT();
  // the company's calendar, as the server counts the days
  const today = dayKey(Date.now());
  const [mode, setMode] = useState<"dates" | "period">("dates");
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const [days, setDays] = useState(0);
  const [data, setData] = useState<Figures | null>(null);
  const [busy, setBusy] = useState(false);

  const load = async () => {
    const q = mode === "period" ? (days ? { days } : {}) : { ...(from ? { date_from: from } : {}), ...(to ? { date_to: to } : {}) };
    if (!Object.keys(q).length) return toast("error", t("dashboard.needFilter"));
    setBusy(true);
    try {
      setData(await getDashboard(q));
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };
  useEffect(() => {
    void load();
  }, []);

  return (
    <div className="mt-6 flex flex-col gap-4" data-testid="dashboard">
      <section className="flex flex-wrap items-end gap-3 rounded-card border border-line bg-surface p-4 shadow-card" data-testid="dashboard-filter">
        <div className="w-full sm:w-48">
          <Select
            label={t("dashboard.filterType")}
            value={mode}
            options={[
              { value: "dates", label: t("dashboard.byDates") },
              { value: "period", label: t("dashboard.byPeriod") },
            ]}
            onValue={setMode}
          />
        </div>
        {mode === "dates" ? (
          <>
            <div className="w-[calc(50%-0.375rem)] sm:w-44">
              <TextInput label={t("dashboard.from")} name="date_from" type="date" value={from} onValue={setFrom} />
            </div>
            <div className="w-[calc(50%-0.375rem)] sm:w-44">
              <TextInput label={t("dashboard.to")} name="date_to" type="date" value={to} onValue={setTo} />
            </div>
          </>
        ) : (
          <div className="w-full sm:w-48">
            <Select
              label={t("dashboard.period")}
              value={days}
              options={[
                { value: 0, label: t("dashboard.none") },
                ...DASHBOARD_PERIODS.map((d) => ({ value: d, label: t("dashboard.lastDays", { count: d }) })),
              ]}
              onValue={setDays}
            />
          </div>
        )}
        <Button icon="search" onClick={() => void load()} loading={busy} className="w-full sm:w-auto">
          {t("dashboard.filter")}
        </Button>
      </section>
      {data ? <Counters counters={data.counters} /> : <BlockSpinner />}
      <section className="rounded-card border border-line bg-surface p-5 shadow-card">
        <h2 className="text-sm font-medium text-muted">{t("dashboard.chartTitle")}</h2>
        {data && <HourlyChart hourly={data.hourly} />}
      </section>
      {data && <Attendants rows={data.attendants} />}
    </div>
  );
}
