import { DEFAULT_SETTINGS } from "@contract/limits";
import { updateSetting } from "../../api/settings";
import { Select } from "../../components/Field";
import { useT } from "../../i18n";
import { toast, toastError } from "../../stores/toast";
import { PLATFORM_SETTINGS } from "@contract/schemas/settings";
import { useSignals } from "@preact/signals-react/runtime";
import { allowed, isGranted } from "../../stores/session";
import { FEATURE_OPTION_SETTINGS, INTEGRATION_SETTINGS, OPTION_SETTINGS, SAVED_TOAST_MS } from "./options";
import { TextSettings } from "./TextSettings";
import { patchSetting } from "./store";

/** The Opções tab: one select per setting (saved at once), the integration keys, and for super users the platform's Pix receiver. */
export function OptionsTab({ values }: { values: Record<string, string> }) {
  useSignals();
  const t = useT();
  // a feature's setting shows "shown" until set: only "false" hides
  const current = (key: string) => values[key] ?? DEFAULT_SETTINGS[key] ?? (key === "campaignsEnabled" ? "true" : "");

  const save = async (key: string, value: string) => {
    const before = current(key);
    if (value === before) return;
    patchSetting({ key, value });
    try {
      patchSetting(await updateSetting(key, value));
      toast("success", t("settings.saved"), SAVED_TOAST_MS);
    } catch (err) {
      patchSetting({ key, value: before });
      toastError(err);
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-x-6 gap-y-5 md:grid-cols-2">
        {[...OPTION_SETTINGS, ...FEATURE_OPTION_SETTINGS.filter((o) => isGranted(o.flag))].map(({ key, values: choices }) => (
          <div key={key} data-testid={`setting-${key}`} className="flex flex-col gap-1.5">
            <Select
              label={t(`settings.${key}.label`)}
              value={current(key)}
              options={choices.map((v) => ({ value: v, label: t(`settings.${key}.${v}`) }))}
              onValue={(v) => void save(key, v)}
            />
            <p className="text-xs text-muted">{t(`settings.${key}.hint`)}</p>
          </div>
        ))}
      </div>
      <TextSettings
        title={t("settings.integrationsTitle")}
        hint={t("settings.integrationsHint")}
        keys={INTEGRATION_SETTINGS}
        values={values}
        testId="integration-settings"
      />
      {allowed("platform:settings") && (
        <TextSettings title={t("settings.pixTitle")} hint={t("settings.pixHint")} keys={PLATFORM_SETTINGS} values={values} testId="pix-settings" />
      )}
    </div>
  );
}
