import type { Permission } from "@contract/permissions";
import { useSignals } from "@preact/signals-react/runtime";
import { type ReactNode, useEffect, useState } from "react";
import { listSettings } from "../../api/settings";
import { Card, Page } from "../../components/Page";
import { BlockSpinner } from "../../components/Spinner";
import { type TabSpec, Tabs } from "../../components/Tabs";
import { useT } from "../../i18n";
import { load } from "../../lib/storage";
import { onSocketReady } from "../../realtime/socket";
import { toastError } from "../../stores/toast";
import { OptionsTab } from "./OptionsTab";
import { SchedulesTab } from "./SchedulesTab";
import { CompaniesTab } from "../platform/CompaniesTab";
import { PlansTab } from "../platform/PlansTab";
import { HelpsTab } from "../platform/HelpsTab";
import { allowed } from "../../stores/session";
import { putSettings, settingValues } from "./store";

/** /settings (R-SET-5): Opções, Horários when the working-hours type is "company", and for super users Empresas and Planos. */
export default function SettingsPage() {
  useSignals();
  const t = useT();
  // The chosen tab by key: when a tab goes away (Horários after scheduleType changes), Opções shows.
  const [tab, setTab] = useState("options");
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
        ...PLATFORM_TABS.filter((x) => allowed(x.permission)).map(({ key, label, Tab }) => ({
          key,
          label: t(label),
          content: (
            <AdminTab>
              <Tab />
            </AdminTab>
          ),
        })),
      ]
    : [];
  const selected = Math.max(
    0,
    tabs.findIndex((x) => x.key === tab),
  );

  return (
    <Page title={t("settings.title")} subtitle={t("settings.subtitle")}>
      <Card testId="settings-card" className="">
        {values ? <Tabs tabs={tabs} selected={selected} onChange={(i) => setTab(tabs[i]?.key ?? "options")} /> : <BlockSpinner />}
      </Card>
    </Page>
  );
}

/** The platform's list tabs, each shown to those who hold its permission (super users). */
const PLATFORM_TABS: { key: string; label: string; permission: Permission; Tab: () => ReactNode }[] = [
  { key: "companies", label: "settings.tabCompanies", permission: "platform:companies", Tab: CompaniesTab },
  { key: "plans", label: "settings.tabPlans", permission: "platform:plans", Tab: PlansTab },
  { key: "helps", label: "settings.tabHelps", permission: "helps:manage", Tab: HelpsTab },
];

/** A super user's list tab: the list page brings its own padding, so the card's is cancelled. */
function AdminTab({ children }: { children: ReactNode }) {
  return <div className="-mx-5 -mt-4 -mb-5">{children}</div>;
}
