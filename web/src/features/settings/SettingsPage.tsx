import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useState } from "react";
import { listSettings } from "../../api/settings";
import { Spinner } from "../../components/Spinner";
import { type TabSpec, Tabs } from "../../components/Tabs";
import { useT } from "../../i18n";
import { load } from "../../lib/storage";
import { onSocketReady } from "../../realtime/socket";
import { toastError } from "../../stores/toast";
import { OptionsTab } from "./OptionsTab";
import { SchedulesTab } from "./SchedulesTab";
import { putSettings, settingValues } from "./store";

/** /settings (core.md §2.6): Opções, and Horários when the working-hours type is "company". */
export default function SettingsPage() {
  useSignals();
  const t = useT();
  const [tab, setTab] = useState(0);
  const values = settingValues.value;
  const companyId = Number(load("companyId"));

  useEffect(() => {
    const reload = () => listSettings().then(putSettings, toastError);
    reload();
    // Frames published while the socket was down are not replayed: reload after each reconnect.
    const off = onSocketReady(() => void reload());
    return () => {
      off();
      settingValues.value = null;
    };
  }, []);

  const tabs: TabSpec[] = values
    ? [
        { key: "options", label: t("settings.tabOptions"), content: <OptionsTab values={values} /> },
        ...(values.scheduleType === "company"
          ? [{ key: "schedules", label: t("settings.tabSchedules"), content: <SchedulesTab companyId={companyId} /> }]
          : []),
      ]
    : [];
  const selected = Math.min(tab, Math.max(tabs.length - 1, 0));

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-5 px-4 py-6 sm:px-8">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-ink">{t("settings.title")}</h1>
        <p className="mt-1 text-sm text-muted">{t("settings.subtitle")}</p>
      </div>
      <section className="rounded-card border border-line bg-surface p-5 shadow-card" data-testid="settings-card">
        {values ? <Tabs tabs={tabs} selected={selected} onChange={setTab} /> : <Spinner className="mx-auto my-10 size-6 text-brand-600" />}
      </section>
    </div>
  );
}
