import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useState } from "react";
import {
  getNotificationSettings,
  type NotificationPrefs,
  type NotificationSettings,
  resetMyPrefs,
  saveCompanyDefaults,
  saveMyPrefs,
} from "../../api/notifications";
import { Button } from "../../components/Button";
import { Modal } from "../../components/Modal";
import { PageSpinner } from "../../components/Spinner";
import { Tabs } from "../../components/Tabs";
import { useT } from "../../i18n";
import { allowed } from "../../stores/session";
import { toast, toastError } from "../../stores/toast";
import { DevicePanel } from "./DevicePanel";
import { PrefsForm } from "./PrefsForm";

/** The profile menu's "Notifications": this device and the others, the user's choices, and (admins) the company's defaults. */
export default function NotificationsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  useSignals();
  const t = useT();
  const [settings, setSettings] = useState<NotificationSettings | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (open) getNotificationSettings().then(setSettings, toastError);
  }, [open]);
  const run = async (call: () => Promise<NotificationSettings>) => {
    setSaving(true);
    try {
      setSettings(await call());
      toast("success", t("notifications.prefs.saved"));
    } catch (e) {
      toastError(e);
    } finally {
      setSaving(false);
    }
  };
  const admin = allowed("notifications:companyDefaults");
  const mine = settings && (
    <div className="flex flex-col gap-5">
      <DevicePanel />
      <p className="text-xs text-muted" data-testid="prefs-source">
        {settings.custom ? t("notifications.prefs.custom") : t("notifications.prefs.usingDefaults")}
      </p>
      <PrefsForm
        testId="my-prefs"
        value={settings.prefs}
        admin={admin}
        saving={saving}
        onSave={(p: NotificationPrefs) => void run(() => saveMyPrefs(p))}
        extra={
          settings.custom && (
            <Button variant="ghost" size="sm" onClick={() => void run(resetMyPrefs)}>
              {t("notifications.prefs.reset")}
            </Button>
          )
        }
      />
    </div>
  );
  const content = !settings ? (
    <PageSpinner />
  ) : admin ? (
    <Tabs
      tabs={[
        { key: "mine", label: t("notifications.tabMine"), content: mine },
        {
          key: "defaults",
          label: t("notifications.tabDefaults"),
          content: (
            <div className="flex flex-col gap-4">
              <p className="text-sm text-muted">{t("notifications.defaultsHint")}</p>
              <PrefsForm testId="company-prefs" value={settings.defaults} admin saving={saving} onSave={(p) => void run(() => saveCompanyDefaults(p))} />
            </div>
          ),
        },
      ]}
    />
  ) : (
    mine
  );
  return (
    <Modal open={open} onClose={onClose} title={t("notifications.settingsTitle")} size="lg">
      {/* scrolls inside the dialog: on a phone the whole form is taller than the screen */}
      <div className="-mx-5 -my-5 max-h-[calc(100dvh-5rem)] overflow-y-auto px-5 py-5 sm:max-h-[calc(100dvh-10rem)]">{content}</div>
    </Modal>
  );
}
