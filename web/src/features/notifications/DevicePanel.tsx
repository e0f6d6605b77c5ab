import { useCallback, useEffect, useState } from "react";
import { listDevices, type PushDevice, removeDevice } from "../../api/notifications";
import { Badge } from "../../components/Badge";
import { Button, IconButton } from "../../components/Button";
import { useT } from "../../i18n";
import { formatDateTime } from "../../lib/format";
import { toast, toastError } from "../../stores/toast";
import { deviceId, disablePush, enablePush, pushEnabled, pushSupported } from "./push";

/** This device's push switch and the list of the user's devices (browser, last notification, remove). */
export function DevicePanel() {
  const t = useT();
  const [devices, setDevices] = useState<PushDevice[] | null>(null);
  const [on, setOn] = useState(false);
  const [busy, setBusy] = useState(false);
  const supported = pushSupported();
  const denied = supported && Notification.permission === "denied";
  const reload = useCallback(async () => {
    const list = (await listDevices(deviceId())).devices;
    // on: this browser holds a subscription AND the server has it for this user
    setOn((await pushEnabled().catch(() => false)) && list.some((d) => d.current));
    setDevices(list);
  }, []);
  useEffect(() => {
    reload().catch(toastError);
  }, [reload]);
  const current = devices?.find((d) => d.current);
  const toggle = async () => {
    setBusy(true);
    try {
      if (on) await disablePush(current?.id);
      else await enablePush();
      await reload();
    } catch (e) {
      toastError(e);
    } finally {
      setBusy(false);
    }
  };
  const remove = async (d: PushDevice) => {
    try {
      if (d.current) await disablePush(d.id);
      else await removeDevice(d.id);
      await reload();
      toast("success", t("notifications.devices.removed"));
    } catch (e) {
      toastError(e);
    }
  };
  return (
    <section className="flex flex-col gap-3" data-testid="notification-devices">
      <div className="flex flex-col gap-2 rounded-xl border border-line bg-raised/50 p-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0 text-sm">
          <p className="font-medium text-ink">{t("notifications.device.title")}</p>
          <p className="text-muted">
            {!supported
              ? t("notifications.device.unsupported")
              : denied
                ? t("notifications.device.denied")
                : on
                  ? t("notifications.device.on")
                  : t("notifications.device.off")}
          </p>
        </div>
        {supported && !denied && (
          <Button size="sm" variant={on ? "secondary" : "primary"} icon="bell" loading={busy} onClick={toggle} data-testid="push-toggle">
            {on ? t("notifications.device.disable") : t("notifications.device.enable")}
          </Button>
        )}
      </div>
      <h3 className="text-sm font-semibold text-ink">{t("notifications.devices.title")}</h3>
      {devices?.length === 0 && <p className="text-sm text-muted">{t("notifications.devices.empty")}</p>}
      <ul className="flex flex-col divide-y divide-line rounded-xl border border-line empty:hidden">
        {devices?.map((d) => (
          <li key={d.id} className="flex items-center gap-3 px-3 py-2.5" data-testid="device-row">
            <div className="min-w-0 flex-1">
              <p className="flex items-center gap-2 truncate text-sm font-medium text-ink">
                {d.browser}
                {d.current && <Badge tone="brand">{t("notifications.devices.current")}</Badge>}
              </p>
              <p className="text-xs text-muted">
                {d.lastUsedAt ? t("notifications.devices.lastUsed", { date: formatDateTime(d.lastUsedAt) }) : t("notifications.devices.never")}
              </p>
            </div>
            <IconButton icon="trash" tone="danger" label={t("notifications.devices.remove")} onClick={() => void remove(d)} />
          </li>
        ))}
      </ul>
    </section>
  );
}
