import { NOTIFICATION_KINDS, NOTIFICATION_MODES, type NotificationKind, type NotificationMode } from "@contract/schemas/notifications";
import { useEffect, useState } from "react";
import type { NotificationPrefs } from "../../api/notifications";
import { Button } from "../../components/Button";
import { Toggle } from "../../components/Field";
import { useT } from "../../i18n";
import { playSound } from "./sounds";

const select =
  "h-9 w-full rounded-lg border border-line bg-surface px-2 text-sm text-ink shadow-sm focus:border-brand-500 focus:outline-none focus:ring-4 focus:ring-brand-500/15 sm:w-52";

/**
 * The preference document as a form: per kind of event how it reaches the user, the message preview,
 * and quiet hours. Used for a user's own choice and for the company's defaults.
 */
export function PrefsForm({
  value,
  admin,
  saving,
  onSave,
  extra,
  testId,
}: {
  value: NotificationPrefs;
  admin: boolean;
  saving: boolean;
  onSave: (p: NotificationPrefs) => void;
  extra?: React.ReactNode;
  testId: string;
}) {
  const t = useT();
  const [p, setP] = useState(value);
  useEffect(() => setP(value), [value]);
  const kinds = NOTIFICATION_KINDS.filter((k) => k !== "connection" || admin);
  const setKind = (k: NotificationKind, m: NotificationMode) => setP({ ...p, kinds: { ...p.kinds, [k]: m } });
  const quiet = p.quiet ?? { start: "22:00", end: "07:00" };
  return (
    <form
      className="flex flex-col gap-4"
      data-testid={testId}
      onSubmit={(e) => {
        e.preventDefault();
        onSave(p);
      }}
    >
      <div className="flex flex-col divide-y divide-line rounded-xl border border-line">
        {kinds.map((k) => (
          <div key={k} className="flex flex-col gap-2 px-3 py-2.5 sm:flex-row sm:items-center sm:justify-between">
            <span className="flex items-center gap-2 text-sm text-ink">
              <button
                type="button"
                className="text-subtle hover:text-brand-600"
                aria-label={t("notifications.prefs.listen")}
                title={t("notifications.prefs.listen")}
                onClick={() => playSound(k)}
              >
                ♪
              </button>
              {t(`notifications.kinds.${k}`)}
            </span>
            <select
              className={select}
              value={p.kinds[k]}
              aria-label={t(`notifications.kinds.${k}`)}
              onChange={(e) => setKind(k, e.target.value as NotificationMode)}
            >
              {NOTIFICATION_MODES.map((m) => (
                <option key={m} value={m}>
                  {t(`notifications.modes.${m}`)}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      <div className="flex flex-col gap-1">
        <Toggle label={t("notifications.prefs.preview")} value={p.preview} onValue={(preview) => setP({ ...p, preview })} />
        <p className="text-xs text-muted">{t("notifications.prefs.previewHint")}</p>
      </div>
      <div className="flex flex-col gap-2">
        <Toggle label={t("notifications.prefs.quiet")} value={!!p.quiet} onValue={(on) => setP({ ...p, quiet: on ? quiet : null })} />
        {p.quiet && (
          <div className="flex items-center gap-2 text-sm text-muted">
            <label className="flex items-center gap-2">
              {t("notifications.prefs.quietFrom")}
              <input
                type="time"
                className={`${select} sm:w-28`}
                value={quiet.start}
                onChange={(e) => setP({ ...p, quiet: { ...quiet, start: e.target.value } })}
              />
            </label>
            <label className="flex items-center gap-2">
              {t("notifications.prefs.quietTo")}
              <input type="time" className={`${select} sm:w-28`} value={quiet.end} onChange={(e) => setP({ ...p, quiet: { ...quiet, end: e.target.value } })} />
            </label>
          </div>
        )}
        <p className="text-xs text-muted">{t("notifications.prefs.quietHint")}</p>
      </div>
      <div className="flex flex-wrap items-center justify-end gap-2">
        {extra}
        <Button type="submit" loading={saving}>
          {t("common.save")}
        </Button>
      </div>
    </form>
  );
}
