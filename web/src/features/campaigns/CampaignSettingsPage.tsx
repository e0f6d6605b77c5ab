import { CAMPAIGN_INTERVALS, CAMPAIGN_LONG_INTERVALS } from "@contract/limits";
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useRef, useState } from "react";
import { type CampaignSettings, decodeSettings, getCampaignSettings, saveCampaignSettings } from "../../api/campaignSettings";
import { Button } from "../../components/Button";
import { Select, TextInput, Toggle } from "../../components/Field";
import { BlockSpinner } from "../../components/Spinner";
import { Card, Page } from "../../components/Page";
import { useT } from "../../i18n";
import { useSubmit } from "../../lib/useSubmit";
import { onSocketReady } from "../../realtime/socket";
import { toast } from "../../stores/toast";
import { OptOutSettings } from "./OptOutSettings";
import { rebase, sameSettings, savedCampaignSettings, withDefaults } from "./settings-store";
import { VariablesSettings } from "./VariablesSettings";

/**
 * /campaigns-config (R-CMP-14): the pacing dropdowns, ban-aware limits, the variables and the opt-out
 * words. A save elsewhere (another manager, another tab) reaches the page live: the fields this user
 * has not changed take the saved values, their own edits stay.
 */
export default function CampaignSettingsPage() {
  useSignals();
  const t = useT();
  const saved = savedCampaignSettings.value;
  const [settings, setSettings] = useState<CampaignSettings | null>(null);
  /** The saved settings the draft was last brought up to date with. */
  const base = useRef<CampaignSettings | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const action = useSubmit();

  useEffect(() => {
    const load = () =>
      getCampaignSettings().then(
        (s) => (savedCampaignSettings.value = withDefaults(s)),
        (err: Error) => setLoadError(err.message),
      );
    load();
    // frames published while the socket was down are not replayed: reload after each reconnect
    const off = onSocketReady(() => void load());
    return () => {
      off();
      savedCampaignSettings.value = null;
    };
  }, []);

  useEffect(() => {
    if (!saved) return;
    const before = base.current;
    base.current = saved;
    if (!settings || !before) return setSettings(saved);
    const next = rebase(settings, before, saved);
    if (sameSettings(next, settings)) return;
    setSettings(next);
    toast("info", t("campaignSettings.changedElsewhere"));
  }, [saved]);

  if (loadError) return <p className="m-8 rounded-lg bg-red-50 px-4 py-3 text-sm text-red-700 dark:bg-red-500/10 dark:text-red-300">{loadError}</p>;
  if (!settings) return <BlockSpinner />;

  const set = <K extends keyof CampaignSettings>(key: K, value: CampaignSettings[K]) => setSettings({ ...settings, [key]: value });
  const seconds = (options: readonly number[]) =>
    options.map((n) => ({ value: n, label: n === 0 ? t("campaignSettings.none") : t("campaignSettings.seconds", { count: n }) }));

  const save = () =>
    action.run(async () => (savedCampaignSettings.value = withDefaults(decodeSettings(await saveCampaignSettings(settings)))), {
      done: "campaignSettings.saved",
    });

  return (
    <Page title={t("campaignSettings.title")} width="4xl">
      <Card title={t("campaignSettings.intervals")} testId="campaign-settings">
        <div className="grid gap-4 sm:grid-cols-3">
          <Select
            label={t("campaignSettings.messageInterval")}
            value={settings.messageInterval}
            options={seconds(CAMPAIGN_INTERVALS)}
            onValue={(v) => set("messageInterval", v)}
          />
          <Select
            label={t("campaignSettings.longerIntervalAfter")}
            value={settings.longerIntervalAfter}
            options={seconds(CAMPAIGN_LONG_INTERVALS).map((o) => ({
              ...o,
              label: o.value === 0 ? o.label : t("campaignSettings.messages", { count: o.value }),
            }))}
            onValue={(v) => set("longerIntervalAfter", v)}
          />
          <Select
            label={t("campaignSettings.greaterInterval")}
            value={settings.greaterInterval}
            options={seconds(CAMPAIGN_LONG_INTERVALS)}
            onValue={(v) => set("greaterInterval", v)}
          />
        </div>
        <h2 className="mt-2 text-sm font-semibold text-ink">{t("campaignSettings.safety")}</h2>
        <div className="grid items-end gap-4 sm:grid-cols-2">
          <TextInput
            label={t("campaignSettings.dailyLimit")}
            hint={t("campaignSettings.dailyLimitHint")}
            type="number"
            min={0}
            value={String(settings.dailyLimit)}
            onValue={(v) => set("dailyLimit", Math.max(0, Math.floor(Number(v) || 0)))}
          />
          <div className="pb-6">
            <Toggle label={t("campaignSettings.onlyInOpeningHours")} value={settings.onlyInOpeningHours} onValue={(v) => set("onlyInOpeningHours", v)} />
          </div>
        </div>
      </Card>
      <VariablesSettings variables={settings.variables} onChange={(v) => set("variables", v)} />
      <OptOutSettings settings={settings} set={set} />
      <div className="flex justify-end">
        <Button icon="check" loading={action.busy} onClick={save} data-testid="campaign-settings-save">
          {t("common.save")}
        </Button>
      </div>
    </Page>
  );
}
